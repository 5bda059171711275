// @vitest-environment happy-dom
/**
 * Issue 21 on the account forms, against a real HTTP server answering GET /postalcodes/{zip} like the API: the account
 * page's Sted fills itself from a known postcode and is saved with it; an unknown postcode says so at once, on the
 * account page and on registration (which has no city field).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { fork, type Scope } from 'effector';
import { Provider } from 'effector-react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { $user, $userLoaded } from '@shop/contracts/bus';
import { setApiBaseUrl, setCsrfTokenSource } from '@shop/contracts/api';
import { postcodeTexts } from '@shop/contracts/texts/forms';
import { expectingFailedAnswers, rawPostalCode } from '@shop/contracts/testing';
import type { Customer, CustomerUpdatePayload } from '@shop/contracts/types';
import AccountPage from './AccountPage.js';
import RegisterPage from '../register/RegisterPage.js';
import { updateFx } from '../session/model.js';
import { loadMemberCodeFx } from './model.js';

// Each wait here is for an answer over real HTTP and the render after it. Testing Library gives up after 1 s, which a
// loaded two-core machine passed (the field filled at ~1.2 s): the limit only catches a hang, so it allows for the load.
configure({ asyncUtilTimeout: 10_000 });

let server: Server;
const asked: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.method === 'GET') asked.push(req.url ?? '');
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') return res.writeHead(204, { 'access-control-allow-headers': '*' }).end();
    res.setHeader('content-type', 'application/json');
    const zip = /\/postalcodes\/(\d{4})$/.exec(req.url ?? '')?.[1];
    if (zip === '5003') return res.end(JSON.stringify(rawPostalCode({ PostNo: '5003', PostPlace: 'BERGEN' })));
    res.writeHead(404).end(JSON.stringify({ message: 'Fant ikke postnummeret.' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`);
  // The session's token, as the shop's page carries it (without one the client says so on the console).
  setCsrfTokenSource(() => 'csrf-test');
});
afterAll(() => {
  setCsrfTokenSource();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const kari = {
  id: 7, first_name: 'Kari', last_name: 'Nordmann', email: 'kari@example.no', phone: '91234567', email_verified: true, club: true,
  cookie_default: true, cookie_ga: false, cookie_google_tag_manager: false, cookie_meta_pixel: false, marketing: false, newsletter: false,
  event_invite: false, birthday_gift: false, birth_date: null, address: 'Storgata 1', postal_code: '0150', city: 'Oslo',
} as unknown as Customer;

function mount(scope: Scope, node: ReactNode) {
  return render(
    <Provider value={scope}>
      <MemoryRouter>{node}</MemoryRouter>
    </Provider>,
  );
}
const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

describe('AccountPage postcode', () => {
  it('Sted fills itself from a known postcode and is saved with it; an unknown postcode says so at once', () =>
    expectingFailedAnswers(/^GET \S+\/postalcodes\/9999 404 /, async () => {
      const updates: CustomerUpdatePayload[] = [];
      const scope = fork({
        values: [[$user, kari], [$userLoaded, true]],
        handlers: [
          [updateFx, ({ payload }: { payload: CustomerUpdatePayload }) => (updates.push(payload), Promise.resolve({ ...kari, ...payload }))],
          [loadMemberCodeFx, () => Promise.resolve({ code: 'M-0000000001', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' })],
        ],
      });
      mount(scope, <AccountPage />);
      await screen.findByAltText('Medlemskode M-0000000001');
      fireEvent.change(input('Postnummer'), { target: { value: '9999' } });
      expect(await screen.findByText(postcodeTexts.unknown)).toBeTruthy();
      expect(input('Postnummer').getAttribute('aria-invalid')).toBe('true');
      expect(input('Sted').value).toBe('Oslo');
      fireEvent.change(input('Postnummer'), { target: { value: '5003' } });
      await waitFor(() => expect(input('Sted').value).toBe('BERGEN'));
      expect(screen.queryByText(postcodeTexts.unknown)).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));
      await screen.findByText('Endringene er lagret.');
      expect(updates[0]).toMatchObject({ postal_code: '5003', city: 'BERGEN' });
    }));
});

describe('RegisterPage postcode', () => {
  it('an unknown postcode says so at once', () =>
    expectingFailedAnswers(/^GET \S+\/postalcodes\/9999 404 /, async () => {
      mount(fork({ values: [[$userLoaded, true]] }), <RegisterPage />);
      fireEvent.change(input('Postnummer'), { target: { value: '9999' } });
      expect(await screen.findByText(postcodeTexts.unknown)).toBeTruthy();
      fireEvent.change(input('Postnummer'), { target: { value: '5003' } });
      await waitFor(() => expect(asked.at(-1)).toBe('/api/v1/postalcodes/5003'));
      expect(screen.queryByText(postcodeTexts.unknown)).toBeNull();
    }));
});
