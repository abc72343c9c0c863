import { describe, expect, test } from 'vitest';
import { PreCampaign } from '@causeway/core/campaigns/campaign.entity';
import type { WorkflowEntry } from '@causeway/core/workflow/workflow.entity';
import { lastMoveOf, progressOf, reviewerNoteOf, statusOf, timelineOf } from './draft-status';

const entry = (status: WorkflowEntry['status'], at: string, ...comments: string[]): WorkflowEntry => ({
  workflowId: `w-${status}-${at}`,
  status,
  statusDate: at,
  statusUser: 'reviewer-1',
  comments: comments.map((comment) => ({ comment, createdAt: at, createdBy: 'reviewer-1' })),
});

const draftWith = (fields: Partial<PreCampaign> = {}) =>
  PreCampaign.parse({
    id: 'draft-1',
    campaignUUID: 'uuid-1',
    userId: 'user-1',
    createdAt: '2026-01-05T10:00:00.000Z',
    ...fields,
  });

describe('status', () => {
  test.each([
    [null, 'New'],
    ['', 'New'],
    ['Pending', 'Pending'],
    ['Canceled', 'Canceled'],
  ] as const)('%j reads as %s', (stored, status) => {
    expect(statusOf({ workflowstatus: stored })).toBe(status);
  });
});

describe('the reviewer’s note', () => {
  test.each([
    [
      'a canceled draft shows what the reviewer wrote after the platform’s sentence',
      'Canceled',
      [
        entry('Pending', '2026-01-06T09:00:00.000Z', 'Campaign pending for approval'),
        entry('Canceled', '2026-01-07T09:00:00.000Z', 'Campaign canceled', 'The cover is blurry.', 'Shorter story.'),
      ],
      { comments: ['The cover is blurry.', 'Shorter story.'], at: '2026-01-07T09:00:00.000Z', by: 'reviewer-1' },
    ],
    [
      'a canceled draft without a comment has an empty note',
      'Canceled',
      [entry('Canceled', '2026-01-07T09:00:00.000Z', 'Campaign canceled')],
      { comments: [], at: '2026-01-07T09:00:00.000Z', by: 'reviewer-1' },
    ],
    [
      'a draft sent again has no note',
      'Pending',
      [
        entry('Canceled', '2026-01-07T09:00:00.000Z', 'Campaign canceled', 'Fix it.'),
        entry('Pending', '2026-01-08T09:00:00.000Z', 'Campaign pending for approval'),
      ],
      null,
    ],
    ['a new draft has none', null, [], null],
  ] as const)('%s', (_case, workflowstatus, workflow, note) => {
    expect(reviewerNoteOf(draftWith({ workflowstatus, workflow: [...workflow] }))).toEqual(note);
  });
});

test('the timeline lists the moves newest first, with the platform’s sentence apart from the comments', () => {
  const draft = draftWith({
    workflow: [
      entry('Pending', '2026-01-06T09:00:00.000Z', 'Campaign pending for approval'),
      entry('Canceled', '2026-01-07T09:00:00.000Z', 'Campaign canceled', 'The cover is blurry.'),
    ],
  });
  expect(timelineOf(draft)).toEqual([
    expect.objectContaining({
      status: 'Canceled',
      label: 'Sent back for changes',
      summary: 'Campaign canceled',
      comments: ['The cover is blurry.'],
    }),
    expect.objectContaining({ status: 'Pending', label: 'Sent for approval', comments: [] }),
  ]);
});

test.each([
  [[], 'Started Jan 5, 2026'],
  [[entry('Pending', '2026-01-06T09:00:00.000Z', 'Campaign pending for approval')], 'Sent for approval Jan 6, 2026'],
  [[entry('Approved', '2026-01-09T09:00:00.000Z', 'Campaign approved')], 'Approved Jan 9, 2026'],
])('the last move of %j reads “%s”', (workflow, text) => {
  expect(lastMoveOf(draftWith({ workflow }))).toBe(text);
});

describe('progress', () => {
  const now = new Date('2026-01-05T12:00:00.000Z');

  test('a fresh draft has the steps with defaults ready and starts at Basics', () => {
    expect(progressOf(draftWith(), now)).toEqual({ ready: 2, total: 6, firstOpen: 'basics' });
  });

  test('a draft with its basics written goes on at Media', () => {
    const draft = draftWith({
      campaignName: 'Winter meals',
      campaignTitle: 'Warm meals',
      campaignDescription: 'x'.repeat(60),
      campaignCategory: 'Education',
      campaignChannel: 'display',
      campaignRaiseGoal: 500_00,
      campaignRaiseGoalDeadline: '2026-03-01T00:00:00.000Z',
    });
    expect(progressOf(draft, now)).toEqual({ ready: 3, total: 6, firstOpen: 'media' });
  });
});
