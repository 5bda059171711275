// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AuditPage, EditorBlogCategory, EditorSession, StaffAccount } from '@shop/contracts/types';
import { AcceptInviteScreen } from './AcceptInviteScreen.js';
import { AuditScreen } from './AuditScreen.js';
import { CategoriesScreen } from './CategoriesScreen.js';
import { StaffScreen } from './StaffScreen.js';
import { texts } from './texts.js';

vi.mock('@shop/contracts/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@shop/contracts/api')>();
  return {
    ...actual,
    getEditorBlogCategories: vi.fn(),
    createBlogCategory: vi.fn(),
    renameBlogCategory: vi.fn(),
    deleteBlogCategory: vi.fn(),
    getStaffAccounts: vi.fn(),
    inviteStaff: vi.fn(),
    updateStaffAccount: vi.fn(),
    withdrawStaffInvite: vi.fn(),
    getAuditLog: vi.fn(),
    acceptStaffInvite: vi.fn(),
  };
});
const api = await import('@shop/contracts/api');
const { ApiError } = api;

const admin: EditorSession = { id: 1, email: 'sjef@staut.no', name: 'Sjef Staut', role: 'admin' };
const refused = (status: number, message: string, field?: string) =>
  new ApiError({ kind: 'status', status, message: `Request failed with status code ${status}`, data: { message, ...(field ? { errors: [{ field, message }] } : {}) } });
const flush = () => act(async () => undefined);

// Unmount before the reset (hooks run last-registered first): a pending effect must not call a reset mock.
afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

