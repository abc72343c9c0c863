import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Email, patchOf } from './primitives';

describe('patchOf', () => {
  const Thing = z.object({
    name: z.string(),
    admin: z.boolean().default(false),
    tags: z.array(z.string()).default([]),
  });
  const ThingPatch = patchOf(Thing);

  it('keeps only the supplied fields: no default fills the rest in', () => {
    expect(ThingPatch.parse({ name: 'x' })).toEqual({ name: 'x' });
    expect(ThingPatch.parse({})).toEqual({});
  });

  it('still validates the supplied fields', () => {
    const result = ThingPatch.safeParse({ admin: 'yes' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['admin']);
  });
});

describe('Email', () => {
  it.each([
    ['Ada@Example.ORG', 'ada@example.org'],
    ['  bob@example.org ', 'bob@example.org'],
  ])('lowercases and trims %s', (input, output) => {
    expect(Email.parse(input)).toBe(output);
  });

  it('refuses what is not an e-mail', () => {
    expect(Email.safeParse('not-an-email').success).toBe(false);
  });
});
