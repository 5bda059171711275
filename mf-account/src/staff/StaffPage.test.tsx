// @vitest-environment happy-dom
/** The workspace's model and screens in isolated scopes; the API effects answer as the API does (ApiError with status). */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { allSettled, fork, type Scope } from 'effector';
import { Provider } from 'effector-react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@shop/contracts/api';
import type { ReconcileAnswer, StaffFollowUpItem, StaffMe, StaffPaymentOperation, StaffQueuePage, StaffReservationDetail } from '@shop/contracts/types';
import StaffPage from './StaffPage.js';
import {
  $detail,
  $filters,
  $queue,
  actionRequested,
  detailOpened,
  detailRefreshRequested,
  loadDetailFx,
  loadFollowUpFx,
  loadMeFx,
  loadQueueFx,
  OPEN_STATUSES,
  reconcileFx,
  resolveFx,
  searchSubmitted,
  sendActionFx,
  staffOpened,
  type QueueFilters,
  type ResolveRequest,
  type SentAction,
} from './model.js';
import { customerService, followUpItem, line, operation, reservation, shopStaff } from './fixtures.js';

const status = (code: number, message?: string) => new ApiError({ kind: 'status', status: code, message: `HTTP ${code}`, data: message ? { message } : undefined });
const page = (data: StaffReservationDetail[]): StaffQueuePage => ({ data, meta: { current_page: 1, last_page: 1, per_page: 20, total: data.length } });

function mount(scope: Scope, node: ReactNode) {
  return render(
    <Provider value={scope}>
      <MemoryRouter>{node}</MemoryRouter>
    </Provider>,
  );
}

function staffScope(
  me: StaffMe | Error,
  extra: {
    queue?: (f: QueueFilters) => Promise<StaffQueuePage>;
    detail?: (id: number) => Promise<StaffReservationDetail>;
    send?: (a: SentAction) => Promise<StaffReservationDetail>;
    followUp?: () => Promise<StaffFollowUpItem[]>;
    reconcile?: () => Promise<ReconcileAnswer>;
    resolve?: (r: ResolveRequest) => Promise<StaffPaymentOperation>;
  } = {},
) {
  return fork({
    handlers: [
      [loadFollowUpFx, extra.followUp ?? (() => Promise.resolve([]))],
      [reconcileFx, extra.reconcile ?? (() => Promise.reject(new Error('unexpected reconcile')))],
      [resolveFx, extra.resolve ?? (() => Promise.reject(new Error('unexpected resolve')))],
      [loadMeFx, () => (me instanceof Error ? Promise.reject(me) : Promise.resolve(me))],
      [loadQueueFx, extra.queue ?? (() => Promise.resolve(page([])))],
      [loadDetailFx, extra.detail ?? ((id: number) => Promise.resolve(reservation({ id })))],
      [sendActionFx, extra.send ?? (() => Promise.reject(new Error('unexpected action')))],
    ],
  });
}

