import { describe, expect, it } from 'vitest';
import { allocateReturns, type CaptureRecord, type ReturnRecord } from './allocation.js';

const price = (reference: string) => ({ A: 10000, B: 5000, frakt: 4900 })[reference] ?? 0;
const line = (reference: string, quantity: number) => ({ reference, quantity });

describe('allocateReturns: a refund split by the capture each unit was captured in', () => {
  it.each<[string, CaptureRecord[], ReturnRecord[], ReturnType<typeof line>[], Array<[string, string[], number]> | null]>([
    ['one capture', [{ ref: 'c1', lines: [line('A', 2)] }], [], [line('A', 1)], [['c1', ['A×1'], 10000]]],
    ['earliest capture first', [{ ref: 'c1', lines: [line('A', 1)] }, { ref: 'c2', lines: [line('A', 1), line('B', 1)] }], [], [line('A', 2), line('B', 1)], [['c1', ['A×1'], 10000], ['c2', ['A×1', 'B×1'], 15000]]],
    ['what earlier refunds returned is gone', [{ ref: 'c1', lines: [line('A', 1)] }, { ref: 'c2', lines: [line('A', 1)] }], [{ captureRef: 'c1', lines: [line('A', 1)] }], [line('A', 1)], [['c2', ['A×1'], 10000]]],
    ['shipping refunded from the capture that took it', [{ ref: 'c1', lines: [line('A', 1), line('frakt', 1)] }, { ref: 'c2', lines: [line('B', 1)] }], [], [line('frakt', 1), line('B', 1)], [['c1', ['frakt×1'], 4900], ['c2', ['B×1'], 5000]]],
    ['more than captured', [{ ref: 'c1', lines: [line('A', 1)] }], [], [line('A', 2)], null],
    ['a line never captured', [{ ref: 'c1', lines: [line('A', 1)] }], [], [line('B', 1)], null],
    ['everything already returned', [{ ref: 'c1', lines: [line('A', 1)] }], [{ captureRef: 'c1', lines: [line('A', 1)] }], [line('A', 1)], null],
  ])('%s', (_name, captures, earlier, asked, expected) => {
    const got = allocateReturns(captures, earlier, asked, price);
    expect(got && got.map((a) => [a.captureRef, a.lines.map((l) => `${l.reference}×${l.quantity}`), a.amount])).toEqual(expected);
  });
});
