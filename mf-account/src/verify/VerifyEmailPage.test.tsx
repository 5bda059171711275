// @vitest-environment happy-dom
/**
 * The page the link in a verification e-mail opens (/konto/bekreft-epost?token=…): what it says for each answer of
 * POST /customers/email/verify. Which links the API takes (only the newest, once, before it expires) is
 * api/test/accounts/customers.test.ts and account-changes.test.ts; this is what the shopper reads (e2e account-journey
 * opened a superseded link in the browser for the refusal).
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createWatch, fork } from 'effector';
import { Provider } from 'effector-react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { $user, $userLoaded, userFetchRequested } from '@shop/contracts/bus';
import { ApiError } from '@shop/contracts/api';
import { genericErrorText } from '@shop/contracts/texts';
import { authErrorTexts } from '@shop/contracts/texts/forms';
import type { Customer, MessageResponse } from '@shop/contracts/types';
import { verifyEmailFx } from '../password/model.js';
import { fetchUserFx, resendFx } from '../session/model.js';
import VerifyEmailPage from './VerifyEmailPage.js';

// The API's words (api/src/accounts/validation.ts accountFieldTexts.token, api/src/routes/customers/auth.ts accountMessages).
const badLink = 'Lenken er ugyldig eller utløpt - be om en ny.';
const refused = (status: number, data: unknown) => new ApiError({ kind: 'status', status, data, message: `status ${status}` });
const unverified = { id: 7, first_name: 'Kari', email: 'kari@example.no', email_verified: null } as unknown as Customer;

function open(path: string, answer: () => Promise<MessageResponse>, user: Customer | null = null) {
  const tokens: string[] = [];
  const resends: number[] = [];
  const scope = fork({
    values: [[$user, user], [$userLoaded, true]],
    handlers: [
      [verifyEmailFx, (token: string) => (tokens.push(token), answer())],
      [resendFx, () => (resends.push(1), Promise.resolve())],
      // The refresh after a confirmation asks GET /customers/current: answered here, no request leaves the test.
      [fetchUserFx, () => Promise.resolve(user && { ...user, email_verified: '2026-11-24T12:00:00Z' })],
    ],
  });
  let refreshed = 0;
  createWatch({ unit: userFetchRequested, scope, fn: () => (refreshed += 1) });
  render(
    <Provider value={scope}>
      <MemoryRouter initialEntries={[path]}>
        <VerifyEmailPage />
      </MemoryRouter>
    </Provider>,
  );
  return { tokens, resends, refreshed: () => refreshed };
}

describe('VerifyEmailPage: what each answer to the link says', () => {
  it.each([
    { case: 'the registration link: the API\'s confirmation', answer: () => Promise.resolve({ message: 'E-postadressen er bekreftet.' }), shown: 'E-postadressen er bekreftet.' },
    { case: 'a new address confirmed by its link', answer: () => Promise.resolve({ message: 'E-postadressen er endret og bekreftet.' }), shown: 'E-postadressen er endret og bekreftet.' },
    { case: 'an answer without a message: the page\'s own words', answer: () => Promise.resolve({} as MessageResponse), shown: 'E-postadressen er bekreftet.' },
  ])('accepted — $case', async ({ answer, shown }) => {
    const page = open('/konto/bekreft-epost?token=abc123', answer, unverified);
    expect((await screen.findByText(shown)).getAttribute('role')).toBe('status');
    expect(page.tokens).toEqual(['abc123']);
    // The header learns that the address is confirmed.
    expect(page.refreshed()).toBe(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    {
      case: 'a superseded, used or expired link (422 on the token)',
      error: refused(422, { message: badLink, errors: [{ field: 'token', message: badLink }] }),
      shown: badLink,
    },
    { case: 'the new address taken meanwhile (423, no field)', error: refused(423, { message: authErrorTexts[423] }), shown: authErrorTexts[423] },
    { case: 'no answer at all', error: new ApiError({ kind: 'network', message: 'Failed to fetch' }), shown: genericErrorText },
  ])('refused — $case', async ({ error, shown }) => {
    const page = open('/konto/bekreft-epost?token=old', () => Promise.reject(error));
    expect((await screen.findByRole('alert')).textContent).toBe(shown);
    expect(screen.getByRole('heading', { level: 1, name: 'Bekreft e-postadressen din' })).toBeTruthy();
    expect(page.tokens).toEqual(['old']);
    expect(page.refreshed()).toBe(0);
    expect(screen.queryByText('E-postadressen er bekreftet.')).toBeNull();
  });

  it('without a token: the notice after registering and the resend button; nothing is verified', async () => {
    const page = open('/konto/bekreft-epost', () => Promise.reject(new Error('not called')), unverified);
    expect(screen.getByText('Vi har sendt en e-post til kari@example.no.', { exact: false })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send e-posten på nytt' })));
    expect(page.resends).toEqual([1]);
    expect(page.tokens).toEqual([]);
  });
});
