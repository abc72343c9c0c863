import { describe, expect, test } from 'vitest';
import type { AuditLogEntry } from '../../../../core/audit/audit-log.entity';
import { authorNamer, humanize, mergePages, olderPageCursor, recordPathOf } from './audit-log';

const entry = (id: string, created_date: string, overrides: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id,
  created_by: 'u-1',
  created_date,
  document: 'organizations',
  event: 'update',
  action: 'Updated organization Harbor Light',
  trigger_id: 'org-1',
  trigger_name: 'Harbor Light',
  ...overrides,
});

describe('olderPageCursor', () => {
  const page = [entry('a', '2026-03-02T00:00:00.000Z'), entry('b', '2026-03-01T00:00:00.000Z')];
  test('a full page continues before its last entry', () => {
    expect(olderPageCursor(page, 2)).toBe('2026-03-01T00:00:00.000Z');
  });
  test('a short page is the last one', () => {
    expect(olderPageCursor(page, 3)).toBeUndefined();
    expect(olderPageCursor([], 3)).toBeUndefined();
  });
});

test('mergePages keeps the order and drops an entry repeated across pages', () => {
  const a = entry('a', '2026-03-03T00:00:00.000Z');
  const b = entry('b', '2026-03-02T00:00:00.000Z');
  const c = entry('c', '2026-03-01T00:00:00.000Z');
  expect(
    mergePages([
      [a, b],
      [b, c],
    ]).map((item) => item.id),
  ).toEqual(['a', 'b', 'c']);
});

test('authorNamer names known people and falls back to the id', () => {
  const nameOf = authorNamer([{ uid: 'u-1', FirstName: 'Sam', LastName: 'Rivera', Email: 'super@demo.local' }]);
  expect(nameOf('u-1')).toEqual({ name: 'Sam Rivera', known: true });
  expect(nameOf('u-2')).toEqual({ name: 'u-2', known: false });
  expect(authorNamer(undefined)('u-1')).toEqual({ name: 'u-1', known: false });
});

test.each([
  ['users', 'Users'],
  ['preCampaigns', 'Pre campaigns'],
  ['demo_campaigns', 'Demo campaigns'],
  ['hardDelete', 'Hard delete'],
  ['registrationTokens', 'Registration tokens'],
])('humanize(%s) = %s', (key, text) => {
  expect(humanize(key)).toBe(text);
});

describe('recordPathOf', () => {
  test.each([
    [{ document: 'organizations', trigger_id: 'org 1' }, '/admin/organizations/org%201'],
    [{ document: 'users', trigger_id: 'u-1' }, '/admin/people/u-1'],
    [{ document: 'settings', trigger_id: 's' }, '/admin/settings'],
    [{ document: 'preCampaigns', trigger_id: 'p' }, null],
    [{ document: 'users', trigger_id: null }, null],
  ])('%o → %s', (source, path) => {
    expect(recordPathOf(source)).toBe(path);
  });
});
