import { describe, expect, test } from 'vitest';
import type { PreCampaign } from '@causeway/core/campaigns/campaign.entity';
import { CAMPAIGN_PATHS } from '@causeway/core/contracts/campaigns.contract';
import type { WorkflowEntry, WorkflowStatus } from '@causeway/core/workflow/workflow.entity';
import {
  approvalListOf,
  approvalPaths,
  approvalRouteOf,
  approvedAt,
  decisionsOf,
  earlierSendBack,
  hasWaitedLong,
  nextInQueue,
  sortQueue,
  submittedAt,
  waitingTime,
  writtenComments,
} from './approvals';

const entry = (
  status: WorkflowStatus,
  statusDate: string,
  comments: string[] = [],
  statusUser = 'u-1',
): WorkflowEntry => ({
  workflowId: `${status}-${statusDate}`,
  status,
  statusDate,
  statusUser,
  comments: comments.map((comment) => ({ comment, createdAt: statusDate, createdBy: statusUser })),
});

type Draft = Pick<PreCampaign, 'id' | 'workflow' | 'createdAt'>;
const draft = (id: string, createdAt: string, workflow: WorkflowEntry[] = []): Draft => ({ id, createdAt, workflow });

describe('approvalRouteOf', () => {
  test.each([
    ['/approvals', { page: 'queue' }],
    ['/approvals/', { page: 'queue' }],
    ['/approvals/abc', { page: 'review', id: 'abc' }],
    ['/approvals/a%20b/', { page: 'review', id: 'a b' }],
    ['/approvals/abc/more', { page: 'not-found' }],
    ['/approvals/%E0%A4%A', { page: 'not-found' }],
    ['/approvalsx', { page: 'not-found' }],
    ['/admin', { page: 'not-found' }],
  ])('%s', (pathname, route) => {
    expect(approvalRouteOf(pathname)).toEqual(route);
  });

  test('a review is at the address notifications link to', () => {
    const id = '0d9c6f8e-52a1-4a8f-9b0e-3f1c2d4e5a6b';
    expect(approvalPaths.review(id)).toBe(CAMPAIGN_PATHS.approval(id));
    expect(approvalRouteOf(CAMPAIGN_PATHS.approval(id))).toEqual({ page: 'review', id });
  });

  test.each([
    ['pending', null, '/approvals'],
    ['pending', 'org 1', '/approvals?organizationId=org+1'],
    ['pending-publish', null, '/approvals?list=pending-publish'],
  ] as const)('the %s list of %s is at %s', (list, organizationId, path) => {
    expect(approvalPaths.list(list, organizationId)).toBe(path);
  });

  test.each([
    ['pending-publish', 'pending-publish'],
    ['pending', 'pending'],
    [null, 'pending'],
    ['drafts', 'pending'],
  ])('list=%s shows %s', (value, list) => {
    expect(approvalListOf(value)).toBe(list);
  });
});

describe('dates of the queue', () => {
  const resubmitted = draft('d', '2026-01-01T00:00:00Z', [
    entry('New', '2026-01-01T00:00:00Z'),
    entry('Pending', '2026-01-02T00:00:00Z'),
    entry('Canceled', '2026-01-03T00:00:00Z', ['Campaign canceled', 'Use a brighter cover.'], 'reviewer'),
    entry('Pending', '2026-01-05T00:00:00Z'),
  ]);

  test('submitted is the latest move to Pending, whatever the order of the history', () => {
    expect(submittedAt(resubmitted)).toBe('2026-01-05T00:00:00Z');
    expect(submittedAt({ ...resubmitted, workflow: [...resubmitted.workflow].reverse() })).toBe('2026-01-05T00:00:00Z');
  });

  test('a history without the entry falls back to the creation date', () => {
    expect(submittedAt(draft('d', '2026-01-01T00:00:00Z'))).toBe('2026-01-01T00:00:00Z');
    expect(approvedAt(resubmitted)).toBe('2026-01-05T00:00:00Z');
  });

  test('an earlier send-back is found with what the reviewer wrote, not the automatic comment', () => {
    expect(earlierSendBack(resubmitted)).toEqual({
      at: '2026-01-03T00:00:00Z',
      by: 'reviewer',
      comments: ['Use a brighter cover.'],
    });
    expect(earlierSendBack(draft('d', '2026-01-01T00:00:00Z', [entry('Pending', '2026-01-02T00:00:00Z')]))).toBeNull();
  });

  test('written comments leave out the one the platform writes for the status', () => {
    const approved = entry('Approved', '2026-01-04T00:00:00Z', ['Campaign approved', 'Lovely story.']);
    expect(writtenComments(approved).map((comment) => comment.comment)).toEqual(['Lovely story.']);
  });
});

describe('queue order', () => {
  const a = draft('a', '2026-01-01T00:00:00Z', [entry('Pending', '2026-01-10T00:00:00Z')]);
  const b = draft('b', '2026-01-05T00:00:00Z', [entry('Pending', '2026-01-06T00:00:00Z')]);
  const c = draft('c', '2026-01-03T00:00:00Z', [
    entry('Pending', '2026-01-04T00:00:00Z'),
    entry('Approved', '2026-01-11T00:00:00Z'),
  ]);

  test('newest submission first, an older draft resubmitted later on top', () => {
    expect(sortQueue([b, a, c], 'pending').map((item) => item.id)).toEqual(['a', 'b', 'c']);
  });

  test('awaiting payment: newest approval first', () => {
    expect(sortQueue([a, c], 'pending-publish').map((item) => item.id)).toEqual(['c', 'a']);
  });

  test('the next campaign is the top of the queue other than the one just decided', () => {
    expect(nextInQueue([a, b], 'a')?.id).toBe('b');
    expect(nextInQueue([a, b], 'b')?.id).toBe('a');
    expect(nextInQueue([a], 'a')).toBeNull();
    expect(nextInQueue([], 'a')).toBeNull();
  });
});

describe('waitingTime', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  test.each([
    ['2026-03-10T11:59:30Z', 'under a minute'],
    ['2026-03-10T11:59:00Z', '1 minute'],
    ['2026-03-10T11:15:00Z', '45 minutes'],
    ['2026-03-10T11:00:00Z', '1 hour'],
    ['2026-03-09T12:00:00Z', '24 hours'],
    ['2026-03-08T12:00:01Z', '47 hours'],
    ['2026-03-08T12:00:00Z', '2 days'],
    ['2026-02-08T12:00:00Z', '30 days'],
    ['2026-03-11T12:00:00Z', 'under a minute'],
    ['not a date', '—'],
  ])('since %s: %s', (since, text) => {
    expect(waitingTime(since, now)).toBe(text);
  });

  test.each([
    ['2026-03-08T12:00:00Z', true],
    ['2026-03-08T12:00:01Z', false],
  ])('waited long since %s: %s', (since, long) => {
    expect(hasWaitedLong(since, now)).toBe(long);
  });
});

describe('decisionsOf', () => {
  test.each([
    ['Pending', ['Approved', 'Canceled'], ['approve', 'cancel']],
    ['Approved', ['Canceled'], ['withdraw']],
    ['Pending', [], []],
    ['New', ['Pending'], []],
    ['Canceled', ['Pending'], []],
  ] as const)('%s with moves %o: %o', (status, moves, decisions) => {
    expect(decisionsOf(status, moves)).toEqual(decisions);
  });
});
