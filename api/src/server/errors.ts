/**
 * One error shape for the whole API: `{ message, errors? }` with a Norwegian message (shoppers may see it).
 * Bad input is always a 4xx; only our own faults become 500, and those never leak internals.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { Type, type Static } from 'typebox';

export const ErrorBody = Type.Object(
  {
    message: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  },
  { $id: 'ErrorBody', description: 'Error answer: a Norwegian message, and per-field problems for bad input.' },
);
export type ErrorBody = Static<typeof ErrorBody>;

export const TEXTS = {
  badRequest: 'Ugyldig forespørsel',
  notFound: 'Fant ikke det du lette etter.',
  routeNotFound: 'Denne adressen finnes ikke i API-et.',
  csrf: 'Vennligst last siden på nytt.',
  server: 'Noe gikk galt hos oss. Prøv igjen om litt.',
  unavailable: 'Tjenesten er midlertidig utilgjengelig. Prøv igjen om litt.',
} as const;

/** An error a handler throws on purpose: the status and Norwegian message go to the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: ErrorBody['errors'],
    /** More fields for the body (a 409 edit conflict carries the current version); the route's schema must list them. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string = TEXTS.notFound) => new HttpError(404, message);
export const badRequest = (field: string, message: string) =>
  new HttpError(400, `${TEXTS.badRequest}: ${field} ${message}.`, [{ field, message }]);

/** Shopper-readable names of fields whose API name means nothing to a shopper (the `errors[].field` stays exact). */
export const FIELD_LABELS: Record<string, string> = {
  zip: 'postnummer',
  idOrSlug: 'produkt',
};

const PART_NAMES: Record<string, string> = { querystring: 'query', params: 'path', body: 'body', headers: 'header' };

/** Norwegian wording of one ajv error, without the field name. */
export function describeValidationError(error: FastifySchemaValidationError): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'mangler';
    case 'type':
      return p.type === 'integer' ? 'må være et heltall' : p.type === 'number' ? 'må være et tall' : `må være av typen ${String(p.type)}`;
    case 'minimum':
      return `må være minst ${String(p.limit)}`;
    case 'maximum':
      return `må være høyst ${String(p.limit)}`;
    case 'exclusiveMinimum':
      return `må være større enn ${String(p.limit)}`;
    case 'exclusiveMaximum':
      return `må være mindre enn ${String(p.limit)}`;
    case 'enum':
      return `må være en av: ${(p.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `må være ${String(p.allowedValue)}`;
    case 'pattern':
    case 'format':
      return 'har feil format';
    case 'minLength':
      return `må ha minst ${String(p.limit)} tegn`;
    case 'maxLength':
      return `kan ha høyst ${String(p.limit)} tegn`;
    case 'additionalProperties':
      return `har et ukjent felt (${String(p.additionalProperty)})`;
    default:
      return 'er ugyldig';
  }
}

/** The field an ajv error is about: `per_page`, `body.email`, … */
export function validationField(error: FastifySchemaValidationError, context: string | undefined): string {
  const p = error.params as Record<string, unknown>;
  const pointer = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = typeof p.missingProperty === 'string' ? p.missingProperty : '';
  const field = [pointer, missing].filter(Boolean).join('.');
  if (field) return field;
  return PART_NAMES[context ?? ''] ?? 'forespørselen';
}

/**
 * At most this many field errors in one answer: ajv reports every failing item (allErrors), and a list of 5,000 bad
 * items must not come back as 5,000 errors (found by test/security's fuzzing; a form never has this many fields).
 */
export const MAX_FIELD_ERRORS = 20;

export function validationBody(
  validation: FastifySchemaValidationError[],
  context: string | undefined,
): Required<ErrorBody> {
  const errors = validation.slice(0, MAX_FIELD_ERRORS).map((e) => ({ field: validationField(e, context), message: describeValidationError(e) }));
  const first = errors[0];
  return {
    message: first ? `${TEXTS.badRequest}: ${FIELD_LABELS[first.field] ?? first.field} ${first.message}.` : `${TEXTS.badRequest}.`,
    errors,
  };
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ ...error.extra, message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (error.validation) {
      return reply.status(400).send(validationBody(error.validation, error.validationContext));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, unsupported media type, body too large…): keep the status.
      request.log.info({ code: error.code }, error.message);
      return reply.status(status).send({ message: `${TEXTS.badRequest}: ${error.message}` });
    }
    request.log.error(error);
    return reply.status(status >= 500 && status < 600 ? status : 500).send({ message: TEXTS.server });
  });
}
