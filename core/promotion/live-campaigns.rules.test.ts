import { describe, expect, it } from 'vitest';
import { liveSince } from './live-campaigns.rules';

describe('the live campaign list (SPEC §9: the last 6 months)', () => {
  it.each([
    ['2026-09-15T10:30:00.000Z', '2026-03-15T10:30:00.000Z'],
    ['2026-03-10T00:00:00.000Z', '2025-09-10T00:00:00.000Z'],
    ['2026-08-31T12:00:00.000Z', '2026-02-28T12:00:00.000Z'],
    ['2028-08-31T12:00:00.000Z', '2028-02-29T12:00:00.000Z'],
    ['2026-12-31T23:59:59.999Z', '2026-06-30T23:59:59.999Z'],
    ['2026-01-01T00:00:00.000Z', '2025-07-01T00:00:00.000Z'],
  ])('at %s starts at %s', (now, since) => {
    expect(liveSince(new Date(now))).toBe(since);
  });
});
