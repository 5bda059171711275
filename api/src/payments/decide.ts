/**
 * Whether a provider operation staff ask for may be queued, and for how much (pure; table-driven tests beside it).
 * What is already queued counts as done, so two employees clicking at once cannot capture or refund twice.
 */
import type { OperationKind, OperationLine, ProviderName } from './types.js';
import { paymentTexts } from './texts.js';

export interface PaymentState {
  provider: ProviderName;
  status: string;
  authorizedAmount: number;
  capturedAmount: number;
  refundedAmount: number;
}

export interface Pending {
  capture: number;
  refund: number;
  cancel: boolean;
  /** A release is queued: nothing more will be captured. */
  release?: boolean;
}

export interface OperationAsk {
  kind: OperationKind;
  amount?: number;
  lines?: OperationLine[];
}

export type Decision = { ok: true; amount: number; lines: OperationLine[] | null } | { ok: false; message: string };

const refuse = (message: string): Decision => ({ ok: false, message });

/** Σ unit price × quantity of the asked lines, or null when a line is unknown or asks for more than was sold. */
export function linesAmount(lines: OperationLine[], sold: Array<{ reference: string; quantity: number; unitPrice: number }>): number | null {
  let sum = 0;
  const asked = new Map<string, number>();
  for (const l of lines) asked.set(l.reference, (asked.get(l.reference) ?? 0) + l.quantity);
  for (const [reference, quantity] of asked) {
    const line = sold.find((s) => s.reference === reference);
    if (!line || quantity < 1 || quantity > line.quantity) return null;
    sum += line.unitPrice * quantity;
  }
  return sum;
}

export function decideOperation(
  payment: PaymentState,
  pending: Pending,
  ask: OperationAsk,
  sold: Array<{ reference: string; quantity: number; unitPrice: number }>,
): Decision {
  const lines = ask.lines?.length ? ask.lines : null;
  const fromLines = lines ? linesAmount(lines, sold) : null;
  if (lines && fromLines === null) return refuse(paymentTexts.operationLines);
  const authorised = ['paid', 'late', 'mismatch'].includes(payment.status);
  switch (ask.kind) {
    case 'capture': {
      if (payment.status !== 'paid' || pending.cancel || pending.release) return refuse(paymentTexts.operationNotAllowed);
      const remaining = payment.authorizedAmount - payment.capturedAmount - pending.capture;
      const amount = fromLines ?? ask.amount ?? remaining;
      if (amount <= 0 || amount > remaining || (fromLines !== null && ask.amount !== undefined && ask.amount !== fromLines)) return refuse(paymentTexts.operationAmount);
      // Qliro captures items: "all of it" is only right when nothing was captured before; else name the lines.
      if (payment.provider === 'qliro' && !lines && (amount !== payment.authorizedAmount || payment.capturedAmount + pending.capture > 0)) return refuse(paymentTexts.operationLines);
      return { ok: true, amount, lines };
    }
    case 'refund': {
      const refundable = payment.capturedAmount - payment.refundedAmount - pending.refund;
      const amount = fromLines ?? ask.amount ?? refundable;
      if (amount <= 0 || amount > refundable || (fromLines !== null && ask.amount !== undefined && ask.amount !== fromLines)) return refuse(paymentTexts.operationAmount);
      if (payment.provider === 'qliro' && !lines && (amount !== payment.authorizedAmount || payment.refundedAmount + pending.refund > 0)) return refuse(paymentTexts.operationLines);
      return { ok: true, amount, lines };
    }
    case 'cancel': {
      if (!authorised || payment.capturedAmount > 0 || pending.capture > 0 || pending.cancel) return refuse(paymentTexts.operationNotAllowed);
      return { ok: true, amount: payment.authorizedAmount, lines: null };
    }
    case 'release': {
      // After a partial capture: nothing more will be captured, give the rest back.
      const remaining = payment.authorizedAmount - payment.capturedAmount - pending.capture;
      if (payment.status !== 'paid' || payment.capturedAmount + pending.capture <= 0 || remaining <= 0 || pending.cancel || pending.release) return refuse(paymentTexts.operationNotAllowed);
      return { ok: true, amount: remaining, lines: null };
    }
    case 'extend': {
      if (payment.status !== 'paid' || payment.capturedAmount >= payment.authorizedAmount || pending.cancel || pending.release) return refuse(paymentTexts.operationNotAllowed);
      return { ok: true, amount: 0, lines: null };
    }
  }
}
