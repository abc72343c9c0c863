import { z } from 'zod';

/**
 * The most characters a text field of a contract takes (`z.string().max(n)`, also under
 * optional/nullable/default), so a form's input can carry it as its `maxLength`. Undefined when the
 * schema sets no maximum or is not text.
 */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  let current: z.ZodType = schema;
  for (let depth = 0; depth < 10; depth += 1) {
    // Text and its formats (z.url(), z.email()) share the string type and keep their maximum alike.
    if (current.def.type === 'string') return (current as z.ZodString).maxLength ?? undefined;
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault) {
      current = current.unwrap() as z.ZodType;
    } else if (current instanceof z.ZodArray) {
      current = current.element as z.ZodType;
    } else if (current instanceof z.ZodPipe) {
      current = current.in as z.ZodType;
    } else {
      return undefined;
    }
  }
  return undefined;
}

/** The maximum lengths of an object contract's text fields, by field. */
export function maxLengthsOf<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
): { [K in keyof Shape]: number | undefined } {
  return Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [key, maxLengthOf(field as z.ZodType)]),
  ) as { [K in keyof Shape]: number | undefined };
}

export { AMOUNT_MAX_LENGTH, SEARCH_MAX_LENGTH } from './input-lengths';
