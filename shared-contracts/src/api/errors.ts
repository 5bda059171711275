import type { AxiosError } from 'axios';
import { httpErrorTexts } from '@shop/contracts/texts';

/** SPEC §8 generic HTTP failures: status-code failure, network error, request aborted, timeout exceeded. */
export type ApiErrorKind = 'status' | 'network' | 'aborted' | 'timeout';

/** Every API client function rejects with this. `status`/`data` are set for kind 'status' only. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly data?: unknown;
  /** Method and path of the failed request, for logs. */
  readonly request?: string;

  constructor(init: { kind: ApiErrorKind; message: string; status?: number; data?: unknown; request?: string; cause?: unknown }) {
    super(init.message, { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.data = init.data;
    this.request = init.request;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** True for an ApiError of kind 'status' with one of the given statuses. */
export function hasStatus(value: unknown, ...statuses: number[]): value is ApiError & { status: number } {
  return isApiError(value) && value.kind === 'status' && value.status !== undefined && statuses.includes(value.status);
}

/** The `message` of a JSON error body `{message, errors?}` when there is one (Norwegian where a shopper sees it). */
export function serverMessage(error: unknown): string | null {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return null;
  const message = (error.data as { message?: unknown }).message;
  return typeof message === 'string' && message !== '' ? message : null;
}

/**
 * Field → first message of a 4xx body. Accepts both the API's shape `errors: [{field, message}]` and the legacy
 * Laravel shape `errors: {field: [msg…]}`.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return {};
  const errors = (error.data as { errors?: unknown }).errors;
  const out: Record<string, string> = {};
  if (Array.isArray(errors)) {
    for (const item of errors) {
      const { field, message } = (item ?? {}) as { field?: unknown; message?: unknown };
      if (typeof field === 'string' && typeof message === 'string' && message !== '' && !(field in out)) out[field] = message;
    }
  } else if (typeof errors === 'object' && errors !== null) {
    for (const [field, value] of Object.entries(errors)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first === 'string' && first !== '') out[field] = first;
    }
  }
  return out;
}

/** First field message of a 4xx body (either shape, see `fieldErrors`), if any. */
export function firstFieldError(error: unknown): string | null {
  return Object.values(fieldErrors(error))[0] ?? null;
}

/*
 * axios' errors are recognised by shape, as axios.isAxiosError and axios.isCancel themselves do: importing axios
 * here would load it with the first view (the client imports it on the first request, client.ts).
 */
const isAxiosError = (value: unknown): value is AxiosError =>
  typeof value === 'object' && value !== null && (value as { isAxiosError?: unknown }).isAxiosError === true;
const isCancel = (value: unknown) => typeof value === 'object' && value !== null && (value as { __CANCEL__?: unknown }).__CANCEL__ === true;
/** axios' AxiosError codes (AxiosError.ERR_CANCELED …). */
const ERR_CANCELED = 'ERR_CANCELED';
const ETIMEDOUT = 'ETIMEDOUT';
const ECONNABORTED = 'ECONNABORTED';

/** Maps whatever axios threw onto ApiError. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (!isAxiosError(error)) {
    // A cancel via AbortSignal is a CanceledError (an AxiosError subclass); anything else is a bug upstream.
    return new ApiError({ kind: 'network', message: error instanceof Error ? error.message : String(error), cause: error });
  }
  const request = error.config ? `${(error.config.method ?? 'get').toUpperCase()} ${error.config.url ?? ''}` : undefined;
  if (isCancel(error) || error.code === ERR_CANCELED) {
    return new ApiError({ kind: 'aborted', message: httpErrorTexts.aborted, request, cause: error });
  }
  if (error.code === ETIMEDOUT || (error.code === ECONNABORTED && /timeout/i.test(error.message))) {
    return new ApiError({ kind: 'timeout', message: httpErrorTexts.timeout(error.config?.timeout ?? 0), request, cause: error });
  }
  if (error.code === ECONNABORTED) {
    return new ApiError({ kind: 'aborted', message: httpErrorTexts.aborted, request, cause: error });
  }
  if (error.response) {
    const { status, data } = error.response;
    return new ApiError({ kind: 'status', message: httpErrorTexts.status(status), status, data, request, cause: error });
  }
  return new ApiError({ kind: 'network', message: httpErrorTexts.network, request, cause: error });
}
