import { describe, expect, test } from 'vitest';
import { dayInputOf, formatDay, isoOfDayInput } from './dates';

describe('isoOfDayInput', () => {
  test.each([
    ['2026-03-10', '2026-03-10T00:00:00.000Z'],
    [' 2028-02-29 ', '2028-02-29T00:00:00.000Z'],
  ])('stores %j as %s', (text, iso) => {
    expect(isoOfDayInput(text)).toEqual({ ok: true, iso });
  });

  test.each([
    ['', { ok: true, iso: null }],
    ['03/10/2026', { ok: false, message: 'Enter a date like 2026-03-10.' }],
    ['2026-02-30', { ok: false, message: 'That date does not exist.' }],
    ['2027-02-29', { ok: false, message: 'That date does not exist.' }],
  ])('reads %j as %j', (text, answer) => {
    expect(isoOfDayInput(text)).toEqual(answer);
  });
});

describe('dayInputOf', () => {
  test.each([
    ['2026-03-10T00:00:00.000Z', '2026-03-10'],
    ['2026-03-10T23:30:00.000Z', '2026-03-10'],
    ['2026-03-10T01:00:00+02:00', '2026-03-09'],
    [null, ''],
    ['not a date', ''],
  ])('shows %j as %j', (iso, text) => {
    expect(dayInputOf(iso)).toBe(text);
  });
});

test('a stored day reads as the same calendar day everywhere', () => {
  expect(formatDay('2026-03-10T00:00:00.000Z')).toBe('Mar 10, 2026');
  expect(formatDay(null)).toBe('—');
});
