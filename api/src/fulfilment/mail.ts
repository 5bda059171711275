/**
 * The order e-mails of the shop workspace (confirmation, ready for pickup, shipped, not collected, cancelled,
 * refunded). Minimal plain-text version: the HTML + text templates replace this body (one function, same signature).
 */
import type { MailMessage } from '../accounts/mail.js';

export type OrderMailKind = 'confirmation' | 'ready' | 'shipped' | 'not-collected' | 'cancelled' | 'refunded';

export interface OrderMailData {
  reservationId: number;
  name: string;
  email: string;
  homeDelivery: boolean;
  shopName: string;
  shopAddress: string;
  lines: Array<{ name: string; size: string; color: string; count: number; price: number }>;
  shippingPrice: number;
  discount: number;
  total: number;
  trackingUrl?: string;
  pickupUntil?: Date;
  refundedAmount?: number;
  publicUrl: string;
}

const SUBJECTS: Record<OrderMailKind, string> = {
  confirmation: 'Ordrebekreftelse',
  ready: 'Klar til henting',
  shipped: 'Bestillingen din er sendt',
  'not-collected': 'Reservasjonen ble ikke hentet',
  cancelled: 'Reservasjonen er kansellert',
  refunded: 'Du har fått pengene tilbake',
};

const kr = (ore: number) => `${(ore / 100).toFixed(2).replace('.', ',')} kr`;

export function orderMail(kind: OrderMailKind, order: OrderMailData): MailMessage {
  const lines = order.lines.map((l) => `${l.count} × ${l.name} (${l.size}, ${l.color}) ${kr(l.price * l.count)}`);
  const extra = [
    order.trackingUrl ? `Sporing: ${order.trackingUrl}` : null,
    order.pickupUntil ? `Hent innen: ${order.pickupUntil.toISOString()}` : null,
    order.refundedAmount ? `Refundert: ${kr(order.refundedAmount)}` : null,
  ].filter((l) => l !== null);
  return {
    to: order.email,
    subject: `${SUBJECTS[kind]} – reservasjon ${order.reservationId}`,
    body: [`Hei ${order.name}!`, '', ...lines, `Totalt: ${kr(order.total)}`, ...extra, '', `${order.shopName}, ${order.shopAddress}`, order.publicUrl].join('\n'),
  };
}
