/**
 * Which capture each refunded unit was captured in. Qliro's ReturnItems takes `Returns: [{ PaymentTransactionId,
 * OrderItems }]`, one entry per capture transaction, and refuses to return from a capture more than that capture
 * shipped (https://developers.qliro.com/api-reference/admin/orders/return-items). A reservation handed over in two
 * parts has two captures, so a refund is split by them: earliest capture first, less what earlier refunds already
 * returned from it. Pure; table tests beside it.
 */
import type { OperationLine } from './types.js';

export interface CaptureRecord {
  /** The capture's provider id (Qliro PaymentTransactionId). */
  ref: string;
  lines: OperationLine[];
}

export interface ReturnRecord {
  captureRef: string;
  lines: OperationLine[];
}

export interface Allocation {
  captureRef: string;
  lines: OperationLine[];
  amount: number;
}

/** Null when the asked units are more than the captures hold (less what was already returned from them). */
export function allocateReturns(captures: CaptureRecord[], earlier: ReturnRecord[], asked: OperationLine[], unitPrice: (reference: string) => number): Allocation[] | null {
  const left = new Map<string, Map<string, number>>();
  for (const c of captures) {
    const m = left.get(c.ref) ?? new Map<string, number>();
    for (const l of c.lines) m.set(l.reference, (m.get(l.reference) ?? 0) + l.quantity);
    left.set(c.ref, m);
  }
  for (const r of earlier) {
    const m = left.get(r.captureRef);
    if (!m) continue;
    for (const l of r.lines) m.set(l.reference, (m.get(l.reference) ?? 0) - l.quantity);
  }
  const out = new Map<string, Map<string, number>>();
  for (const want of asked) {
    let quantity = want.quantity;
    for (const c of captures) {
      if (quantity <= 0) break;
      const m = left.get(c.ref)!;
      const take = Math.min(quantity, Math.max(0, m.get(want.reference) ?? 0));
      if (take <= 0) continue;
      m.set(want.reference, m.get(want.reference)! - take);
      const o = out.get(c.ref) ?? new Map<string, number>();
      o.set(want.reference, (o.get(want.reference) ?? 0) + take);
      out.set(c.ref, o);
      quantity -= take;
    }
    if (quantity > 0) return null;
  }
  return captures
    .filter((c, i) => out.has(c.ref) && captures.findIndex((d) => d.ref === c.ref) === i)
    .map((c) => {
      const lines = [...out.get(c.ref)!].map(([reference, quantity]) => ({ reference, quantity }));
      return { captureRef: c.ref, lines, amount: lines.reduce((s, l) => s + unitPrice(l.reference) * l.quantity, 0) };
    });
}
