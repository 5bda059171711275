// @vitest-environment happy-dom
/** The screens render the model's state and fire its units (isolated scopes; API effects answer like the API). */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { allSettled, fork, type Scope } from 'effector';
import { Provider } from 'effector-react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { $favourites, $user, $userLoaded, favouriteToggled } from '@shop/contracts/bus';
import { ApiError } from '@shop/contracts/api';
import type { Customer, CustomerUpdatePayload, LoginPayload, RegisterPayload } from '@shop/contracts/types';
import { authErrorTexts, currentPasswordTexts } from '@shop/contracts/texts/forms';
import LoginPage from './login/LoginPage.js';
import RegisterPage from './register/RegisterPage.js';
import AccountPage from './account/AccountPage.js';
import FavouriteToggle from './favourites/FavouriteToggle.js';
import { deleteFx, loginFx, registerFx, reloadPageFx, updateFx, type LoginRequest } from './session/model.js';
import { $joinClubError, joinClubFx, loadMemberCodeFx } from './account/model.js';

const kari = {
  id: 7, first_name: 'Kari', last_name: 'Nordmann', email: 'kari@example.no', phone: '91234567', email_verified: true, club: true,
  cookie_default: true, cookie_ga: false, cookie_google_tag_manager: false, cookie_meta_pixel: false, marketing: false, newsletter: false,
  event_invite: false, birthday_gift: false, birth_date: null, address: null, postal_code: null, city: null,
} as unknown as Customer;

