import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { DraftFields } from './campaigns.contract';
import { OrganizationInput } from './people.contract';
import { maxLengthOf, maxLengthsOf } from './max-length';

describe('maxLengthOf', () => {
  test('reads the maximum through optional, nullable, default and arrays', () => {
    expect(maxLengthOf(z.string().trim().max(40))).toBe(40);
    expect(maxLengthOf(z.string().max(12).nullable().optional())).toBe(12);
    expect(maxLengthOf(z.string().max(7).default(''))).toBe(7);
    expect(maxLengthOf(z.array(z.string().max(30)))).toBe(30);
    expect(maxLengthOf(z.url().max(2048))).toBe(2048);
  });

  test('answers nothing for text without a maximum or values that are not text', () => {
    expect(maxLengthOf(z.string())).toBeUndefined();
    expect(maxLengthOf(z.number().max(5))).toBeUndefined();
    expect(maxLengthOf(z.boolean())).toBeUndefined();
  });

  test('the contracts’ own fields', () => {
    expect(maxLengthsOf(OrganizationInput)).toMatchObject({ name: 200, taxId: 64 });
    expect(maxLengthOf(DraftFields.shape.campaignName)).toBeGreaterThan(0);
    expect(maxLengthOf(DraftFields.shape.campaignTags)).toBeGreaterThan(0);
  });
});
