/** Any failure to fetch or evaluate a remote module (manifest, remoteEntry.js, chunk, or the module throwing). */
export class RemoteLoadError extends Error {
  override readonly name = 'RemoteLoadError';
  constructor(
    readonly remote: string,
    readonly request: string,
    options?: { cause?: unknown },
  ) {
    super(`Kunne ikke laste ${request} (${describe(options?.cause)})`, options);
  }
}

export function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'ukjent feil';
}

/** "mf_shop/SomePage" → "mf_shop"; manifest URLs and ids without a slash are returned as they are. */
export function remoteOf(request: string): string {
  const slash = request.indexOf('/');
  return slash > 0 && !request.includes('://') ? request.slice(0, slash) : request;
}