function mount(scope: Scope, node: ReactNode, path = '/') {
  return render(
    <Provider value={scope}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={node} />
          <Route path="/konto/bekreft-epost" element={<p>bekreft-side</p>} />
          <Route path="/" element={<p>forside</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('LoginPage', () => {
  it('sends the username with its type and shows the catalogue text of the status', async () => {
    const calls: LoginRequest[] = [];
    const scope = fork({
      values: [[$userLoaded, true]],
      handlers: [
        [loginFx, (req: LoginRequest) => (calls.push(req), Promise.reject(new ApiError({ kind: 'status', status: 429, message: 'x' })))],
        [reloadPageFx, () => undefined],
      ],
    });
    mount(scope, <LoginPage />, '/konto/logg-inn');
    fireEvent.change(screen.getByLabelText('E-post eller telefonnummer'), { target: { value: ' +47 91234567 ' } });
    fireEvent.change(screen.getByLabelText('Passord'), { target: { value: 'hemmelig' } });
    fireEvent.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', authErrorTexts[429]);
    expect(calls).toEqual([{ payload: { username: '+47 91234567', password: 'hemmelig' } satisfies LoginPayload, type: 'phone', fromCart: false }]);
  });
});

describe('RegisterPage', () => {
  it('shows field messages before sending, then sends terms as 1 and goes to the verification notice', async () => {
    const sent: RegisterPayload[] = [];
    const scope = fork({ values: [[$userLoaded, true]], handlers: [[registerFx, (p: RegisterPayload) => (sent.push(p), Promise.resolve(kari))]] });
    mount(scope, <RegisterPage />, '/konto/registrer');
    fireEvent.click(screen.getByRole('button', { name: 'Opprett konto' }));
    expect(screen.getByText('Fornavn må ha en verdi')).toBeTruthy();
    expect(screen.getByText('Du må godta vilkårene')).toBeTruthy();
    expect(sent).toEqual([]);
    const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type('Fornavn', 'Kari');
    type('Etternavn', 'Nordmann');
    type('E-post', 'kari@example.no');
    type('Telefonnummer', '91234567');
    type('Passord', 'hemmelig-1');
    type('Gjenta passord', 'hemmelig-1');
    fireEvent.click(screen.getByLabelText(/Jeg godtar vilkårene/));
    fireEvent.click(screen.getByRole('button', { name: 'Opprett konto' }));
    expect(await screen.findByText('bekreft-side')).toBeTruthy();
    expect(sent[0]).toMatchObject({ terms_conditions: 1, first_name: 'Kari', club: 0 });
  });
});

describe('AccountPage', () => {
  it('leaves empty fields out of the update and shows the required-field message', async () => {
    const updates: CustomerUpdatePayload[] = [];
    const scope = fork({
      values: [[$user, kari], [$userLoaded, true]],
      handlers: [
        [updateFx, ({ payload }: { payload: CustomerUpdatePayload }) => (updates.push(payload), Promise.resolve({ ...kari, ...payload }))],
        [loadMemberCodeFx, () => Promise.resolve({ code: 'M-0000000001', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' })],
      ],
    });
    mount(scope, <AccountPage />, '/konto');
    expect(await screen.findByAltText('Medlemskode M-0000000001')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Fornavn'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(screen.getByText('Fornavn må ha en verdi')).toBeTruthy();
    expect(updates).toEqual([]);
    fireEvent.change(screen.getByLabelText('Fornavn'), { target: { value: 'Karianne' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    await screen.findByText('Endringene er lagret.');
    expect(updates).toEqual([{ first_name: 'Karianne', last_name: 'Nordmann', email: 'kari@example.no', phone: '91234567' }]);
    fireEvent.click(screen.getByLabelText('Google Analytics'));
    await waitFor(() => expect(updates[1]).toEqual({ cookie_ga: 1 }));
  });

  it('asks for the current password when the e-mail or password changes, shows its server error, then says where the confirmation went', async () => {
    const updates: CustomerUpdatePayload[] = [];
    let answer: () => Promise<Customer> = () => Promise.reject(new ApiError({ kind: 'status', status: 422, message: currentPasswordTexts.wrong, data: { message: currentPasswordTexts.wrong, errors: [{ field: 'current_password', message: currentPasswordTexts.wrong }] } }));
    const scope = fork({
      values: [[$user, kari], [$userLoaded, true]],
      handlers: [
        [updateFx, ({ payload }: { payload: CustomerUpdatePayload }) => (updates.push(payload), answer())],
        [loadMemberCodeFx, () => new Promise(() => {})],
      ],
    });
    mount(scope, <AccountPage />, '/konto');
    expect(screen.queryByLabelText('Nåværende passord')).toBeNull();
    fireEvent.change(screen.getByLabelText('E-post'), { target: { value: 'ny@example.no' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(screen.getByText(currentPasswordTexts.required)).toBeTruthy();
    expect(updates).toEqual([]);

    fireEvent.change(screen.getByLabelText('Nåværende passord'), { target: { value: 'feil-passord' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(screen.getAllByText(currentPasswordTexts.wrong).length).toBeGreaterThan(0));
    expect(updates[0]).toMatchObject({ email: 'ny@example.no', current_password: 'feil-passord' });

    // The API keeps the old address until the link mailed to the new one is opened.
    answer = () => Promise.resolve(kari);
    fireEvent.change(screen.getByLabelText('Nåværende passord'), { target: { value: 'riktig-passord' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText(/Vi har sendt en e-post til ny@example\.no/)).toBeTruthy();
    expect((screen.getByLabelText('E-post') as HTMLInputElement).value).toBe('kari@example.no');
    expect(screen.queryByLabelText('Nåværende passord')).toBeNull();
  });

  it('deletes only after confirmation', async () => {
    const deleted: number[] = [];
    const scope = fork({
      values: [[$user, kari], [$userLoaded, true]],
      handlers: [
        [deleteFx, (id: number) => (deleted.push(id), Promise.resolve())],
        [loadMemberCodeFx, () => new Promise(() => {})],
      ],
    });
    mount(scope, <AccountPage />, '/konto');
    fireEvent.click(screen.getByRole('button', { name: 'Slett kontoen min' }));
    expect(deleted).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Avbryt' }));
    fireEvent.click(screen.getByRole('button', { name: 'Slett kontoen min' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ja, slett kontoen' }));
    expect(await screen.findByText('forside')).toBeTruthy();
    expect(deleted).toEqual([7]);
    expect(scope.getState($user)).toBeNull();
  });
});

describe('AccountPage: the club (issue 33)', () => {
  const nonMember = { ...kari, club: false } as Customer;
  const loadCode = () => Promise.resolve({ code: 'M-0000000001', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' });

  it('a non-member joins with its own action (not a profile field) and then sees its member code', async () => {
    const updates: CustomerUpdatePayload[] = [];
    let joins = 0;
    const scope = fork({
      values: [[$user, nonMember], [$userLoaded, true]],
      handlers: [
        [updateFx, ({ payload }: { payload: CustomerUpdatePayload }) => (updates.push(payload), Promise.resolve({ ...nonMember, ...payload }))],
        [joinClubFx, () => (joins++, Promise.resolve({ ...nonMember, club: true }))],
        [loadMemberCodeFx, loadCode],
      ],
    });
    mount(scope, <AccountPage />, '/konto');
    expect(screen.getByText('Du er ikke medlem av kundeklubben.')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /kundeklubben/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Bli medlem – jeg godtar vilkårene for kundeklubben' }));
    expect(await screen.findByAltText('Medlemskode M-0000000001')).toBeTruthy();
    expect([joins, updates]).toEqual([1, []]);
  });

  it('an unverified customer is told to verify first, and the server\'s refusal is shown', async () => {
    const scope = fork({ values: [[$user, { ...nonMember, email_verified: false }], [$userLoaded, true], [$joinClubError, 'Bekreft e-postadressen din først, så kan du bli medlem av kundeklubben.']] });
    mount(scope, <AccountPage />, '/konto');
    expect(screen.getByText('Du kan bli medlem når e-postadressen din er bekreftet.')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Bli medlem/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Bekreft e-postadressen din først, så kan du bli medlem av kundeklubben.')).toBeTruthy();
  });

  it('a member leaves the club with the box (club 0)', async () => {
    const updates: CustomerUpdatePayload[] = [];
    const scope = fork({
      values: [[$user, kari], [$userLoaded, true]],
      handlers: [[updateFx, ({ payload }: { payload: CustomerUpdatePayload }) => (updates.push(payload), Promise.resolve({ ...kari, ...payload, club: false }))], [loadMemberCodeFx, loadCode]],
    });
    mount(scope, <AccountPage />, '/konto');
    fireEvent.click(await screen.findByLabelText(/Fjern haken for å melde deg ut/));
    await waitFor(() => expect(updates).toEqual([{ club: 0 }]));
  });
});

describe('FavouriteToggle', () => {
  it('toggles the shared favourites and says what it does', async () => {
    const scope = fork({ values: [[$favourites, [3]]] });
    mount(scope, <FavouriteToggle articleId={5} name="Åsen parkas" />, "/produkt");
    const button = screen.getByRole('button', { name: 'Legg Åsen parkas til i favoritter' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    expect(scope.getState($favourites)).toEqual([3, 5]);
    expect(screen.getByRole('button', { name: 'Fjern Åsen parkas fra favoritter' }).getAttribute('aria-pressed')).toBe('true');
    await act(() => allSettled(favouriteToggled, { scope, params: 5 }));
    expect(screen.getByRole('button', { name: 'Legg Åsen parkas til i favoritter' })).toBeTruthy();
  });
});
