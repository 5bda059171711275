import { describe, expect, it } from 'vitest';
import { errorKind, parseProviderError } from './http.js';

describe('errorKind', () => {
  it.each([
    [401, null, 'auth'],
    [403, null, 'auth'],
    [403, 'FORBIDDEN', 'auth'],
    [403, 'NOT_ALLOWED', 'rejected'],
    [403, 'CAPTURE_NOT_ALLOWED', 'rejected'],
    [400, 'BAD_VALUE', 'rejected'],
    [400, 'ORDER_ALREADY_EXISTS', 'rejected'],
    [409, null, 'rejected'],
    [404, 'NOT_FOUND', 'not-found'],
    [429, null, 'outage'],
    [500, null, 'outage'],
    [503, null, 'outage'],
  ] as const)('%i %s → %s', (status, code, kind) => expect(errorKind(status, code)).toBe(kind));
});

describe('parseProviderError', () => {
  const none = new Headers();
  it.each([
    ['Klarna', '{"error_code":"BAD_VALUE","error_messages":["order_amount"],"correlation_id":"c-1"}', none, { code: 'BAD_VALUE', correlationId: 'c-1', detail: 'order_amount' }],
    ['Qliro', '{"ErrorCode":"ORDER_ALREADY_EXISTS","ErrorMessage":"Order already exists","DetailedErrorMessage":"ref 1-abc","ErrorReference":"q-9"}', none, { code: 'ORDER_ALREADY_EXISTS', correlationId: 'q-9', detail: 'ref 1-abc' }],
    ['header only', '', new Headers({ 'klarna-correlation-id': 'h-2' }), { code: null, correlationId: 'h-2', detail: '' }],
    ['an HTML error page', '<html>502 Bad Gateway</html>', none, { code: null, correlationId: null, detail: '<html>502 Bad Gateway</html>' }],
  ])('%s', (_name, text, headers, expected) => expect(parseProviderError(text, headers)).toEqual(expected));
});
