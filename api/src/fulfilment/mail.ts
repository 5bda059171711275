/**
 * The e-mails a reservation sends on its way (issue 20): confirmation, ready for pickup, shipped, not collected,
 * cancelled, refunded. Pure: the caller passes the order as it is after the change and enqueues the result with
 * Mailer.enqueue in the same transaction (accounts/mail.ts), so a mail exists exactly when its status change does.
 *
 * Each mail has a plain-text body and an HTML alternative (multipart/alternative on the wire). Every value that
 * comes from a shopper or staff (name, product names, tracking URL) is HTML-escaped; a tracking URL becomes a link
 * only when it is http(s), so a `javascript:` URL typed by mistake is shown as text. Money as the shop prints it
 * (formatMoney), times in Europe/Oslo whatever the server's zone.
 */
import { formatMoney, MONTHS, WEEKDAYS } from '@shop/contracts/format';
import type { MailMessage } from '../accounts/mail.js';
import { escapeHtml } from '../server/html.js';

export type OrderMailKind = 'confirmation' | 'ready' | 'shipped' | 'not-collected' | 'cancelled' | 'refunded';

export interface OrderMailData {
  reservationId: number;
  name: string;
  email: string;
  homeDelivery: boolean;
  shopName: string;
  shopAddress: string;
  /** `price`: øre per unit incl. VAT. */
  lines: Array<{ name: string; size: string; color: string; count: number; price: number }>;
  shippingPrice: number;
  discount: number;
  total: number;
  trackingUrl?: string | null;
  pickupUntil?: Date | null;
  refundedAmount?: number | null;
  publicUrl: string;
}

const SIGNATURE = 'Hilsen Staut';

/** "fredag 22. november kl. 18:00" in Oslo time (a pickup deadline must read the same as on the shop's wall). */
export function osloDateTime(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const [year, month, day] = [Number(parts.year), Number(parts.month), Number(parts.day)];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return `${WEEKDAYS[weekday]} ${day}. ${MONTHS[month - 1]} kl. ${parts.hour}:${parts.minute}`;
}

const isWebUrl = (url: string) => /^https?:\/\/[^\s]+$/i.test(url);

interface Content {
  subject: string;
  /** Paragraphs before the order table; `link` is shown as a link in HTML. */
  before: Array<{ text: string; link?: string }>;
  /** Paragraphs after it. */
  after: string[];
}

function content(kind: OrderMailKind, o: OrderMailData): Content {
  const id = o.reservationId;
  const where = `${o.shopName}, ${o.shopAddress}`;
  switch (kind) {
    case 'confirmation':
      return {
        subject: `Takk for bestillingen – reservasjon ${id}`,
        before: [
          {
            text: o.homeDelivery
              ? 'Takk for bestillingen! Vi pakker varene så snart vi kan, og du får en ny e-post med sporingslenke når pakken er sendt.'
              : `Takk for bestillingen! Vi har reservert varene for deg i ${where}. Du får en ny e-post når de er klare til henting.`,
          },
        ],
        after: [o.homeDelivery ? 'Beløpet trekkes først når pakken sendes.' : 'Beløpet trekkes først når du henter varene.'],
      };
    case 'ready':
      return {
        subject: `Reservasjon ${id} er klar til henting`,
        before: [
          { text: `Varene dine er klare til henting i ${where}.` },
          {
            text: o.pickupUntil
              ? `Hent dem innen ${osloDateTime(o.pickupUntil)}, og oppgi reservasjonsnummer ${id} i kassen.`
              : `Oppgi reservasjonsnummer ${id} i kassen når du henter dem.`,
          },
        ],
        after: ['Beløpet trekkes når du henter varene. Henter du ikke innen fristen, går varene tilbake på hylla og du blir ikke belastet.'],
      };
    case 'shipped': {
      const url = o.trackingUrl?.trim();
      return {
        subject: `Reservasjon ${id} er sendt`,
        before: [
          { text: 'Pakken din er på vei!' },
          ...(url ? [isWebUrl(url) ? { text: 'Følg sendingen her:', link: url } : { text: `Sporing: ${url}` }] : []),
        ],
        after: ['Beløpet for det som er sendt, er nå trukket.'],
      };
    }
    case 'not-collected':
      return {
        subject: `Reservasjon ${id} ble ikke hentet`,
        before: [{ text: `Hentefristen for reservasjon ${id} i ${o.shopName} er ute, så varene er satt tilbake på hylla.` }],
        after: ['Betalingen er annullert, og du blir ikke belastet. Vil du fortsatt ha varene, er du velkommen til å bestille på nytt.'],
      };
    case 'cancelled':
      return {
        subject: `Reservasjon ${id} er kansellert`,
        before: [{ text: `Reservasjon ${id} er kansellert.` }],
        after: ['Betalingen er annullert, og du blir ikke belastet. Lurer du på noe, kan du svare på denne e-posten.'],
      };
    case 'refunded': {
      const amount = formatMoney(o.refundedAmount ?? o.total);
      return {
        subject: `Vi har refundert ${amount} – reservasjon ${id}`,
        before: [{ text: `Vi har refundert ${amount} for reservasjon ${id}.` }],
        after: ['Det kan ta noen dager før pengene er tilbake på kontoen din, avhengig av betalingsmåten.'],
      };
    }
  }
}

