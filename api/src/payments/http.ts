/** The one HTTP helper of the adapters: JSON over fetch with a timeout; provider errors keep status, kind, code and correlation id. */
import { ProviderError, type ProviderErrorKind, type ProviderName } from './types.js';

/** How long the shop waits for a provider's answer (PAYMENT_PROVIDER_TIMEOUT_MS; the fault suite shortens it). */
export const PROVIDER_TIMEOUT_MS = (() => {
  const n = Number(process.env.PAYMENT_PROVIDER_TIMEOUT_MS);
  return Number.isFinite(n) && n > 0 ? n : 10_000;
})();

/** 401 is always our credentials; Klarna also answers 403 for business rules (NOT_ALLOWED, CAPTURE_NOT_ALLOWED…). */
export function errorKind(status: number, code: string | null): ProviderErrorKind {
  if (status === 401) return 'auth';
  if (status === 403) return code && /NOT_ALLOWED|ALREADY|EXCEED/.test(code) ? 'rejected' : 'auth';
  if (status === 404) return 'not-found';
  if (status === 429 || status >= 500) return 'outage';
  return 'rejected';
}

/** Reads both providers' error shapes: Klarna {error_code, error_messages, correlation_id}; Qliro {ErrorCode, ErrorMessage, DetailedErrorMessage, ErrorReference}. */
export function parseProviderError(text: string, headers: Headers): { code: string | null; correlationId: string | null; detail: string } {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    // not JSON (a proxy's error page): keep the text
  }
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const code = str(body.error_code) ?? str(body.ErrorCode);
  const correlationId = str(body.correlation_id) ?? str(body.ErrorReference) ?? headers.get('klarna-correlation-id') ?? headers.get('x-correlation-id');
  const messages = Array.isArray(body.error_messages) ? body.error_messages.join(', ') : null;
  const detail = str(body.DetailedErrorMessage) ?? str(body.ErrorMessage) ?? messages ?? text.slice(0, 300);
  return { code, correlationId, detail };
}

export async function providerRequest<T>(
  provider: ProviderName,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<T> {
  return (await providerExchange<T>(provider, url, init)).body;
}

/** providerRequest with the answer's headers too (Kustom names a new capture or refund only in Capture-Id / Refund-Id / Location). */
export async function providerExchange<T>(
  provider: ProviderName,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<{ body: T; headers: Headers; status: number }> {
  let res: Response;
  // No body, no content type (a JSON content type with an empty body is a 400 at strict servers).
  const headers = init.body === undefined ? Object.fromEntries(Object.entries(init.headers).filter(([k]) => k.toLowerCase() !== 'content-type')) : init.headers;
  try {
    res = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderError(provider, null, `${provider} unreachable: ${(error as Error).message}`, 'outage');
  }
  const text = await res.text();
  if (!res.ok) {
    const { code, correlationId, detail } = parseProviderError(text, res.headers);
    throw new ProviderError(provider, res.status, `${provider} answered ${res.status}${code ? ` ${code}` : ''}: ${detail}`, errorKind(res.status, code), code, correlationId);
  }
  return { body: (text ? JSON.parse(text) : undefined) as T, headers: res.headers, status: res.status };
}
