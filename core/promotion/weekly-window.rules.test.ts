import { describe, expect, it } from 'vitest';
import { inWeek, weekStart } from './weekly-window.rules';

const NOW = new Date('2026-03-10T12:00:00.000Z');

describe('the weekly window (SPEC §9: 7 days)', () => {
  it('starts 7 × 24 hours before now', () => {
    expect(weekStart(NOW)).toBe('2026-03-03T12:00:00.000Z');
  });

  it.each([
    ['now', '2026-03-10T12:00:00.000Z', true],
    ['an hour ago', '2026-03-10T11:00:00.000Z', true],
    ['6 days and 23 hours ago', '2026-03-03T13:00:00.000Z', true],
    ['exactly 7 days ago (the window includes its start)', '2026-03-03T12:00:00.000Z', true],
    ['7 days and 1 ms ago', '2026-03-03T11:59:59.999Z', false],
    ['8 days ago', '2026-03-02T12:00:00.000Z', false],
    ['last month', '2026-02-10T12:00:00.000Z', false],
    ['in another offset, 6 days ago', '2026-03-04T14:00:00+02:00', true],
    ['not a time', 'yesterday', false],
  ])('counts an instant of %s: %s → %s', (_, at, counted) => {
    expect(inWeek(at, NOW)).toBe(counted);
  });
});