/** The rows of the order table: each line, then shipping, discount and the total. */
function rows(o: OrderMailData) {
  const lines = o.lines.map((l) => ({
    name: l.name,
    variant: [l.size, l.color].filter(Boolean).join(', '),
    quantity: `${l.count} × ${formatMoney(l.price)}`,
    amount: formatMoney(l.count * l.price),
  }));
  const sums: Array<[string, string]> = [];
  if (o.shippingPrice > 0 || o.homeDelivery) sums.push(['Frakt', formatMoney(o.shippingPrice)]);
  if (o.discount > 0) sums.push(['Rabatt', formatMoney(-o.discount)]);
  sums.push(['Totalt', formatMoney(o.total)]);
  return { lines, sums };
}

function textBody(c: Content, o: OrderMailData, historyUrl: string): string {
  const { lines, sums } = rows(o);
  return [
    `Hei ${o.name}!`,
    '',
    ...c.before.map((p) => (p.link ? `${p.text} ${p.link}` : p.text)),
    '',
    `Reservasjon ${o.reservationId}:`,
    ...lines.map((l) => `- ${l.name}${l.variant ? ` (${l.variant})` : ''}: ${l.quantity} = ${l.amount}`),
    ...sums.map(([label, value]) => `${label}: ${value}`),
    '',
    ...c.after,
    '',
    `Se bestillingene dine: ${historyUrl}`,
    '',
    SIGNATURE,
  ].join('\n');
}

const cell = 'padding:6px 8px;border-bottom:1px solid #e2e2e2;vertical-align:top';
const right = `${cell};text-align:right;white-space:nowrap`;

function htmlBody(c: Content, o: OrderMailData, historyUrl: string): string {
  const e = escapeHtml;
  const { lines, sums } = rows(o);
  const paragraph = (text: string) => `<p style="margin:0 0 12px">${text}</p>`;
  const link = (url: string, label: string) => `<a href="${e(url)}" style="color:#1a5632">${e(label)}</a>`;
  const lineRows = lines
    .map(
      (l) =>
        `<tr><td style="${cell}">${e(l.name)}${l.variant ? `<br><span style="color:#555">${e(l.variant)}</span>` : ''}</td>` +
        `<td style="${right}">${e(l.quantity)}</td><td style="${right}">${e(l.amount)}</td></tr>`,
    )
    .join('');
  const sumRows = sums
    .map(([label, value], i) => {
      const weight = i === sums.length - 1 ? 'font-weight:bold;' : '';
      return `<tr><td colspan="2" style="${cell};${weight}">${e(label)}</td><td style="${right};${weight}">${e(value)}</td></tr>`;
    })
    .join('');
  return [
    '<!DOCTYPE html>',
    `<html lang="nb"><head><meta charset="utf-8"><title>${e(c.subject)}</title></head>`,
    '<body style="margin:0;padding:16px;background:#f6f6f4;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1d1d1b">',
    '<div style="max-width:600px;margin:0 auto;background:#ffffff;padding:24px">',
    paragraph(`Hei ${e(o.name)}!`),
    ...c.before.map((p) => paragraph(p.link ? `${e(p.text)} ${link(p.link, p.link)}` : e(p.text))),
    `<table role="presentation" style="width:100%;border-collapse:collapse;margin:16px 0">`,
    `<caption style="text-align:left;font-weight:bold;padding:0 0 8px">Reservasjon ${e(String(o.reservationId))}</caption>`,
    `${lineRows}${sumRows}</table>`,
    ...c.after.map((t) => paragraph(e(t))),
    paragraph(link(historyUrl, 'Se bestillingene dine')),
    paragraph(e(SIGNATURE)),
    '</div></body></html>',
  ].join('\n');
}

/**
 * The mail for `kind` to the order's shopper: subject with the reservation number, text and HTML. Retryable: the
 * outbox worker (accounts/outbox.ts) re-delivers it after a relay outage — a lost "ready for pickup" would let the
 * pickup sweep cancel the reservation of a shopper who was never told.
 */
export function orderMail(kind: OrderMailKind, order: OrderMailData): MailMessage {
  const c = content(kind, order);
  const historyUrl = `${order.publicUrl.replace(/\/+$/, '')}/konto/historikk`;
  return { to: order.email, subject: c.subject, body: textBody(c, order, historyUrl), html: htmlBody(c, order, historyUrl), retryable: true };
}
