import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exitOnStopSignals, type StopSignal } from '../../src/stop-signals.js';

/** A process that records exits and delivers signals like Node does: to listeners, else the default action (death). */
class FakeProcess extends EventEmitter {
  exits: number[] = [];
  killedBy: StopSignal | null = null;
  exit(code: number): void {
    this.exits.push(code);
  }
  signal(signal: StopSignal): void {
    if (!this.emit(signal)) this.killedBy ??= signal;
  }
}

function setUp(close: () => Promise<void>) {
  const target = new FakeProcess();
  const lines: string[] = [];
  const handle = exitOnStopSignals({ close, log: (line) => lines.push(line), forceExitAfterMs: 20_000 }, target);
  return { target, lines, handle };
}

afterEach(() => vi.useRealTimers());

describe('stop signals', () => {
  const sequences: Array<[string, StopSignal[]]> = [
    ['one SIGTERM', ['SIGTERM']],
    ['SIGTERM to the group and again from npm', ['SIGTERM', 'SIGTERM']],
    ['SIGINT then SIGTERM', ['SIGINT', 'SIGTERM']],
    ['five signals while closing', ['SIGTERM', 'SIGINT', 'SIGTERM', 'SIGTERM', 'SIGINT']],
  ];
  it.each(sequences)('%s: closes once, logs and ignores the others, exits 0 after the close', async (_name, signals) => {
    let finishClose!: () => void;
    const close = vi.fn(() => new Promise<void>((resolve) => (finishClose = resolve)));
    const { target, lines, handle } = setUp(close);
    expect(handle.stopping).toBe(false);
    for (const signal of signals) target.signal(signal);
    expect(handle.stopping).toBe(true);
    expect(close).toHaveBeenCalledTimes(1);
    expect(target.killedBy).toBeNull();
    expect(target.exits).toEqual([]); // nothing exits before the close is done
    finishClose();
    await vi.waitFor(() => expect(target.exits).toEqual([0]));
    expect(lines[0]).toBe(`${signals[0]}: shutting down`);
    expect(lines.slice(1)).toEqual(signals.slice(1).map((s) => `${s} again: already shutting down, ignored`));
    target.signal('SIGTERM'); // after the close, too
    expect(target.killedBy).toBeNull();
  });

  it('exits 1 when the close fails, saying why', async () => {
    const { target, lines } = setUp(() => Promise.reject(new Error('worker did not answer')));
    target.signal('SIGTERM');
    await vi.waitFor(() => expect(target.exits).toEqual([1]));
    expect(lines).toContain('shutdown failed: worker did not answer');
  });

  it('exits 1 after the safety-net delay when the close hangs', () => {
    vi.useFakeTimers();
    const { target, lines } = setUp(() => new Promise<void>(() => {}));
    target.signal('SIGTERM');
    vi.advanceTimersByTime(19_999);
    expect(target.exits).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(target.exits).toEqual([1]);
    expect(lines.at(-1)).toBe('shutdown did not finish in 20000 ms: exiting anyway');
  });
});
