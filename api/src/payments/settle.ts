/**
 * What the provider's own record says about one operation whose answer the shop does not have (a lost answer, a
 * crash after the request went out, a Qliro request whose result is awaited). Pure; table tests beside it.
 *
 * It works because one payment's operations reach the provider one at a time (operations.ts claims an operation only
 * when every earlier one of its payment is settled): before this operation the provider's totals equal what the shop
 * has recorded as confirmed, so afterwards they equal either that (not done) or that plus this operation (done).
 * Anything else is a contradiction a person must look at; the shop never guesses.
 */
import type { LedgerTransaction, ProviderLedger } from './types.js';

export type SettleKind = 'capture' | 'refund' | 'cancel' | 'release' | 'extend' | 'void';

/** done: the provider did it; not-done: safe to send again; pending: the provider is still processing; contradiction: a person looks. */
export type Verdict =
  | { outcome: 'done'; providerRef: string | null }
  | { outcome: 'not-done'; providerError?: boolean }
  | { outcome: 'pending' }
  | { outcome: 'contradiction'; found: string };

export interface SettleInput {
  kind: SettleKind;
  /** Øre this operation moves (capture/refund). */
  amount: number;
  /** What the shop has recorded as confirmed on the payment before this operation. */
  recorded: { captured: number; refunded: number };
  /** The provider's id of this operation's request when its answer came (Qliro PaymentTransactionId). */
  providerRef: string | null;
  /** Provider ids already attributed to other confirmed operations of the payment. */
  attributed: ReadonlySet<string>;
}

const TX_KIND: Partial<Record<SettleKind, LedgerTransaction['kind']>> = { capture: 'capture', refund: 'refund', cancel: 'cancel', release: 'cancel' };

/** The newest transaction of the operation's kind not yet attributed to another operation. */
function unattributed(ledger: ProviderLedger, kind: SettleKind, attributed: ReadonlySet<string>): LedgerTransaction | null {
  const wanted = TX_KIND[kind];
  if (!wanted) return null;
  const candidates = ledger.transactions.filter((t) => t.kind === wanted && !attributed.has(t.id));
  return candidates[candidates.length - 1] ?? null;
}

export function verdictOf(input: SettleInput, ledger: ProviderLedger): Verdict {
  const { kind, amount, recorded, providerRef, attributed } = input;
  if (kind === 'extend' || kind === 'void') return { outcome: 'not-done' }; // no money moves: sending again is harmless
  // The request's own transaction, when the provider named it: its status is the answer (Qliro).
  const own = providerRef ? ledger.transactions.find((t) => t.id === providerRef) : undefined;
  if (own) {
    if (own.status === 'pending') return { outcome: 'pending' };
    if (own.status === 'error') return { outcome: 'not-done', providerError: true };
  } else if (ledger.transactions.some((t) => t.status === 'pending' && !attributed.has(t.id))) {
    // A request of ours is still being processed (its answer was lost): wait for it rather than send another.
    return { outcome: 'pending' };
  }
  const ref = own?.id ?? unattributed(ledger, kind, attributed)?.id ?? null;
  switch (kind) {
    case 'capture':
    case 'refund': {
      const before = kind === 'capture' ? recorded.captured : recorded.refunded;
      const now = kind === 'capture' ? ledger.captured : ledger.refunded;
      if (now === before + amount) return { outcome: 'done', providerRef: ref };
      if (now === before) return { outcome: 'not-done' };
      return { outcome: 'contradiction', found: `${kind === 'capture' ? 'trukket' : 'refundert'} ${now} øre hos leverandøren, ${before} øre registrert før denne operasjonen på ${amount} øre` };
    }
    case 'cancel':
      return ledger.cancelled ? { outcome: 'done', providerRef: ref } : { outcome: 'not-done' };
    case 'release':
      if (ledger.cancelled || ledger.remainingAuthorized === 0) return { outcome: 'done', providerRef: ref };
      return { outcome: 'not-done' };
  }
}
