import { expect, test } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2026-05-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

test.each([
  [ago(5_000), 'just now'],
  [ago(50_000), '1 minute ago'],
  [ago(5 * 60_000), '5 minutes ago'],
  [ago(3 * 3_600_000), '3 hours ago'],
  [ago(26 * 3_600_000), 'yesterday'],
  [ago(3 * 86_400_000), '3 days ago'],
  ['2026-03-03T12:00:00.000Z', 'Mar 3'],
  ['2025-12-24T12:00:00.000Z', 'Dec 24, 2025'],
  ['not a date', ''],
])('%s is "%s"', (iso, expected) => {
  expect(relativeTime(iso, now, 'en-US')).toBe(expected);
});
