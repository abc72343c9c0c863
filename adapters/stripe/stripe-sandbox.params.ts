import { randomBytes } from 'node:crypto';
import { type FormParams, type FormValue } from './stripe-sandbox.form';

/** Metadata as Stripe keeps it: string keys and values. */
export type Metadata = Record<string, string>;

export interface StripeErrorBody {
  type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  doc_url?: string;
  payment_intent?: object;
  charge?: string;
}

/** An error answered in Stripe's shape: `{ error: { type, code, message, param } }`. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export const badRequest = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code } : {}),
    ...(param ? { param } : {}),
  });
export const missingParam = (param: string) =>
  badRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
export const noSuch = (kind: string, id: string, param: string, status = 404) =>
  new StripeApiError(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
    doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
  });

// ---------------------------------------------------------------------------------------------
// Reading parameters as the API does: every value arrives as a string.

export const isParams = (value: FormValue | undefined): value is FormParams =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function allowOnly(params: FormParams, allowed: readonly string[]): void {
  for (const name of Object.keys(params)) {
    if (!allowed.includes(name) && name !== 'expand') {
      throw badRequest(`Received unknown parameter: ${name}`, name, 'parameter_unknown');
    }
  }
}

export function textParam(value: FormValue | undefined, param: string, required = false): string | undefined {
  if (value === undefined || value === '') {
    if (required) throw missingParam(param);
    return undefined;
  }
  if (typeof value !== 'string') throw badRequest(`Invalid string: ${param} must be a string.`, param);
  return value;
}

export function integerParam(
  value: FormValue | undefined,
  param: string,
  { required = false, min = 0 }: { required?: boolean; min?: number } = {},
): number | undefined {
  const raw = textParam(value, param, required);
  if (raw === undefined) return undefined;
  if (!/^-?\d+$/.test(raw)) throw badRequest(`Invalid integer: ${raw}`, param, 'parameter_invalid_integer');
  const parsed = Number(raw);
  if (!Number.isSafeInteger(parsed)) throw badRequest(`Invalid integer: ${raw}`, param, 'parameter_invalid_integer');
  if (parsed < min) {
    throw badRequest(`This value must be greater than or equal to ${min}.`, param, 'parameter_invalid_integer');
  }
  return parsed;
}

export function booleanParam(value: FormValue | undefined, param: string): boolean | undefined {
  const raw = textParam(value, param);
  if (raw === undefined) return undefined;
  if (raw !== 'true' && raw !== 'false') throw badRequest(`Invalid boolean: ${raw}`, param);
  return raw === 'true';
}

export function hashParam(value: FormValue | undefined, param: string): FormParams | undefined {
  if (value === undefined || value === '') return undefined;
  if (!isParams(value)) throw badRequest(`Invalid object: ${param} must be a hash.`, param);
  return value;
}

export function listParam(value: FormValue | undefined, param: string): FormValue[] | undefined {
  if (value === undefined || value === '') return undefined;
  if (!Array.isArray(value)) throw badRequest(`Invalid array: ${param} must be an array.`, param);
  return value;
}

/** Metadata: at most 50 keys of up to 40 characters, values up to 500; an empty value removes a key. */
export function metadataParam(value: FormValue | undefined, current: Metadata = {}): Metadata {
  const given = hashParam(value, 'metadata');
  if (!given) return { ...current };
  const next: Metadata = { ...current };
  for (const [key, entry] of Object.entries(given)) {
    if (typeof entry !== 'string')
      throw badRequest(`Invalid value for metadata[${key}]: must be a string.`, `metadata[${key}]`);
    if (key.length > 40) throw badRequest(`Metadata keys can have at most 40 characters.`, `metadata[${key}]`);
    if (entry.length > 500) throw badRequest(`Metadata values can have at most 500 characters.`, `metadata[${key}]`);
    if (entry === '') delete next[key];
    else next[key] = entry;
  }
  if (Object.keys(next).length > 50) throw badRequest('Metadata can have at most 50 keys.', 'metadata');
  return next;
}

export function urlParam(value: FormValue | undefined, param: string, required = false): string | undefined {
  const raw = textParam(value, param, required);
  if (raw === undefined) return undefined;
  try {
    const url = new URL(raw.replaceAll('{CHECKOUT_SESSION_ID}', 'x'));
    if (url.protocol === 'http:' || url.protocol === 'https:') return raw;
  } catch {
    // Refused below.
  }
  throw badRequest('Not a valid URL', param, 'url_invalid');
}

export function currencyParam(value: FormValue | undefined, param: string, required = true): string | undefined {
  const raw = textParam(value, param, required);
  if (raw === undefined) return undefined;
  if (!/^[a-zA-Z]{3}$/.test(raw)) throw badRequest(`Invalid currency: ${raw}`, param, 'parameter_invalid_string');
  return raw.toLowerCase();
}

export const expandParam = (params: FormParams): string[] => {
  const value = params.expand;
  if (value === undefined || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((entry) => {
    if (typeof entry !== 'string') throw badRequest('Invalid array: expand must be a list of strings.', 'expand');
    return entry;
  });
};

// ---------------------------------------------------------------------------------------------

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export function randomId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = prefix;
  for (const byte of bytes) id += BASE62[byte % 62];
  return id;
}

export const clone = <T>(value: T): T => structuredClone(value);

/** Fills a table of objects by id again from a saved list, each object a copy. */
export function refill<T extends { id: string }>(map: Map<string, T>, objects: T[]): void {
  map.clear();
  for (const object of objects) map.set(object.id, clone(object));
}

/** Fills a keyed table again from its saved entries, each value a copy. */
export function refillEntries<T>(map: Map<string, T>, entries: [string, T][]): void {
  map.clear();
  for (const [key, value] of entries) map.set(key, clone(value));
}

/**
 * A hash parameter that holds only `description` and `metadata` (a checkout's `payment_intent_data` or
 * `subscription_data`): undefined when absent; any other key is refused as Stripe refuses it.
 */
export function descriptionAndMetadataParam(
  value: FormValue | undefined,
  param: string,
): { description: string | null; metadata: Metadata } | undefined {
  const data = hashParam(value, param);
  if (!data) return undefined;
  for (const name of Object.keys(data)) {
    if (name !== 'metadata' && name !== 'description') {
      throw badRequest(`Received unknown parameter: ${param}[${name}]`, `${param}[${name}]`, 'parameter_unknown');
    }
  }
  return {
    description: textParam(data.description, `${param}[description]`) ?? null,
    metadata: metadataParam(data.metadata),
  };
}
