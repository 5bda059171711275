import { describe, expect, it } from 'vitest';
import { formatMoney } from '@shop/contracts/format';
import { orderMail, osloDateTime, type OrderMailData, type OrderMailKind } from './mail.js';

const order: OrderMailData = {
  reservationId: 4711,
  name: 'Åse',
  email: 'aase@example.no',
  homeDelivery: false,
  shopName: 'Oslo Sentrum',
  shopAddress: 'Karl Johans gate 14',
  lines: [
    { name: 'Turjakke Fjell', size: 'M', color: 'Blå', count: 2, price: 129900 },
    { name: 'Ullsokker', size: '39–42', color: 'Grå', count: 1, price: 19900 },
  ],
  shippingPrice: 0,
  discount: 10000,
  total: 2 * 129900 + 19900 - 10000,
  // 16:00 UTC in November is 17:00 in Oslo (CET); a Friday.
  pickupUntil: new Date('2026-11-20T16:00:00Z'),
  trackingUrl: null,
  refundedAmount: null,
  publicUrl: 'https://www.staut.no/',
};
const delivery: OrderMailData = { ...order, homeDelivery: true, shippingPrice: 9900, total: order.total + 9900, trackingUrl: 'https://sporing.posten.no/sporing/ABC123?lang=nb&x=1' };

const cases: Array<[OrderMailKind, OrderMailData, RegExp, string[]]> = [
  ['confirmation', order, /^Takk for bestillingen – reservasjon 4711$/, ['reservert varene for deg i Oslo Sentrum, Karl Johans gate 14', 'trekkes først når du henter']],
  ['confirmation', delivery, /^Takk for bestillingen – reservasjon 4711$/, ['sporingslenke', 'trekkes først når pakken sendes']],
  ['ready', order, /^Reservasjon 4711 er klar til henting$/, ['klare til henting i Oslo Sentrum, Karl Johans gate 14', 'Hent dem innen fredag 20. november kl. 17:00', 'reservasjonsnummer 4711']],
  ['shipped', delivery, /^Reservasjon 4711 er sendt$/, ['Pakken din er på vei!', 'Følg sendingen her:']],
  ['not-collected', order, /^Reservasjon 4711 ble ikke hentet$/, ['Hentefristen for reservasjon 4711 i Oslo Sentrum er ute', 'ikke belastet']],
  ['cancelled', order, /^Reservasjon 4711 er kansellert$/, ['Reservasjon 4711 er kansellert.', 'ikke belastet']],
  ['refunded', { ...delivery, refundedAmount: 19900 }, /^Vi har refundert 199,00\u00a0kr – reservasjon 4711$/, ['Vi har refundert 199,00\u00a0kr for reservasjon 4711.']],
];

describe('order e-mails', () => {
  it.each(cases)('%s: subject, text and HTML with the lines and totals', (kind, data, subject, says) => {
    const mail = orderMail(kind, data);
    expect(mail.to).toBe('aase@example.no');
    expect(mail.subject).toMatch(subject);
    const html = mail.html!;
    for (const [body, amp] of [[mail.body, (s: string) => s], [html, (s: string) => s.replaceAll('&', '&amp;')]] as const) {
      expect(body).toContain('Hei Åse!');
      for (const s of says) expect(body).toContain(s);
      expect(body).toContain('Turjakke Fjell');
      expect(body).toContain('Blå');
      expect(body).toContain(`2 × ${formatMoney(129900)}`);
      expect(body).toContain(formatMoney(2 * 129900));
      expect(body).toContain(`1 × ${formatMoney(19900)}`);
      expect(body).toContain(formatMoney(-10000));
      expect(body).toContain(formatMoney(data.total));
      expect(body).toContain('https://www.staut.no/konto/historikk');
      if (data.homeDelivery) expect(body).toContain(formatMoney(9900));
      if (kind === 'shipped') expect(body).toContain(amp(data.trackingUrl!));
    }
    expect(mail.body).toContain(`Totalt: ${formatMoney(data.total)}`);
    expect(mail.body).toContain(`Rabatt: ${formatMoney(-10000)}`);
    expect(html).toContain('<table');
    expect(html).toContain('href="https://www.staut.no/konto/historikk"');
  });

  it('the shipped mail links the tracking URL; click-and-collect mails show no shipping line', () => {
    expect(orderMail('shipped', delivery).html).toContain('href="https://sporing.posten.no/sporing/ABC123?lang=nb&amp;x=1"');
    expect(orderMail('shipped', delivery).body).toContain('Følg sendingen her: https://sporing.posten.no/sporing/ABC123?lang=nb&x=1');
    expect(orderMail('ready', order).body).not.toContain('Frakt');
    expect(orderMail('ready', delivery).body).toContain(`Frakt: ${formatMoney(9900)}`);
  });

  it('every interpolated value is escaped: a name, product or tracking URL with markup never appears raw', () => {
    const evil: OrderMailData = {
      ...delivery,
      name: '<script>alert(1)</script>',
      shopName: '"><img src=x onerror=alert(2)>',
      lines: [{ name: '<b>Jakke</b>', size: '<i>', color: '"&', count: 1, price: 100 }],
      trackingUrl: 'javascript:alert(3)',
    };
    for (const kind of ['confirmation', 'ready', 'shipped', 'not-collected', 'cancelled', 'refunded'] as const) {
      const { html, body } = orderMail(kind, evil);
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('<img');
      expect(html).not.toContain('<b>Jakke');
      expect(html).not.toContain('<i>');
      expect(html).not.toContain('href="javascript:');
      expect(body).toContain('Hei <script>alert(1)</script>!');
    }
    expect(orderMail('ready', evil).html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(orderMail('shipped', evil).html).toContain('Sporing: javascript:alert(3)');
  });

  it.each([
    ['winter (CET)', '2026-01-05T08:05:00Z', 'mandag 5. januar kl. 09:05'],
    ['summer (CEST)', '2026-07-01T22:30:00Z', 'torsdag 2. juli kl. 00:30'],
  ])('Oslo time, %s', (_, iso, text) => {
    expect(osloDateTime(new Date(iso))).toBe(text);
  });
});
