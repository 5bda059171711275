import { describe, expect, it } from 'vitest';
import { emailError, emailProblem, emailTexts } from './email.js';

describe('e-mail address rule (checkout, registration, e-mail change; browser and API)', () => {
  it.each([
    ['kari@example.no', null],
    ['  kari.nordmann+butikk@post.example.no ', null],
    ['o_brien-2@sub-domain.example.com', null],
    ["o'brien@example.no", null],
    ['KARI@EXAMPLE.NO', null],
    ['åse@example.no', 'not-ascii'],
    ['kari@ørsta.no', 'not-ascii'],
    ['bjørn.dæhlie@example.no', 'not-ascii'],
    ['zoë@example.com', 'not-ascii'],
    ['ærlig', 'not-ascii'],
    ['', 'invalid'],
    ['kari', 'invalid'],
    ['kari@example', 'invalid'],
    ['kari@@example.no', 'invalid'],
    ['kari nordmann@example.no', 'invalid'],
    ['<kari@example.no>', 'invalid'],
    ['kari@exa_mple.no', 'invalid'],
    ['kari@example.no\r\nRCPT TO:<x@y.no>', 'invalid'],
  ] as const)('%j → %s', (value, problem) => {
    expect(emailProblem(value)).toBe(problem);
  });

  it('messages: the non-ASCII text is the same everywhere, each form keeps its own text for a malformed address', () => {
    expect(emailError('åse@example.no')).toBe(emailTexts.notAscii);
    expect(emailTexts.notAscii).toContain('uten æ, ø, å');
    expect(emailError('kari', 'Skriv en gyldig e-postadresse.')).toBe('Skriv en gyldig e-postadresse.');
    expect(emailError('kari')).toBe(emailTexts.invalid);
    expect(emailError('kari@example.no')).toBeNull();
  });
});
