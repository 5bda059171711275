import { afterEach, describe, expect, it } from 'vitest';
import { setServerTransport } from '@shop/contracts/api';
import { fakeTransport } from '@shop/contracts/testing';
import { loader as loginLoader } from '../login/LoginPage.js';
import { loader as staffLoader } from '../staff/StaffPage.js';

afterEach(() => setServerTransport());

describe('account page loaders', () => {
  it('give a noindex head titled as the shell titles the page, and no data (one shopper\'s own)', async () => {
    const fake = fakeTransport({ 'GET /tenant/get': { BrandName: 'Staut' } });
    setServerTransport(() => fake.transport);
    const login = await loginLoader({ url: 'https://www.staut.no/login', props: {}, params: {} });
    expect(login).toEqual({ head: expect.objectContaining({ robots: 'noindex, nofollow', title: expect.stringContaining('Staut') }) });
    const staff = await staffLoader({ url: 'https://www.staut.no/butikk/reservasjon/5', props: {}, params: { reservationId: '5' } });
    expect(staff.head?.robots).toBe('noindex, nofollow');
    expect(fake.calls.map((c) => c.url)).toEqual(['/tenant/get', '/tenant/get']);
  });
});
