import { expect, vi } from 'vitest';

/**
 * Runs a test that expects failed answers: happy-dom logs each as a browser's console does ("GET … 404 (Not Found)"),
 * straight to the worker's stderr (its page console is not vitest's). They are captured here and must be the ones
 * `pattern` describes.
 */
export async function expectingFailedAnswers(pattern: RegExp, test: () => Promise<void>): Promise<void> {
  const written: string[] = [];
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(((chunk: string | Uint8Array, ...rest: unknown[]) => {
    written.push(String(chunk));
    (rest.find((arg) => typeof arg === 'function') as (() => void) | undefined)?.();
    return true;
  }) as typeof process.stderr.write);
  try {
    await test();
  } finally {
    stderr.mockRestore();
  }
  const lines = written.join('').split('\n').filter(Boolean);
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line).toMatch(pattern);
}
