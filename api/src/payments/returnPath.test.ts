import { describe, expect, it } from 'vitest';
import { isSafeReturnPath, RETURN_PATH_MAX } from './returnPath.js';

describe('isSafeReturnPath', () => {
  it.each([
    ['/'],
    ['/checkout'],
    ['/checkout?betaling=klarna&reservasjon=12'],
    ['/konto/historikk/12'],
    ['/a-b_c.d~e/f%20g'],
    [`/${'a'.repeat(RETURN_PATH_MAX - 1)}`],
  ])('accepts %s', (path) => {
    expect(isSafeReturnPath(path)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['no leading slash', 'checkout'],
    ['another host', '//evil.example'],
    ['another host, backslash', '/\\evil.example'],
    ['an absolute URL', 'https://evil.example/checkout'],
    ['a scheme', 'javascript:alert(1)'],
    ['a line break', '/checkout\r\nSet-Cookie: x=1'],
    ['a newline', '/checkout\nx'],
    ['a tab', '/check\tout'],
    ['a space', '/check out'],
    ['a fragment', '/checkout#x'],
    ['unicode', '/kjøp'],
    ['unicode look-alike slash', '/\u2215evil.example'],
    ['a quote', '/checkout"onload='],
    ['angle brackets', '/<script>'],
    ['an at sign', '/@evil.example'],
    ['too long', `/${'a'.repeat(RETURN_PATH_MAX)}`],
  ])('refuses %s', (_name, path) => {
    expect(isSafeReturnPath(path)).toBe(false);
  });
});
