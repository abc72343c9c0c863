import { describe, expect, test } from 'vitest';
import type { AuditLogEntry } from '@causeway/core/audit/audit-log.entity';
import { actionText, authorNamer, documentLabel, eventLabel, humanize, mergePages, recordPathOf } from './audit-log';

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

test('the platform’s own work is authored by “the platform”, never looked up', () => {
  expect(authorNamer([])('platform')).toEqual({ name: 'the platform', known: false, platform: true });
});

test('collections and events read as the interface names them', () => {
  expect(documentLabel('preCampaigns')).toBe('Drafts');
  expect(documentLabel('registrationTokens')).toBe('Invitations');
  expect(documentLabel('somethingNew')).toBe('Something new');
  expect(eventLabel('hardDelete')).toBe('Deleted for good');
});

describe('actionText', () => {
  test.each([
    ['Saved campaign Winter meals (budgetLifetime, statesAmobee)', 'Saved campaign Winter meals: Ad budget, States'],
    ['Saved campaign Soup (for all) (campaignTitle)', 'Saved campaign Soup (for all): Headline'],
    [
      'Moved campaign Winter meals from Pending to Canceled: Use a photo of the kitchen.',
      'Sent back: campaign Winter meals: Use a photo of the kitchen.',
    ],
    ['Moved campaign Winter meals from New to Pending', 'Sent for approval: campaign Winter meals'],
    ['Moved campaign Winter meals from Approved to Canceled', 'Approval withdrawn: campaign Winter meals'],
    ['Moved demo campaign Demo A from Pending to Approved', 'Approved: demo campaign Demo A'],
    ['Created demo campaign Demo A', 'Created demo campaign Demo A'],
  ])('%s', (action, text) => {
    expect(actionText({ document: 'preCampaigns', action })).toBe(text);
  });
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
