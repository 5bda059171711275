/** The one HTTP helper of the adapters: JSON over fetch with a timeout; provider errors keep the status. */
import { ProviderError, type ProviderName } from './types.js';

export const PROVIDER_TIMEOUT_MS = 10_000;

export async function providerRequest<T>(
  provider: ProviderName,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<T> {
  let res: Response;
  // No body, no content type (a JSON content type with an empty body is a 400 at strict servers).
  const headers = init.body === undefined ? Object.fromEntries(Object.entries(init.headers).filter(([k]) => k.toLowerCase() !== 'content-type')) : init.headers;
  try {
    res = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderError(provider, null, `${provider} unreachable: ${(error as Error).message}`);
  }
  const text = await res.text();
  if (!res.ok) throw new ProviderError(provider, res.status, `${provider} answered ${res.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}
