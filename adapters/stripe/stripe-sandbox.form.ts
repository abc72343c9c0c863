/** A request's parameters as the Stripe API reads them: nested objects and arrays of strings. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormParams = { [key: string]: FormValue };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `line_items[0][price]` → ['line_items', '0', 'price']; a key without brackets is one segment. */
function segmentsOf(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return null;
  const rest = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!);
  return [match[1]!, ...rest];
}

/** Objects whose keys are all indexes (0, 1, 2 ...) become arrays, in index order. */
function arraysOf(value: FormValue): FormValue {
  if (!isObject(value)) return value;
  const entries = Object.entries(value).map(([key, child]) => [key, arraysOf(child)] as const);
  const keys = entries.map(([key]) => key);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, child]) => child);
  }
  return Object.fromEntries(entries);
}

/**
 * Reads `application/x-www-form-urlencoded` the way the Stripe API does: bracketed keys nest
 * (`metadata[campaignId]=1`, `line_items[0][price]=price_1`, `expand[]=latest_charge`).
 * A key that is malformed or clashes with another (a value and an object at once) is refused.
 */
export function parseStripeForm(encoded: string): FormParams {
  const root: Record<string, FormValue> = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const segments = segmentsOf(key);
    if (!segments) throw new FormError(`Invalid parameter name: ${key}`, key);
    let node: Record<string, FormValue> = root;
    segments.forEach((segment, index) => {
      const last = index === segments.length - 1;
      // `expand[]=a&expand[]=b`: an empty index appends.
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (last) {
        if (isObject(node[name])) throw new FormError(`Invalid parameter: ${key} is both a value and a hash.`, key);
        node[name] = value;
        return;
      }
      const child = node[name];
      if (child === undefined) node[name] = {};
      else if (!isObject(child)) throw new FormError(`Invalid parameter: ${key} is both a value and a hash.`, key);
      node = node[name] as Record<string, FormValue>;
    });
  }
  return arraysOf(root) as FormParams;
}

/** JSON bodies (the sandbox's own control API) read into the same shape, every leaf a string. */
export function fromJson(value: unknown): FormValue {
  if (Array.isArray(value)) return value.map(fromJson);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, fromJson(child)]));
  if (value === null || value === undefined) return '';
  return String(value);
}

export class FormError extends Error {
  constructor(
    message: string,
    readonly param: string,
  ) {
    super(message);
  }
}
