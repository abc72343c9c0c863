import { describe, expect, test } from 'vitest';
import { DomainError } from '../shared/errors';
import { DemoCampaignStatus, WorkflowStatus } from './workflow.entity';
import {
  checkDemoTransition,
  currentStatusOf,
  isEditable,
  nextStatuses,
  transitionOf,
  WORKFLOW_COMMENTS,
} from './workflow.rules';

const STATUSES = WorkflowStatus.options;
const LEGAL: Record<string, 'owner' | 'reviewer' | 'platform'> = {
  'New→Pending': 'owner',
  'Canceled→Pending': 'owner',
  'Pending→Approved': 'reviewer',
  'Pending→Canceled': 'reviewer',
  'Approved→Canceled': 'reviewer',
  'Approved→Published': 'platform',
};
const pairs = STATUSES.flatMap((from) => STATUSES.map((to) => ({ from, to, key: `${from}→${to}` })));

function conflictOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('pre-campaign workflow (SPEC §4, enforced)', () => {
  test.each(pairs.filter(({ key }) => key in LEGAL))('$key is legal', ({ from, to, key }) => {
    expect(transitionOf(from, to).by).toBe(LEGAL[key]);
  });

  test.each(pairs.filter(({ key, from, to }) => !(key in LEGAL) && from !== to))(
    '$key is refused with 409 naming both states',
    ({ from, to }) => {
      const error = conflictOf(() => transitionOf(from, to));
      expect(error.code).toBe('conflict');
      expect(error.message).toBe(`A campaign cannot go from ${from} to ${to}.`);
    },
  );

  test.each(STATUSES)('staying %s is refused as already there', (status) => {
    const error = conflictOf(() => transitionOf(status, status));
    expect(error.code).toBe('conflict');
    expect(error.message).toBe(`The campaign is already ${status}.`);
  });

  test.each([
    { stored: null, status: 'New' },
    { stored: '', status: 'New' },
    { stored: undefined, status: 'New' },
    { stored: 'Pending', status: 'Pending' },
  ] as const)('a stored status of $stored reads as $status', ({ stored, status }) => {
    expect(currentStatusOf(stored)).toBe(status);
  });

  test.each([null, ''] as const)('a fresh draft stored as %j may be submitted', (stored) => {
    expect(transitionOf(stored, 'Pending').to).toBe('Pending');
  });

  test.each([
    { status: 'Approved', comment: 'Campaign approved' },
    { status: 'Pending', comment: 'Campaign pending for approval' },
    { status: 'Canceled', comment: 'Campaign canceled' },
    { status: 'Published', comment: 'Your campaign had been published' },
  ] as const)('the $status entry says "$comment"', ({ status, comment }) => {
    expect(WORKFLOW_COMMENTS[status]).toBe(comment);
  });

  test.each([
    { status: null, editable: true },
    { status: 'New', editable: true },
    { status: 'Canceled', editable: true },
    { status: 'Pending', editable: false },
    { status: 'Approved', editable: false },
    { status: 'Published', editable: false },
  ] as const)('a draft that is $status can be edited: $editable', ({ status, editable }) => {
    expect(isEditable(status)).toBe(editable);
  });

  test.each([
    { from: 'New', by: 'owner', next: ['Pending'] },
    { from: 'Pending', by: 'reviewer', next: ['Approved', 'Canceled'] },
    { from: 'Pending', by: 'owner', next: [] },
    { from: 'Approved', by: 'reviewer', next: ['Canceled'] },
    { from: 'Approved', by: 'platform', next: ['Published'] },
    { from: 'Published', by: 'reviewer', next: [] },
  ] as const)('from $from, the $by may move to $next', ({ from, by, next }) => {
    expect(nextStatuses(from, by)).toEqual(next);
  });
});

describe('demo campaign workflow', () => {
  const DEMO = DemoCampaignStatus.options;
  const LEGAL_DEMO = new Set([
    'Draft→Pending',
    'Draft→Canceled',
    'Pending→Approved',
    'Pending→Rejected',
    'Pending→Canceled',
    'Approved→Published',
    'Approved→Canceled',
    'Published→Canceled',
    'Rejected→Draft',
    'Canceled→Draft',
  ]);
  const demoPairs = DEMO.flatMap((from) => DEMO.map((to) => ({ from, to, key: `${from}→${to}` })));

  test.each(demoPairs.filter(({ key }) => LEGAL_DEMO.has(key)))('$key is legal', ({ from, to }) => {
    expect(() => checkDemoTransition(from, to)).not.toThrow();
  });

  test.each(demoPairs.filter(({ key }) => !LEGAL_DEMO.has(key)))('$key is refused with 409', ({ from, to }) => {
    const error = conflictOf(() => checkDemoTransition(from, to));
    expect(error.code).toBe('conflict');
    expect(error.message).toContain(to);
    expect(error.message).toContain(from === to ? 'already' : from);
  });
});
