import { describe, expect, test } from 'vitest';
import type { DeploymentView } from '../../../../core/contracts/deployments.contract';
import {
  failureReportOf,
  paymentReturnOf,
  pollIntervalOf,
  progressHeadline,
  publishStageOf,
  stepLinesOf,
  type PublishStage,
} from './publishing';

test.each([
  ['done', 'done'],
  ['canceled', 'canceled'],
  ['DONE', null],
  ['', null],
  [null, null],
])('payment=%s reads as %s', (value, expected) => {
  expect(paymentReturnOf(value)).toBe(expected);
});

describe('the publishing stage of a draft', () => {
  const job = (status: DeploymentView['status']) => ({ status });
  test.each<[string, Parameters<typeof publishStageOf>[0], PublishStage | null]>([
    ['a draft being written', { status: 'New', isPaid: false, deployment: null, paymentReturn: null }, null],
    ['a draft waiting for approval', { status: 'Pending', isPaid: false, deployment: null, paymentReturn: null }, null],
    ['approved, unpaid', { status: 'Approved', isPaid: false, deployment: null, paymentReturn: null }, 'pay'],
    [
      'approved, back from a canceled payment',
      { status: 'Approved', isPaid: false, deployment: null, paymentReturn: 'canceled' },
      'pay',
    ],
    [
      'back from paying, not confirmed yet',
      { status: 'Approved', isPaid: false, deployment: null, paymentReturn: 'done' },
      'confirming',
    ],
    ['paid, not started', { status: 'Approved', isPaid: true, deployment: null, paymentReturn: null }, 'starting'],
    ['queued', { status: 'Approved', isPaid: true, deployment: job('queued'), paymentReturn: null }, 'running'],
    [
      'running before the draft says paid',
      { status: 'Approved', isPaid: false, deployment: job('running'), paymentReturn: 'done' },
      'running',
    ],
    ['stopped', { status: 'Approved', isPaid: true, deployment: job('failed'), paymentReturn: null }, 'failed'],
    [
      'done before the draft says published',
      { status: 'Approved', isPaid: true, deployment: job('succeeded'), paymentReturn: null },
      'published',
    ],
    [
      'published',
      { status: 'Published', isPaid: true, deployment: job('succeeded'), paymentReturn: null },
      'published',
    ],
    [
      'published without a job',
      { status: 'Published', isPaid: true, deployment: null, paymentReturn: null },
      'published',
    ],
  ])('%s', (_, input, stage) => {
    expect(publishStageOf(input)).toBe(stage);
  });
});

describe('the steps of a deployment', () => {
  const states = (deployment: Parameters<typeof stepLinesOf>[0]) =>
    stepLinesOf(deployment)
      .map((line) => line.state[0])
      .join('');
  test.each<[string, Parameters<typeof stepLinesOf>[0], string]>([
    ['not started', null, 'tttttttt'],
    ['queued at the first step', { status: 'queued', step: 1 }, 'cttttttt'],
    ['at step 3', { status: 'running', step: 3 }, 'ddcttttt'],
    ['stopped at step 7', { status: 'failed', step: 7 }, 'ddddddft'],
    ['resumed at step 7', { status: 'queued', step: 7 }, 'ddddddct'],
    ['done', { status: 'succeeded', step: 8 }, 'dddddddd'],
  ])('%s: %s', (_, deployment, expected) => {
    expect(states(deployment)).toBe(expected);
  });

  test('each step has its name and number', () => {
    const lines = stepLinesOf(null);
    expect(lines).toHaveLength(8);
    expect(lines[0]).toEqual({ number: 1, name: 'Load the profile and organization', state: 'todo' });
    expect(lines[7]!.name).toBe('Start delivery and publish');
  });

  test.each<[Parameters<typeof progressHeadline>[0], string]>([
    [null, 'Publishing starts in a moment (0 of 8 steps done)'],
    [{ status: 'queued', step: 1 }, 'Step 1 of 8 is about to start: Load the profile and organization'],
    [{ status: 'running', step: 3 }, 'Step 3 of 8: Create the line item'],
    [{ status: 'failed', step: 7 }, 'Stopped at step 7 of 8: Create the ads'],
    [{ status: 'succeeded', step: 8 }, '8 of 8 steps done'],
  ])('%o reads “%s”', (deployment, headline) => {
    expect(progressHeadline(deployment)).toBe(headline);
  });
});

describe('the error report of a failed step', () => {
  const failed = (update: Record<string, unknown> | null, lastError: string | null = 'Create ads error') => ({
    status: 'failed' as const,
    step: 7,
    lastError,
    finishedAt: '2026-05-02T10:00:00.000Z',
    errorReport:
      update === null
        ? null
        : { id: 'report-1', preCampaignId: 'draft-1', step: 7, update, createdAt: '2026-05-02T10:00:01.000Z' },
  });

  test.each<[string, ReturnType<typeof failed>, object]>([
    [
      'the vendor’s words and status',
      failed({ error: 'Create ads error', vendorMessage: 'Internal error', status: 500 }),
      { reason: 'Create ads error', vendorMessage: 'Internal error', vendorStatus: 500, reportId: 'report-1' },
    ],
    [
      'no vendor message when it repeats the reason',
      failed({ error: 'Organization not found', vendorMessage: 'Organization not found' }),
      { reason: 'Organization not found', vendorMessage: null, vendorStatus: null },
    ],
    [
      'the job’s last error when the report has none',
      failed({ vendorMessage: '', status: 'x' }),
      { reason: 'Create ads error', vendorMessage: null, vendorStatus: null },
    ],
    [
      'a job without its report',
      failed(null, null),
      { reason: 'The step failed without a reason.', reportId: null, at: '2026-05-02T10:00:00.000Z' },
    ],
  ])('%s', (_, deployment, expected) => {
    expect(failureReportOf(deployment)).toMatchObject({ step: 7, stepName: 'Create the ads', ...expected });
  });

  test('a deployment that did not fail has no report', () => {
    expect(failureReportOf({ ...failed({ error: 'x' }), status: 'running' })).toBeNull();
  });
});

test.each<[PublishStage | null, number | false]>([
  ['pay', false],
  ['confirming', 2_000],
  ['starting', 2_000],
  ['running', 5_000],
  ['failed', false],
  ['published', false],
  [null, false],
])('while %s, ask again every %s ms', (stage, interval) => {
  expect(pollIntervalOf(stage)).toBe(interval);
});
