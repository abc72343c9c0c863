import { z } from 'zod';

/** How deep a request's JSON may nest; no contract of the API goes anywhere near it. */
export const MAX_INPUT_DEPTH = 32;

export interface UnsafeInput {
  path: PropertyKey[];
  message: string;
}

const NUL = '\u0000';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemOfText(text: string): string | null {
  if (text.includes(NUL)) return 'Must not contain a NUL character.';
  if (LONE_SURROGATE.test(text)) return 'Must be valid Unicode text (no lone surrogate).';
  return null;
}

/**
 * The first place in a request's input (a body, a query, the path's parameters) that no store can
 * keep: a string or key with a NUL character (Postgres refuses it in text) or a lone surrogate (not
 * text at all), or nesting deeper than MAX_INPUT_DEPTH. Walks without recursion, so any depth is safe.
 */
export function findUnsafeInput(value: unknown, maxDepth = MAX_INPUT_DEPTH): UnsafeInput | null {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const message = problemOfText(current);
      if (message) return { path, message };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (path.length >= maxDepth) return { path, message: `Nests deeper than ${maxDepth} levels.` };
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--)
        stack.push({ value: current[index], path: [...path, index] });
      continue;
    }
    const keys = Object.keys(current);
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index]!;
      const keyProblem = problemOfText(key);
      // A bad key is named by its printable part, so the answer itself stays readable.
      if (keyProblem) return { path: [...path, printable(key)], message: `Field name: ${keyProblem}` };
      stack.push({ value: (current as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return null;
}

/** A field name with what cannot be shown replaced, for naming it in an error. */
export const printable = (text: string): string =>
  text.replaceAll(NUL, '\\0').replace(/[\uD800-\uDFFF]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16)}`);

/** The same finding as zod reports a bad field, so every bad input is answered in one shape. */
export const unsafeInputError = (found: UnsafeInput): z.ZodError =>
  new z.ZodError([{ code: 'custom', path: found.path, message: found.message, input: undefined }]);
