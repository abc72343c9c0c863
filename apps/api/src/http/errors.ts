import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ZodError } from 'zod';
import { DomainError, RateLimitedError, type DomainErrorCode } from '@causeway/core/shared/errors';

const STATUS_OF: Record<DomainErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** Field path → message, one per bad field (the first problem of each). */
export function fieldsOf(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '(body)';
    fields[path] ??= issue.message;
  }
  return fields;
}

/** Thrown by route input parsing, so the part of the request (body, query, path) is named. */
export class InputError extends Error {
  constructor(
    readonly part: 'body' | 'query' | 'params',
    readonly zodError: ZodError,
  ) {
    super('Invalid input');
  }
}

export const notFoundHandler: RequestHandler = (req, res) => {
  const body: ErrorBody = {
    error: { code: 'not_found', message: `No route for ${req.method} ${req.originalUrl.split('?')[0]}.` },
  };
  res.status(404).json(body);
};

/**
 * The one place errors become responses. Bad input names each bad field; domain errors keep their
 * message; anything else is logged and answered without internals.
 */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const send = (status: number, body: ErrorBody) => {
    if (res.headersSent) return;
    res.status(status).json(body);
  };
  if (error instanceof InputError) {
    const fields = fieldsOf(error.zodError);
    const count = Object.keys(fields).length;
    return send(400, {
      error: {
        code: 'invalid_input',
        message: `The request ${error.part} has ${count} invalid field${count === 1 ? '' : 's'}: ${Object.keys(fields).join(', ')}.`,
        fields,
      },
    });
  }
  if (error instanceof RateLimitedError && !res.headersSent) {
    res.setHeader('Retry-After', String(error.retryAfterSeconds));
  }
  if (error instanceof DomainError) {
    return send(STATUS_OF[error.code], {
      error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
    });
  }
  const httpError = error as { type?: string; status?: number; expose?: boolean; message?: string };
  if (httpError.type === 'entity.parse.failed') {
    return send(400, {
      error: {
        code: 'invalid_json',
        message: 'The request body is not valid JSON.',
        fields: { '(body)': 'Not valid JSON.' },
      },
    });
  }
  // The router could not decode a path parameter (a %FF, or UTF-8 that is not text).
  if (error instanceof URIError && httpError.status === 400) {
    return send(400, {
      error: {
        code: 'invalid_input',
        message: 'The request path has a part that is not valid percent-encoded UTF-8.',
        fields: { path: 'Not valid percent-encoded UTF-8.' },
      },
    });
  }
  if (httpError.type === 'entity.too.large') {
    return send(413, { error: { code: 'too_large', message: 'The request body is too large.' } });
  }
  if (typeof httpError.status === 'number' && httpError.status >= 400 && httpError.status < 500 && httpError.expose) {
    return send(httpError.status, { error: { code: 'bad_request', message: httpError.message ?? 'Bad request.' } });
  }
  req.log?.error({ err: error }, 'Unhandled error');
  const reference = typeof req.id === 'string' ? ` (reference ${req.id})` : '';
  return send(500, {
    error: { code: 'internal', message: `Something went wrong on our side. Please try again in a moment${reference}.` },
  });
};
