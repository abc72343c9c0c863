import { z } from 'zod';

/** Opaque identifier of a stored record (a document id in Firestore, a text key in Postgres). */
/**
 * A record's id. Besides its length, it is a name every store can keep a record under: no slash, not
 * `.` or `..`, not `__…__` (Firestore's document-id rules, the strictest of the stores).
 */
export const Id = z
  .string()
  .min(1)
  .max(128)
  .refine((id) => !id.includes('/') && id !== '.' && id !== '..' && !/^__.*__$/.test(id), {
    message: 'Not an id: an id has no slash and is not ".", ".." or "__…__".',
  });
export type Id = z.infer<typeof Id>;

/** Instants travel as ISO 8601 UTC strings so entities stay JSON-safe end to end. */
export const Timestamp = z.iso.datetime({ offset: true });
export type Timestamp = z.infer<typeof Timestamp>;

/** Money is always an integer number of minor units (cents, currency usd). */
export const Cents = z.number().int().nonnegative();
export type Cents = z.infer<typeof Cents>;

export const Email = z
  .string()
  .trim()
  .email()
  .max(254)
  .transform((value) => value.toLowerCase());
export type Email = z.infer<typeof Email>;

export const Url = z.string().max(2048);
export type Url = z.infer<typeof Url>;

/** A color as written in organization branding (#rgb or #rrggbb). */
export const HexColor = z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'Expected a color like #1a2b3c');
export type HexColor = z.infer<typeof HexColor>;

export const toTimestamp = (date: Date): Timestamp => date.toISOString();

/**
 * A schema for a partial update: every field optional and WITHOUT its default, so a patch carries
 * only what the caller supplied (zod's own `.partial()` keeps defaults and would fill the rest in).
 */
export function patchOf<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  const fields: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const bare = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field;
    fields[key] = bare.optional();
  }
  return z.object(fields) as unknown as z.ZodObject<{
    [K in keyof Shape]: z.ZodOptional<Shape[K] extends z.ZodDefault<infer Inner> ? Inner : Shape[K]>;
  }>;
}
