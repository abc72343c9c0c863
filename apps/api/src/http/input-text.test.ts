import { describe, expect, it } from 'vitest';
import { fieldsOf } from './errors';
import { findUnsafeInput, MAX_INPUT_DEPTH, unsafeInputError } from './input-text';

describe('findUnsafeInput', () => {
  it('passes ordinary text, right-to-left text, emoji and numbers', () => {
    expect(
      findUnsafeInput({ name: 'Harbor Light', rtl: 'مرحبا بالعالم', emoji: 'give 🎁', n: 3, ok: [true, null] }),
    ).toBe(null);
  });

  it('names a NUL character in a nested string', () => {
    expect(findUnsafeInput({ campaign: { tags: ['ok', 'bad\u0000'] } })).toEqual({
      path: ['campaign', 'tags', 1],
      message: 'Must not contain a NUL character.',
    });
  });

  it('names a lone surrogate, high or low, but not a pair', () => {
    expect(findUnsafeInput({ a: 'x\uD800y' })?.path).toEqual(['a']);
    expect(findUnsafeInput({ b: '\uDC00' })?.path).toEqual(['b']);
    expect(findUnsafeInput({ c: '\uD83C\uDF81' })).toBe(null);
  });

  it('names a key with a NUL character in printable form', () => {
    expect(findUnsafeInput({ 'a\u0000b': 1 })).toEqual({
      path: ['a\\0b'],
      message: 'Field name: Must not contain a NUL character.',
    });
  });

  it('refuses nesting deeper than the limit, at any depth without overflowing', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 200_000; level++) deep = [deep];
    const found = findUnsafeInput({ deep });
    expect(found?.path).toHaveLength(MAX_INPUT_DEPTH);
    expect(found?.message).toBe(`Nests deeper than ${MAX_INPUT_DEPTH} levels.`);
    let shallow: unknown = 'leaf';
    for (let level = 0; level < MAX_INPUT_DEPTH - 1; level++) shallow = { next: shallow };
    expect(findUnsafeInput(shallow)).toBe(null);
  });

  it('reports its finding in the shape of a bad field', () => {
    const found = findUnsafeInput({ id: '\u0000' })!;
    expect(fieldsOf(unsafeInputError(found))).toEqual({ id: 'Must not contain a NUL character.' });
  });
});
