import { expect, test } from 'vitest';
import { formatDate, formatPercentage, formatRelative } from './format';

const now = new Date('2026-03-10T12:00:00.000Z');

test.each([
  ['2026-03-10T11:59:50.000Z', 'just now'],
  ['2026-03-10T11:55:00.000Z', '5 minutes ago'],
  ['2026-03-10T09:00:00.000Z', '3 hours ago'],
  ['2026-03-09T12:00:00.000Z', 'yesterday'],
  ['2026-02-24T12:00:00.000Z', '2 weeks ago'],
  ['2025-12-10T12:00:00.000Z', '3 months ago'],
  ['2024-03-10T12:00:00.000Z', '2 years ago'],
  ['not a date', '—'],
])('formatRelative(%s) = %s', (iso, text) => {
  expect(formatRelative(iso, now)).toBe(text);
});

test('formatDate and formatPercentage', () => {
  expect(formatDate(null)).toBe('—');
  expect(formatDate('2026-03-10T12:00:00.000Z')).toBe('Mar 10, 2026');
  expect(formatPercentage(80)).toBe('80%');
  expect(formatPercentage(72.5)).toBe('72.5%');
});
