import { expect, test } from 'vitest';
import { formatDateTime } from './format';

test.each<[string | null | undefined, RegExp]>([
  // Noon UTC is the same day in every time zone a reader may be in.
  ['2026-05-02T12:00:00.000Z', /^May 2, 2026, \d{1,2}:\d{2}\s[AP]M$/],
  [null, /^—$/],
  [undefined, /^—$/],
  ['', /^—$/],
  ['not a date', /^—$/],
])('formatDateTime(%j)', (iso, shown) => {
  expect(formatDateTime(iso)).toMatch(shown);
});
