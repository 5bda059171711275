import { describe, expect, it } from 'vitest';
import { verdictOf, type SettleInput, type Verdict } from './settle.js';
import type { LedgerTransaction, ProviderLedger } from './types.js';

const ledger = (over: Partial<ProviderLedger> = {}, transactions: LedgerTransaction[] = []): ProviderLedger => ({
  captured: 0,
  refunded: 0,
  cancelled: false,
  remainingAuthorized: null,
  fraudStatus: null,
  transactions,
  ...over,
});
const input = (over: Partial<SettleInput> = {}): SettleInput => ({ kind: 'capture', amount: 10000, recorded: { captured: 0, refunded: 0 }, providerRef: null, attributed: new Set(), ...over });
const tx = (id: string, kind: LedgerTransaction['kind'], amount: number, status: LedgerTransaction['status'] = 'settled'): LedgerTransaction => ({ id, kind, amount, status });

describe('verdictOf: what happened to an operation whose answer the shop does not have', () => {
  it.each<[string, SettleInput, ProviderLedger, Verdict['outcome'], string?]>([
    ['capture done (lost answer)', input(), ledger({ captured: 10000 }, [tx('c1', 'capture', 10000)]), 'done', 'c1'],
    ['capture not done (crash before sending)', input(), ledger(), 'not-done'],
    ['second capture done', input({ recorded: { captured: 5000, refunded: 0 }, attributed: new Set(['c1']) }), ledger({ captured: 15000 }, [tx('c1', 'capture', 5000), tx('c2', 'capture', 10000)]), 'done', 'c2'],
    ['second capture not done', input({ recorded: { captured: 5000, refunded: 0 }, attributed: new Set(['c1']) }), ledger({ captured: 5000 }, [tx('c1', 'capture', 5000)]), 'not-done'],
    ['captured more than recorded plus this: a person looks', input(), ledger({ captured: 20000 }), 'contradiction'],
    ['captured less than recorded: a person looks', input({ recorded: { captured: 5000, refunded: 0 } }), ledger({ captured: 0 }), 'contradiction'],
    ['qliro: its own transaction still in process', input({ providerRef: 'q1' }), ledger({}, [tx('q1', 'capture', 10000, 'pending')]), 'pending'],
    ['qliro: its own transaction failed', input({ providerRef: 'q1' }), ledger({}, [tx('q1', 'capture', 10000, 'error')]), 'not-done'],
    ['qliro: its own transaction succeeded', input({ providerRef: 'q1' }), ledger({ captured: 10000 }, [tx('q1', 'capture', 10000)]), 'done', 'q1'],
    ['qliro: answer lost, an unknown transaction in process', input(), ledger({}, [tx('q9', 'capture', 10000, 'pending')]), 'pending'],
    ['refund done', input({ kind: 'refund', recorded: { captured: 10000, refunded: 0 } }), ledger({ captured: 10000, refunded: 10000 }, [tx('r1', 'refund', 10000)]), 'done', 'r1'],
    ['refund not done', input({ kind: 'refund', recorded: { captured: 10000, refunded: 0 } }), ledger({ captured: 10000 }), 'not-done'],
    ['cancel done', input({ kind: 'cancel' }), ledger({ cancelled: true }), 'done'],
    ['cancel not done', input({ kind: 'cancel' }), ledger(), 'not-done'],
    ['release done (kustom: nothing left authorised)', input({ kind: 'release' }), ledger({ remainingAuthorized: 0, captured: 5000 }), 'done'],
    ['release done (qliro: the rest reversed)', input({ kind: 'release' }), ledger({ cancelled: true }, [tx('v1', 'cancel', 5000)]), 'done', 'v1'],
    ['release not done', input({ kind: 'release' }), ledger({ remainingAuthorized: 5000 }), 'not-done'],
    ['extend moves no money: send again', input({ kind: 'extend' }), ledger(), 'not-done'],
  ])('%s', (_name, given, found, outcome, ref) => {
    const verdict = verdictOf(given, found);
    expect(verdict.outcome).toBe(outcome);
    if (ref) expect(verdict).toMatchObject({ providerRef: ref });
  });
});
