import { describe, expect, it } from 'vitest';
import { accountHead, type AccountPageName } from './head.js';

const context = { origin: 'https://www.staut.no', brandName: 'Staut' };

describe('accountHead', () => {
  it.each([
    ['account', 'Min side – Staut'],
    ['login', 'Logg inn – Staut'],
    ['register', 'Bli medlem – Staut'],
    ['forgotPassword', 'Glemt passord – Staut'],
    ['resetPassword', 'Nytt passord – Staut'],
    ['verifyEmail', 'Bekreft e-post – Staut'],
    ['history', 'Kjøpshistorikk – Staut'],
    ['favourites', 'Favoritter – Staut'],
    ['staff', 'Butikk – Staut'],
    ['staffReservation', 'Butikk – Staut'],
  ] as const satisfies ReadonlyArray<readonly [AccountPageName, string]>)('%s: %s, not indexed', (page, title) => {
    const head = accountHead(context, page);
    expect(head.title).toBe(title);
    expect(head.robots).toBe('noindex, nofollow');
    expect(head.canonical).toBeUndefined();
  });
});