describe('CategoriesScreen', () => {
  const cats: EditorBlogCategory[] = [
    { id: 1, slug: 'tips', name: 'Tips', posts_count: 2 },
    { id: 2, slug: 'nyheter', name: 'Nyheter', posts_count: 0 },
  ];
  const setup = async (list = cats) => {
    vi.mocked(api.getEditorBlogCategories).mockResolvedValue(list);
    render(<CategoriesScreen session={admin} />);
    await flush();
  };
  const card = (name: string) => screen.getAllByTestId('blog-category').find((c) => within(c).queryByRole('heading', { name }))!;

  it('lists the categories with their post counts', async () => {
    await setup();
    expect(within(card('Tips')).getByText('2 innlegg')).toBeTruthy();
    expect(within(card('Nyheter')).getByText('0 innlegg')).toBeTruthy();
  });

  it('creates a category; a refused slug is shown at its field in the API words', async () => {
    await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Opprett kategori' }));
    expect(screen.getByText(texts.categories.nameMissing)).toBeTruthy();
    expect(api.createBlogCategory).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Navn'), { target: { value: ' Turer ' } });
    fireEvent.change(screen.getByLabelText('Adresse (valgfri)'), { target: { value: 'tips' } });
    vi.mocked(api.createBlogCategory).mockRejectedValueOnce(refused(409, 'Adressen (slug) er allerede i bruk av en annen kategori.', 'slug'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Opprett kategori' })));
    expect(api.createBlogCategory).toHaveBeenCalledWith({ name: 'Turer', slug: 'tips' });
    const slug = screen.getByLabelText('Adresse (valgfri)');
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(slug.getAttribute('aria-describedby')!.split(' ').pop()!)!.textContent).toBe('Adressen (slug) er allerede i bruk av en annen kategori.');

    fireEvent.change(slug, { target: { value: '' } });
    vi.mocked(api.createBlogCategory).mockResolvedValueOnce({ id: 3, slug: 'turer', name: 'Turer', posts_count: 0 });
    vi.mocked(api.getEditorBlogCategories).mockResolvedValue([...cats, { id: 3, slug: 'turer', name: 'Turer', posts_count: 0 }]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Opprett kategori' })));
    expect(api.createBlogCategory).toHaveBeenLastCalledWith({ name: 'Turer' });
    expect(screen.getByRole('status').textContent).toBe('Kategorien «Turer» er opprettet.');
    expect(card('Turer')).toBeTruthy();
  });

  it('renames inline from the keyboard: Enter saves, Escape cancels', async () => {
    await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Gi nytt navn til «Nyheter»' }));
    let field = screen.getByLabelText('Nytt navn på «Nyheter»') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByLabelText('Nytt navn på «Nyheter»')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Gi nytt navn til «Nyheter»' }));
    field = screen.getByLabelText('Nytt navn på «Nyheter»') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'Nytt fra Staut' } });
    vi.mocked(api.renameBlogCategory).mockResolvedValue({ id: 2, slug: 'nyheter', name: 'Nytt fra Staut', posts_count: 0 });
    vi.mocked(api.getEditorBlogCategories).mockResolvedValue([cats[0]!, { id: 2, slug: 'nyheter', name: 'Nytt fra Staut', posts_count: 0 }]);
    // Enter in the field submits its form.
    await act(async () => fireEvent.submit(field.form!));
    expect(api.renameBlogCategory).toHaveBeenCalledWith(2, { name: 'Nytt fra Staut', slug: 'nyheter' });
    expect(screen.getByRole('status').textContent).toBe('Kategorien heter nå «Nytt fra Staut».');
    expect(card('Nytt fra Staut')).toBeTruthy();
  });

  it('deletes a category with posts only once a category to move them to is chosen', async () => {
    await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Slett «Tips»' }));
    const select = screen.getByLabelText('Flytt innleggene til') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Velg kategori', 'Nyheter']);
    fireEvent.click(screen.getByRole('button', { name: 'Flytt innleggene og slett' }));
    expect(api.deleteBlogCategory).not.toHaveBeenCalled();
    expect(select.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(select, { target: { value: '2' } });
    vi.mocked(api.deleteBlogCategory).mockResolvedValue();
    vi.mocked(api.getEditorBlogCategories).mockResolvedValue([{ id: 2, slug: 'nyheter', name: 'Nyheter', posts_count: 2 }]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Flytt innleggene og slett' })));
    expect(api.deleteBlogCategory).toHaveBeenCalledWith(1, 2);
    expect(screen.getByRole('status').textContent).toBe('Kategorien «Tips» er slettet, og 2 innlegg er flyttet til «Nyheter».');
    expect(within(card('Nyheter')).getByText('2 innlegg')).toBeTruthy();
  });

  it('deletes an empty category after a confirmation, sending no target', async () => {
    await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Slett «Nyheter»' }));
    expect(screen.queryByLabelText('Flytt innleggene til')).toBeNull();
    vi.mocked(api.deleteBlogCategory).mockRejectedValueOnce(refused(400, 'Kategorien har innlegg: velg en kategori å flytte dem til.', 'move_to'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Slett kategorien' })));
    expect(api.deleteBlogCategory).toHaveBeenCalledWith(2, undefined);
    // A category that got posts meanwhile: the API's words, not a silent failure.
    expect(screen.getByRole('alert').textContent).toBe('Kategorien har innlegg: velg en kategori å flytte dem til.');
  });

  it('says a lone category with posts cannot be deleted until another exists', async () => {
    await setup([cats[0]!]);
    fireEvent.click(screen.getByRole('button', { name: 'Slett «Tips»' }));
    expect(screen.getByRole('alert').textContent).toBe(texts.categories.noTarget);
    expect(screen.queryByRole('button', { name: 'Flytt innleggene og slett' })).toBeNull();
  });
});

describe('StaffScreen', () => {
  const accounts: StaffAccount[] = [
    { id: 1, email: 'sjef@staut.no', name: 'Sjef Staut', role: 'admin', active: true, invited: false, invited_role: null },
    { id: 5, email: 'kari@staut.no', name: 'Kari Nordmann', role: 'staff', active: true, invited: false, invited_role: null },
    { id: 6, email: 'ola@staut.no', name: 'Ola Hansen', role: 'staff', active: false, invited: false, invited_role: null },
    { id: 7, email: 'kunde@example.no', name: 'Kunde Kjøper', role: 'customer', active: true, invited: true, invited_role: 'admin' },
  ];
  const setup = async () => {
    vi.mocked(api.getStaffAccounts).mockResolvedValue(accounts);
    render(<StaffScreen session={admin} />);
    await flush();
  };
  const card = (name: string) => screen.getAllByTestId('staff-account').find((c) => within(c).queryByRole('heading', { name }))!;

  it('lists name, e-mail, role and state; offers nothing on the admin’s own account, and only withdrawing on a pending customer', async () => {
    await setup();
    expect(within(card('Sjef Staut')).getByText('sjef@staut.no · Administrator')).toBeTruthy();
    expect(within(card('Sjef Staut')).queryAllByRole('button')).toHaveLength(0);
    expect(within(card('Sjef Staut')).getByText(texts.staff.you)).toBeTruthy();
    expect(within(card('Kari Nordmann')).getByText('Aktiv')).toBeTruthy();
    expect(within(card('Ola Hansen')).getByText('Deaktivert')).toBeTruthy();
    expect(within(card('Ola Hansen')).getByRole('button', { name: 'Aktiver Ola Hansen igjen' })).toBeTruthy();
    const pending = card('Kunde Kjøper');
    expect(within(pending).getByText('Invitert, ikke godtatt ennå')).toBeTruthy();
    expect(within(pending).getByText('Invitert som administrator: rollen gjelder når invitasjonen er godtatt.')).toBeTruthy();
    expect(within(pending).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Trekk tilbake invitasjonen til Kunde Kjøper']);
  });

  it('withdraws an invitation after a confirmation (Escape steps back, the focus returns); a refusal is shown on the card', async () => {
    await setup();
    const open = () => fireEvent.click(within(card('Kunde Kjøper')).getByRole('button', { name: 'Trekk tilbake invitasjonen til Kunde Kjøper' }));
    open();
    const group = screen.getByRole('group', { name: 'Trekk tilbake invitasjonen til Kunde Kjøper' });
    expect(group.textContent).toContain('kunde@example.no');
    fireEvent.keyDown(group, { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Trekk tilbake invitasjonen til Kunde Kjøper' })).toBeNull();
    await act(async () => new Promise((done) => requestAnimationFrame(() => done(undefined))));
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Trekk tilbake invitasjonen til Kunde Kjøper');
    expect(api.withdrawStaffInvite).not.toHaveBeenCalled();

    open();
    vi.mocked(api.withdrawStaffInvite).mockRejectedValueOnce(refused(409, 'Kontoen har ingen åpen invitasjon å trekke tilbake.'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Ja, trekk tilbake' })));
    expect(within(card('Kunde Kjøper')).getByRole('alert').textContent).toBe('Kontoen har ingen åpen invitasjon å trekke tilbake.');

    vi.mocked(api.withdrawStaffInvite).mockResolvedValueOnce(undefined);
    vi.mocked(api.getStaffAccounts).mockResolvedValue(accounts.slice(0, 3));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Ja, trekk tilbake' })));
    expect(api.withdrawStaffInvite).toHaveBeenLastCalledWith(7);
    expect(screen.getByRole('status').textContent).toBe('Invitasjonen til kunde@example.no er trukket tilbake.');
    expect(screen.getAllByTestId('staff-account')).toHaveLength(3);
  });

  it('deactivates after a confirmation (Escape steps back), and reactivates', async () => {
    await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Deaktiver Kari Nordmann' }));
    const group = screen.getByRole('group', { name: 'Deaktiver Kari Nordmann' });
    expect(group.textContent).toContain('logges ut overalt med en gang');
    fireEvent.keyDown(group, { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Deaktiver Kari Nordmann' })).toBeNull();
    expect(api.updateStaffAccount).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Deaktiver Kari Nordmann' }));
    vi.mocked(api.updateStaffAccount).mockResolvedValue({ ...accounts[1]!, active: false });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Ja, deaktiver' })));
    expect(api.updateStaffAccount).toHaveBeenCalledWith(5, { active: false });
    expect(screen.getByRole('status').textContent).toBe('Kari Nordmann er deaktivert og logget ut.');

    vi.mocked(api.updateStaffAccount).mockResolvedValue({ ...accounts[2]!, active: true });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Aktiver Ola Hansen igjen' })));
    expect(api.updateStaffAccount).toHaveBeenLastCalledWith(6, { active: true });
    expect(screen.getByRole('status').textContent).toBe('Ola Hansen er aktiv igjen.');
  });

  it('changes a role; a refusal is shown on the account in the API words', async () => {
    await setup();
    const select = screen.getByLabelText('Rolle for Kari Nordmann') as HTMLSelectElement;
    const save = within(card('Kari Nordmann')).getByRole('button', { name: 'Lagre rolle' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(select, { target: { value: 'admin' } });
    vi.mocked(api.updateStaffAccount).mockRejectedValueOnce(refused(409, 'Du kan ikke endre rollen til eller deaktivere din egen konto.'));
    await act(async () => fireEvent.click(save));
    expect(api.updateStaffAccount).toHaveBeenCalledWith(5, { role: 'admin' });
    expect(within(card('Kari Nordmann')).getByRole('alert').textContent).toBe('Du kan ikke endre rollen til eller deaktivere din egen konto.');
    vi.mocked(api.updateStaffAccount).mockResolvedValueOnce({ ...accounts[1]!, role: 'admin' });
    await act(async () => fireEvent.click(save));
    expect(screen.getByRole('status').textContent).toBe('Kari Nordmann er nå administrator.');
  });

  it('invites by e-mail: checks the form first, then sends it trimmed', async () => {
    await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Send invitasjon' }));
    expect(api.inviteStaff).not.toHaveBeenCalled();
    expect(screen.getByLabelText('E-post').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(texts.staff.firstNameMissing)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('E-post'), { target: { value: ' ny@staut.no ' } });
    fireEvent.change(screen.getByLabelText('Fornavn'), { target: { value: 'Nora' } });
    fireEvent.change(screen.getByLabelText('Etternavn'), { target: { value: 'Ny' } });
    fireEvent.change(screen.getByLabelText('Rolle'), { target: { value: 'admin' } });
    vi.mocked(api.inviteStaff).mockResolvedValue({ id: 9, email: 'ny@staut.no', name: 'Nora Ny', role: 'admin', active: true, invited: true, invited_role: 'admin' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send invitasjon' })));
    expect(api.inviteStaff).toHaveBeenCalledWith({ email: 'ny@staut.no', first_name: 'Nora', last_name: 'Ny', role: 'admin' });
    expect(screen.getByRole('status').textContent).toBe('Invitasjonen er sendt til ny@staut.no.');
    expect((screen.getByLabelText('E-post') as HTMLInputElement).value).toBe('');
  });
});

describe('AuditScreen', () => {
  const page = (n: number, last: number): AuditPage => ({
    data: [
      { id: 10 + n, actor_id: 1, actor_name: 'Sjef Staut', entity_type: 'staff', entity_key: '5', action: 'deactivate', detail: {}, created_at: '2026-11-27T13:05:00.000Z' },
      { id: 1, actor_id: 5, actor_name: 'Kari Nordmann', entity_type: 'blog-post', entity_key: '12', action: 'update', detail: { version: 3 }, created_at: '2026-07-01T22:30:00.000Z' },
    ],
    meta: { current_page: n, last_page: last, per_page: 50, total: last * 50 },
  });

  it('shows who did what and when in Norwegian time and words, filters by what and who, and pages', async () => {
    vi.mocked(api.getAuditLog).mockImplementation(async (q = {}) => page(q.page ?? 1, 2));
    vi.mocked(api.getStaffAccounts).mockResolvedValue([{ id: 5, email: 'kari@staut.no', name: 'Kari Nordmann', role: 'staff', active: true, invited: false, invited_role: null }]);
    render(<AuditScreen session={admin} />);
    await flush();
    const rows = within(screen.getByTestId('audit-log')).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['27.11.2026 kl. 14:05', 'Sjef Staut', 'Deaktiverte', 'Ansatt 5', ''],
      ['02.07.2026 kl. 00:30', 'Kari Nordmann', 'Endret', 'Blogginnlegg 12', 'versjon 3'],
    ]);
    expect(screen.getByText('Side 1 av 2')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Neste side' })));
    expect(api.getAuditLog).toHaveBeenLastCalledWith({ page: 2 });
    await act(async () => fireEvent.change(screen.getByLabelText('Hva'), { target: { value: 'staff' } }));
    expect(api.getAuditLog).toHaveBeenLastCalledWith({ page: 1, entity: 'staff' });
    await act(async () => fireEvent.change(screen.getByLabelText('Hvem'), { target: { value: '5' } }));
    expect(api.getAuditLog).toHaveBeenLastCalledWith({ page: 1, entity: 'staff', actor: 5 });
  });
});

describe('AuditScreen, nothing to show', () => {
  it('says the log is empty, or that the filter finds nothing', async () => {
    vi.mocked(api.getAuditLog).mockResolvedValue({ data: [], meta: { current_page: 1, last_page: 1, per_page: 50, total: 0 } });
    vi.mocked(api.getStaffAccounts).mockResolvedValue([]);
    render(<AuditScreen session={admin} />);
    await flush();
    expect(screen.getByText(texts.audit.empty)).toBeTruthy();
    await act(async () => fireEvent.change(screen.getByLabelText('Hva'), { target: { value: 'poll' } }));
    expect(screen.getByText(texts.audit.none)).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('AcceptInviteScreen', () => {
  const setup = (search = '?token=abc') =>
    render(
      <MemoryRouter initialEntries={[`/redaksjon/invitasjon${search}`]}>
        <AcceptInviteScreen />
      </MemoryRouter>,
    );

  it('sets a password that keeps the shop rule, with show/hide, then links to the login', async () => {
    setup();
    const field = screen.getByLabelText('Nytt passord') as HTMLInputElement;
    expect(field.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Vis passord' }));
    expect(field.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Skjul passord' }));
    expect(field.type).toBe('password');

    fireEvent.change(field, { target: { value: 'kort' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lagre passord' }));
    expect(api.acceptStaffInvite).not.toHaveBeenCalled();
    // At the field (read with it, aria-describedby), which takes the focus.
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!.split(' ').pop()!)!.textContent).toBe('Passordet må ha minst 8 tegn.');
    expect(document.activeElement).toBe(field);

    fireEvent.change(field, { target: { value: 'langt-nok-1' } });
    vi.mocked(api.acceptStaffInvite).mockResolvedValue();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Lagre passord' })));
    expect(api.acceptStaffInvite).toHaveBeenCalledWith({ token: 'abc', password: 'langt-nok-1' });
    expect(screen.getByRole('status').textContent).toBe(texts.invite.done);
    expect(screen.getByRole('link', { name: 'Logg inn' }).getAttribute('href')).toBe('/konto/logg-inn');
  });

  it('shows the API message for a used or expired link', async () => {
    setup();
    fireEvent.change(screen.getByLabelText('Nytt passord'), { target: { value: 'langt-nok-1' } });
    const message = 'Invitasjonen er ugyldig, brukt eller utløpt. Be en administrator om en ny.';
    vi.mocked(api.acceptStaffInvite).mockRejectedValue(refused(400, message, 'token'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Lagre passord' })));
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.getByLabelText('Nytt passord').getAttribute('aria-invalid')).toBeNull();
  });

  it('says so when the link has no token', () => {
    setup('');
    expect(screen.getByRole('alert').textContent).toBe(texts.invite.noToken);
    expect(screen.queryByLabelText('Nytt passord')).toBeNull();
  });
});