describe('who gets in', () => {
  it('without a login: the login form under "Logg inn som ansatt", never the queue', async () => {
    let queued = 0;
    mount(staffScope(status(401), { queue: () => (queued++, Promise.resolve(page([]))) }), <StaffPage />);
    expect(await screen.findByRole('heading', { name: 'Logg inn som ansatt' })).toBeTruthy();
    expect(screen.getByLabelText('Passord')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Reservasjoner' })).toBeNull();
    expect(queued).toBe(0);
  });

  it('a shopper (403): the no-access alert, no queue request', async () => {
    let queued = 0;
    mount(staffScope(status(403), { queue: () => (queued++, Promise.resolve(page([]))) }), <StaffPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Du har ikke tilgang til butikkarbeidsflaten.');
    expect(queued).toBe(0);
  });

  it('shop staff with one shop: the queue of that shop, open statuses, newest first as answered', async () => {
    const asked: QueueFilters[] = [];
    const scope = staffScope(shopStaff, { queue: (f) => (asked.push(f), Promise.resolve(page([reservation({ id: 1002, statusId: 4, pickupUntil: '2026-11-26T16:00:00Z' }), reservation()]))) });
    mount(scope, <StaffPage />);
    const list = await screen.findByRole('list');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(asked).toEqual([{ shopId: 1, status: [...OPEN_STATUSES], q: '', page: 1 }]);
    expect(OPEN_STATUSES).toEqual([1, 2, 3, 4]);
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first.textContent).toContain('Reservasjon 1002');
    expect(first.textContent).toContain('Klar til henting');
    expect(first.textContent).toContain('Klikk og hent');
    expect(first.textContent).toContain('Hentefrist 26.11.2026 kl. 17:00');
    expect(first.textContent).toContain('Betalt');
    expect(first.textContent).toContain('3 varer');
    expect(first.textContent).toContain('1\u00a0297,00\u00a0kr');
    // One shop: no "Alle butikker".
    expect(screen.queryByRole('option', { name: 'Alle butikker' })).toBeNull();
  });

  it('customer service: "Alle butikker" first, then a shop; a status chip and the search narrow the queue', async () => {
    const asked: QueueFilters[] = [];
    mount(staffScope(customerService, { queue: (f) => (asked.push(f), Promise.resolve(page([]))) }), <StaffPage />);
    const shop = (await screen.findByRole('combobox', { name: 'Butikk' })) as HTMLSelectElement;
    expect(shop.value).toBe('');
    expect(screen.getByRole('option', { name: 'Alle butikker' })).toBeTruthy();
    fireEvent.change(shop, { target: { value: '2' } });
    fireEvent.click(screen.getByLabelText('Hentet'));
    fireEvent.change(screen.getByLabelText('Søk'), { target: { value: ' 91234567 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Søk' }));
    await waitFor(() => expect(asked).toHaveLength(4));
    expect(asked.map((f) => f.shopId)).toEqual([null, 2, 2, 2]);
    expect(asked[2]!.status).toEqual([1, 2, 3, 4, 5]);
    expect(asked[3]).toEqual({ shopId: 2, status: [1, 2, 3, 4, 5], q: '91234567', page: 1 });
    expect(await screen.findByText('Ingen reservasjoner passer filteret.')).toBeTruthy();
  });
});

describe('the queue keeps the newest filter', () => {
  it('a slow answer to an older search does not replace the newer one', async () => {
    const answers: Array<(p: StaffQueuePage) => void> = [];
    const scope = staffScope(shopStaff, { queue: () => new Promise((resolve) => answers.push(resolve)) });
    void allSettled(staffOpened, { scope });
    await waitFor(() => expect(answers).toHaveLength(1));
    void allSettled(searchSubmitted, { scope, params: 'ola' });
    await waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!(page([reservation({ id: 2 })]));
    await waitFor(() => expect(scope.getState($queue)?.data.map((r) => r.id)).toEqual([2]));
    answers[0]!(page([reservation({ id: 1 })]));
    await new Promise((r) => setTimeout(r, 10));
    expect(scope.getState($queue)?.data.map((r) => r.id)).toEqual([2]);
    expect(scope.getState($filters).q).toBe('ola');
  });
});

describe('the reservation on screen', () => {
  it('a fetch that left before an action\'s answer never puts the older version back', async () => {
    let answerOld: (d: StaffReservationDetail) => void = () => undefined;
    const scope = fork({
      values: [[$detail, reservation({ version: 4 })]],
      handlers: [
        [loadDetailFx, () => new Promise((resolve) => (answerOld = resolve))],
        [sendActionFx, (a: SentAction) => Promise.resolve(reservation({ id: a.id, statusId: 4, version: 5 }))],
      ],
    });
    void allSettled(detailRefreshRequested, { scope, params: 1001 });
    void allSettled(actionRequested, { scope, params: { kind: 'ready' } });
    await waitFor(() => expect(scope.getState($detail)?.version).toBe(5));
    answerOld(reservation({ version: 4 }));
    await new Promise((r) => setTimeout(r, 10));
    expect(scope.getState($detail)).toMatchObject({ version: 5, statusId: 4 });
  });

  it('while the provider still runs an operation, the detail is fetched again until it is done', async () => {
    let fetched = 0;
    const pendingPayment = { ...reservation().payment!, pendingOperations: 1 };
    const scope = staffScope(shopStaff, {
      detail: (id) => (fetched++, Promise.resolve(reservation({ id, statusId: 5, version: 6, payment: fetched < 2 ? pendingPayment : { ...pendingPayment, pendingOperations: 0, capturedAmount: 129700 } }))),
    });
    mount(scope, <StaffPage reservationId={1001} />);
    expect((await screen.findByText('Venter på betalingsløsningen (1)')).getAttribute('role')).toBe('status');
    await waitFor(() => expect(screen.getByText('Betalt og trukket')).toBeTruthy(), { timeout: 4000 });
    expect(fetched).toBe(2);
    await new Promise((r) => setTimeout(r, 2500));
    expect(fetched).toBe(2);
  });

  it('a failed refresh keeps the reservation on screen', async () => {
    let fetched = 0;
    const scope = staffScope(shopStaff, { detail: (id) => (++fetched === 1 ? Promise.resolve(reservation({ id })) : Promise.reject(status(500))) });
    mount(scope, <StaffPage reservationId={1001} />);
    await screen.findByRole('heading', { name: 'Reservasjon 1001' });
    await act(() => allSettled(detailRefreshRequested, { scope, params: 1001 }));
    expect(screen.getByRole('heading', { name: 'Reservasjon 1001' })).toBeTruthy();
  });
});

describe('actions', () => {
  it('"Klar til henting" sends the version shown and a fresh key per press; the answer is the new state, focus on the result', async () => {
    const sent: SentAction[] = [];
    const scope = staffScope(shopStaff, {
      send: (a) => (sent.push(a), Promise.resolve(reservation({ id: a.id, statusId: 4, version: a.version + 1, pickupUntil: '2099-11-26T16:00:00Z' }))),
    });
    mount(scope, <StaffPage reservationId={1001} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Klar til henting' }));
    const done = await screen.findByText('Reservasjonen er klar til henting. Kunden har fått beskjed.');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ id: 1001, version: 4, request: { kind: 'ready' } });
    expect(sent[0]!.requestKey).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(scope.getState($detail)?.version).toBe(5);
    await waitFor(() => expect(document.activeElement?.outerHTML).toContain('Reservasjonen er klar til henting'));
    // Now ready: "Hentet" with per-line counts, "Ikke hentet" locked until the window ends.
    expect(screen.getByRole('button', { name: 'Hentet' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Ikke hentet' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a partial pickup asks first, then sends only the handed-over units', async () => {
    const sent: SentAction[] = [];
    const scope = staffScope(shopStaff, {
      detail: (id) => Promise.resolve(reservation({ id, statusId: 4, pickupUntil: '2099-01-01T00:00:00Z' })),
      send: (a) => (sent.push(a), Promise.resolve(reservation({ id: a.id, statusId: 5, version: 6, lines: [line({ fulfilledCount: 1 }), line({ id: 12, count: 1, fulfilledCount: 0 })] }))),
    });
    mount(scope, <StaffPage reservationId={1001} />);
    fireEvent.change(await screen.findByLabelText('Utlevert av Skalljakke M / Blå'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Utlevert av Bukse L / Svart'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hentet' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('trekker betalingen for varene som er utlevert');
    expect(sent).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ja, fortsett' }));
    await screen.findByText('Registrert som hentet.');
    expect(sent[0]!.request).toEqual({ kind: 'collected', lines: [{ lineId: 11, count: 1 }] });
  });

  // The pickup window a ready reservation has (e2e staff-fulfilment waited for a 14 s window to end in the browser;
  // the status, the cancelled authorisation and the sweep are api/test/fulfilment/workspace.test.ts).
  it.each([
    { case: 'window still open: locked with until when, nothing sent', pickupUntil: '2099-11-26T16:00:00Z', enabled: false },
    { case: 'window ended: asks first, then sends not-collected and shows the closed reservation', pickupUntil: '2020-11-26T16:00:00Z', enabled: true },
  ])('"Ikke hentet" — $case', async ({ pickupUntil, enabled }) => {
    const sent: SentAction[] = [];
    const scope = staffScope(shopStaff, {
      detail: (id) => Promise.resolve(reservation({ id, statusId: 4, pickupUntil })),
      send: (a) => (sent.push(a), Promise.resolve(reservation({ id: a.id, statusId: 7, version: a.version + 1, pickupUntil }))),
    });
    mount(scope, <StaffPage reservationId={1001} />);
    const button = (await screen.findByRole('button', { name: 'Ikke hentet' })) as HTMLButtonElement;
    expect(button.disabled).toBe(!enabled);
    if (!enabled) {
      expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toMatch(/^Kan registreres når hentefristen er ute \(26\.11\.2099 kl\. 17:00\)\.$/);
      fireEvent.click(button);
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(sent).toEqual([]);
      return;
    }
    fireEvent.click(button);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Dette kansellerer betalingen og legger varene tilbake på lager.');
    expect(sent).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ja, fortsett' }));
    await screen.findByText('Registrert som ikke hentet.');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ id: 1001, request: { kind: 'not-collected' } });
    expect(scope.getState($detail)?.statusId).toBe(7);
    // Closed: no action is offered any more.
    expect(screen.queryByRole('button', { name: 'Ikke hentet' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hentet' })).toBeNull();
  });

  it('never paid online: "Betalt i butikken" asks whether the till took the amount, then sends paid-in-shop (no "Hentet")', async () => {
    const sent: SentAction[] = [];
    const scope = staffScope(shopStaff, {
      detail: (id) => Promise.resolve(reservation({ id, statusId: 4, payment: null, handOver: { mode: 'in-shop', message: null }, pickupUntil: '2099-01-01T00:00:00Z' })),
      send: (a) => (sent.push(a), Promise.resolve(reservation({ id: a.id, statusId: 5, version: 6, payment: null, handOver: { mode: 'in-shop', message: null } }))),
    });
    mount(scope, <StaffPage reservationId={1001} />);
    const button = await screen.findByRole('button', { name: 'Betalt i butikken' });
    expect(screen.queryByRole('button', { name: 'Hentet' })).toBeNull();
    fireEvent.click(button);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toMatch(/Har kunden betalt 1[\s\u00a0]?297,00[\s\u00a0]kr i kassen\?/);
    expect(sent).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ja, fortsett' }));
    await screen.findByText('Registrert som betalt i butikken og hentet.');
    expect(sent[0]!.request).toEqual({ kind: 'paid-in-shop' });
  });

  it('a payment cancelled by hand: "Hentet" is locked with the API\'s reason; a refusal from the server is shown as it is', async () => {
    const message = 'Nettbetalingen for reservasjonen er kansellert, så varene er ikke betalt. De kan ikke utleveres: kontakt kundeservice.';
    const scope = staffScope(shopStaff, {
      detail: (id) => Promise.resolve(reservation({ id, statusId: 4, handOver: { mode: 'refused', message }, pickupUntil: '2099-01-01T00:00:00Z' })),
    });
    mount(scope, <StaffPage reservationId={1001} />);
    const button = (await screen.findByRole('button', { name: 'Hentet' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(message);
    expect(screen.queryByRole('button', { name: 'Betalt i butikken' })).toBeNull();
  });

  it('the server refuses a hand-over (422): its Norwegian message is shown', async () => {
    const message = 'En betalingsoperasjon på reservasjonen er under behandling hos betalingsløsningen. Vent til den er bekreftet, og last inn på nytt.';
    const scope = staffScope(shopStaff, {
      detail: (id) => Promise.resolve(reservation({ id, statusId: 4, pickupUntil: '2099-01-01T00:00:00Z' })),
      send: () => Promise.reject(status(422, message)),
    });
    mount(scope, <StaffPage reservationId={1001} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Hentet' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ja, fortsett' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });

  it('a stale screen (409): the server\'s Norwegian message and "Last inn på nytt", which fetches the reservation again', async () => {
    let fetched = 0;
    const scope = staffScope(shopStaff, {
      detail: (id) => (fetched++, Promise.resolve(reservation({ id, version: 4 + fetched }))),
      send: () => Promise.reject(status(409, 'Reservasjonen er endret av en annen. Last inn på nytt.')),
    });
    mount(scope, <StaffPage reservationId={1001} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Klar til henting' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Reservasjonen er endret av en annen. Last inn på nytt.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Last inn på nytt' }));
    await waitFor(() => expect(fetched).toBe(2));
    await waitFor(() => expect(scope.getState($detail)?.version).toBe(6));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a provider failure is shown with the server\'s message', async () => {
    const scope = staffScope(shopStaff, {
      detail: (id) => Promise.resolve(reservation({ id, homeDelivery: true, delivery: 'delivery' })),
      send: () => Promise.reject(status(502, 'Klarna avviste trekket. Ingenting er belastet.')),
    });
    mount(scope, <StaffPage reservationId={1001} />);
    const url = await screen.findByLabelText('Sporingslenke fra fraktselskapet');
    fireEvent.change(url, { target: { value: 'http://ikke-sikker.no/x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sendt' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Skriv inn en gyldig lenke som begynner med https://');
    fireEvent.change(url, { target: { value: 'https://sporing.posten.no/370' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sendt' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ja, fortsett' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Klarna avviste trekket. Ingenting er belastet.'));
  });

  it('a refund needs a reason; the amount is typed in kroner and sent in øre', async () => {
    const sent: SentAction[] = [];
    const scope = staffScope(customerService, {
      detail: (id) => Promise.resolve(reservation({ id, statusId: 5, lines: [line({ fulfilledCount: 2 })], payment: { ...reservation().payment!, capturedAmount: 99800 } })),
      send: (a) => (sent.push(a), Promise.resolve(reservation({ id: a.id, statusId: 5, version: 9 }))),
    });
    mount(scope, <StaffPage reservationId={1001} />);
    fireEvent.change(await screen.findByLabelText('Eller et beløp i kroner'), { target: { value: '199,50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refunder' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Skriv en årsak.');
    fireEvent.change(screen.getByLabelText('Årsak (påkrevd)'), { target: { value: 'Reklamasjon: glidelås' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refunder' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('199,50\u00a0kr');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ja, fortsett' }));
    await screen.findByText('Refusjonen er sendt til betalingsløsningen.');
    expect(sent[0]!.request).toEqual({ kind: 'refund', amount: 19950, reason: 'Reklamasjon: glidelås' });
  });

  it('removing a line sends the line, the count and whether it goes back on the shelf (no money moves: no question)', async () => {
    const sent: SentAction[] = [];
    const scope = staffScope(shopStaff, { send: (a) => (sent.push(a), Promise.resolve(reservation({ id: a.id, version: 5 }))) });
    mount(scope, <StaffPage reservationId={1001} />);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Vare' }), { target: { value: '11' } });
    fireEvent.change(screen.getByLabelText('Antall som fjernes'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fjern' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Antallet må være et helt tall innenfor det som er igjen.');
    fireEvent.change(screen.getByLabelText('Antall som fjernes'), { target: { value: '1' } });
    fireEvent.click(screen.getByLabelText('Legg tilbake på lager'));
    fireEvent.click(screen.getByRole('button', { name: 'Fjern' }));
    await screen.findByText('Varen er fjernet.');
    expect(sent[0]!.request).toEqual({ kind: 'remove-line', lineId: 11, count: 1, restock: false });
  });

  it('a return names the shop the goods came back to and the units', async () => {
    const sent: SentAction[] = [];
    const scope = staffScope(customerService, {
      detail: (id) => Promise.resolve(reservation({ id, statusId: 6, homeDelivery: true, lines: [line({ fulfilledCount: 2 })], payment: { ...reservation().payment!, capturedAmount: 99800 } })),
      send: (a) => (sent.push(a), Promise.resolve(reservation({ id: a.id, statusId: 6, version: 9 }))),
    });
    mount(scope, <StaffPage reservationId={1001} />);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Varene er tilbake i butikken' }), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Antall returnert av Skalljakke M / Blå'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Registrer retur' }));
    await screen.findByText('Returen er registrert.');
    expect(sent[0]!.request).toEqual({ kind: 'returned', shopId: 2, lines: [{ lineId: 11, count: 2 }] });
  });

  it('shop staff get no refund or return on a collected reservation; operations refused at the provider are shown', async () => {
    const scope = staffScope(shopStaff, {
      detail: (id) => Promise.resolve(reservation({ id, statusId: 5, lines: [line({ fulfilledCount: 2 })], payment: { ...reservation().payment!, capturedAmount: 99800, failedOperations: 1 } })),
    });
    mount(scope, <StaffPage reservationId={1001} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Én operasjon ble avvist hos betalingsløsningen. Ingen penger er flyttet for den; kontakt kundeservice.');
    expect(screen.queryByRole('heading', { name: 'Handlinger' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refunder' })).toBeNull();
  });

  it('an id that is not a number, or one the API does not know: "Fant ikke reservasjonen."', async () => {
    mount(staffScope(shopStaff, { detail: () => Promise.reject(status(404, 'Fant ikke reservasjonen.')) }), <StaffPage reservationId={999} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Fant ikke reservasjonen.');
  });

  it('two presses while the first is on its way send once (the button press is the unit)', async () => {
    const sent: SentAction[] = [];
    let answer: (d: StaffReservationDetail) => void = () => undefined;
    const scope = staffScope(shopStaff, { send: (a) => (sent.push(a), new Promise((resolve) => (answer = resolve))) });
    await allSettled(detailOpened, { scope, params: 1001 });
    void allSettled(actionRequested, { scope, params: { kind: 'ready' } });
    void allSettled(actionRequested, { scope, params: { kind: 'ready' } });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(sent).toHaveLength(1);
    answer(reservation({ statusId: 4, version: 5 }));
  });
});

describe('"Må følges opp"', () => {
  const discrepancy = followUpItem({ type: 'payment', operationId: null, paymentId: 4, reservationId: 1002, kind: 'discrepancy', state: 'paid', amount: 49900, known: 'Kustom har trukket 499,00 kr, butikken har registrert 0,00 kr.' });

  it('shop staff see the list with links to the reservations, but neither the reconcile button nor the resolve form', async () => {
    mount(staffScope(shopStaff, { followUp: () => Promise.resolve([followUpItem(), discrepancy]) }), <StaffPage />);
    const list = await screen.findByRole('list', { name: 'Må følges opp' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Reservasjon 1001' }).getAttribute('href')).toBe('/butikk/1001');
    expect(first!.textContent).toContain('Trekk (uavklart)');
    expect(first!.textContent).toContain('Kustom svarte ikke på 48 timer; ukjent om trekket er gjort.');
    expect(first!.textContent).toContain('1\u00a0297,00\u00a0kr');
    expect(second!.textContent).toContain('Avvik mot betalingsløsningen');
    expect(second!.textContent).toContain('Kustom har trukket 499,00 kr, butikken har registrert 0,00 kr.');
    expect(screen.queryByRole('button', { name: 'Kontroller mot betalingsløsningene' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Avklar' })).toBeNull();
  });

  it('nothing to follow up: says so, no list', async () => {
    mount(staffScope(shopStaff), <StaffPage />);
    expect(await screen.findByText('Ingenting må følges opp.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Må følges opp' })).toBeNull();
  });

  it('customer service: the reconcile button runs the check, says what it found and fetches the list again', async () => {
    let listed = 0;
    let reconciled = 0;
    const scope = staffScope(customerService, {
      followUp: () => (listed++, Promise.resolve(listed > 1 ? [discrepancy] : [])),
      reconcile: () => (reconciled++, Promise.resolve({ checked: 3, differs: 1, skipped: 1, results: [] })),
    });
    mount(scope, <StaffPage />);
    await screen.findByText('Ingenting må følges opp.');
    fireEvent.click(screen.getByRole('button', { name: 'Kontroller mot betalingsløsningene' }));
    expect((await screen.findByText(/^Kontrollert 3 betalinger/)).textContent).toBe('Kontrollert 3 betalinger: ett avvik. 1 kunne ikke kontrolleres nå (under behandling eller ikke svar).');
    expect(reconciled).toBe(1);
    await screen.findByRole('list', { name: 'Må følges opp' });
    expect(listed).toBe(2);
  });

  it('customer service settles an unknown operation: a reason is required, then outcome and reason are sent', async () => {
    const asked: ResolveRequest[] = [];
    let listed = 0;
    const scope = staffScope(customerService, {
      followUp: () => (listed++, Promise.resolve(listed > 1 ? [] : [followUpItem()])),
      resolve: (r) => (asked.push(r), Promise.resolve(operation({ state: 'refused' }))),
    });
    mount(scope, <StaffPage />);
    const form = await screen.findByRole('form', { name: 'Avklar Reservasjon 1001' });
    fireEvent.click(within(form).getByRole('button', { name: 'Avklar' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Skriv en årsak.');
    expect(asked).toEqual([]);
    fireEvent.change(within(form).getByLabelText('Utfall hos betalingsløsningen'), { target: { value: 'refused' } });
    fireEvent.change(within(form).getByLabelText('Hva fant du ut? (påkrevd)'), { target: { value: 'Ingen trekk i Kustoms portal.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Avklar' }));
    await waitFor(() => expect(asked).toEqual([{ operationId: 70, reservationId: 1001, outcome: 'refused', reason: 'Ingen trekk i Kustoms portal.' }]));
    expect(await screen.findByText('Ingenting må følges opp.')).toBeTruthy();
  });

  it("the server's refusal of a resolve is shown beside it", async () => {
    const scope = staffScope(customerService, {
      followUp: () => Promise.resolve([followUpItem()]),
      resolve: () => Promise.reject(status(409, 'Operasjonen er ikke lenger til oppfølging. Last inn på nytt.')),
    });
    mount(scope, <StaffPage />);
    const form = await screen.findByRole('form', { name: 'Avklar Reservasjon 1001' });
    fireEvent.change(within(form).getByLabelText('Hva fant du ut? (påkrevd)'), { target: { value: 'Trukket' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Avklar' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Operasjonen er ikke lenger til oppfølging. Last inn på nytt.');
  });
});

describe("a reservation's payment states", () => {
  const payment = reservation().payment!;

  it('money on its way: "Trekk behandles" / "Refusjon behandles" with the amounts; the confirmed amounts stay as they are', async () => {
    const scope = staffScope(shopStaff, {
      detail: (id) => Promise.resolve(reservation({ id, statusId: 5, payment: { ...payment, capturedAmount: 129700, pendingOperations: 1, pendingRefund: 19950, operations: [operation(), operation({ id: 71, kind: 'refund', state: 'sent', amount: 19950, doneAt: null })] } })),
    });
    mount(scope, <StaffPage reservationId={1001} />);
    // The queries' normaliser turns the no-break spaces of amounts into plain ones.
    expect((await screen.findByText('Refusjon behandles: 199,50 kr')).getAttribute('role')).toBe('status');
    expect(screen.getByText('Refusjon behandles', { selector: 'strong' })).toBeTruthy();
    expect(screen.queryByText(/Venter på betalingsløsningen/)).toBeNull();
    const facts = screen.getByRole('heading', { name: 'Betaling' }).parentElement!;
    expect(facts.textContent).toContain('Refundert0,00\u00a0kr');
  });

  it('a capture on its way', async () => {
    const scope = staffScope(shopStaff, {
      detail: (id) => Promise.resolve(reservation({ id, statusId: 5, payment: { ...payment, pendingOperations: 1, pendingCapture: 129700 } })),
    });
    mount(scope, <StaffPage reservationId={1001} />);
    expect(await screen.findByText('Trekk behandles: 1 297,00 kr')).toBeTruthy();
    expect(screen.getByText('Trekk behandles', { selector: 'strong' })).toBeTruthy();
  });

  it('an operation to be followed up and a difference from the provider are alerts with what is known', async () => {
    const scope = staffScope(shopStaff, {
      detail: (id) =>
        Promise.resolve(
          reservation({
            id,
            statusId: 5,
            payment: {
              ...payment,
              unknownOperations: 1,
              operations: [operation({ state: 'unknown', amount: 50000, followUp: 'Kustom svarte ikke på 48 timer.', doneAt: null })],
              discrepancy: 'Kustom har trukket 500,00 kr, butikken har registrert 0,00 kr.',
            },
          }),
        ),
    });
    mount(scope, <StaffPage reservationId={1001} />);
    await screen.findByRole('heading', { name: 'Reservasjon 1001' });
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toContain('Må følges opp: Trekk på 500,00\u00a0kr – Kustom svarte ikke på 48 timer.');
    expect(alerts).toContain('Avvik mot betalingsløsningen: Kustom har trukket 500,00 kr, butikken har registrert 0,00 kr.');
  });
});
