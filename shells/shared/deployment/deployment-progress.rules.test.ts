import { describe, expect, test } from 'vitest';
import {
  deploymentAsShown,
  deploymentFailureOf,
  deploymentHeadline,
  deploymentStepsOf,
} from './deployment-progress.rules';

describe('the steps of a deployment', () => {
  test.each<[string, Parameters<typeof deploymentStepsOf>[0], string]>([
    ['not started', null, 'tttttttt'],
    ['queued at the first step', { status: 'queued', step: 1 }, 'cttttttt'],
    ['queued at step 2', { status: 'queued', step: 2 }, 'dctttttt'],
    ['at step 3', { status: 'running', step: 3 }, 'ddcttttt'],
    ['at step 4', { status: 'running', step: 4 }, 'dddctttt'],
    ['stopped at step 2', { status: 'failed', step: 2 }, 'dftttttt'],
    ['stopped at step 7', { status: 'failed', step: 7 }, 'ddddddft'],
    ['resumed at step 7', { status: 'queued', step: 7 }, 'ddddddct'],
    ['done', { status: 'succeeded', step: 8 }, 'dddddddd'],
  ])('%s: %s', (_, deployment, expected) => {
    expect(
      deploymentStepsOf(deployment)
        .map((line) => line.state[0])
        .join(''),
    ).toBe(expected);
  });

  test('each step has its name and number', () => {
    const lines = deploymentStepsOf(null);
    expect(lines).toHaveLength(8);
    expect(lines[0]).toEqual({ number: 1, name: 'Load the profile and organization', state: 'todo' });
    expect(lines[7]!.name).toBe('Start delivery and publish');
  });

  test.each<[Parameters<typeof deploymentHeadline>[0], string]>([
    [null, 'Publishing starts in a moment (0 of 8 steps done)'],
    [{ status: 'queued', step: 1 }, 'Step 1 of 8 is about to start: Load the profile and organization'],
    [{ status: 'running', step: 3 }, 'Step 3 of 8: Create the line item'],
    [{ status: 'running', step: 6 }, 'Step 6 of 8: Create the creatives'],
    [{ status: 'failed', step: 1 }, 'Stopped at step 1 of 8: Load the profile and organization'],
    [{ status: 'failed', step: 7 }, 'Stopped at step 7 of 8: Create the ads'],
    [{ status: 'succeeded', step: 8 }, '8 of 8 steps done'],
  ])('%o reads “%s”', (deployment, headline) => {
    expect(deploymentHeadline(deployment)).toBe(headline);
  });
});

describe('a job beside its draft', () => {
  test.each<[Parameters<typeof deploymentAsShown>[0], boolean, string]>([
    [{ status: 'running' }, true, 'succeeded'],
    [{ status: 'queued' }, true, 'succeeded'],
    [{ status: 'succeeded' }, true, 'succeeded'],
    [{ status: 'running' }, false, 'running'],
    [{ status: 'failed' }, false, 'failed'],
  ])('%o, draft published: %s → %s', (deployment, published, status) => {
    expect(deploymentAsShown(deployment, published).status).toBe(status);
  });
});

describe('the error report of a failed step', () => {
  const failed = (
    update: Record<string, unknown> | null,
    lastError: string | null = 'Create ads error',
    step = 7,
  ): Parameters<typeof deploymentFailureOf>[0] => ({
    status: 'failed',
    step,
    lastError,
    finishedAt: '2026-05-02T10:00:00.000Z',
    errorReport:
      update === null
        ? null
        : { id: 'report-1', preCampaignId: 'draft-1', step, update, createdAt: '2026-05-02T10:00:01.000Z' },
  });

  test.each<[string, Parameters<typeof deploymentFailureOf>[0], object]>([
    [
      'the vendor’s words and status',
      failed({ error: 'Create ads error', vendorMessage: 'Internal error', status: 500 }),
      {
        step: 7,
        stepName: 'Create the ads',
        reason: 'Create ads error',
        vendorMessage: 'Internal error',
        vendorStatus: 500,
        reportId: 'report-1',
        at: '2026-05-02T10:00:01.000Z',
      },
    ],
    [
      'no vendor message when it repeats the reason',
      failed({ error: 'No advertiser', vendorMessage: 'No advertiser' }, 'x', 1),
      { step: 1, stepName: 'Load the profile and organization', reason: 'No advertiser', vendorMessage: null },
    ],
    [
      'the job’s last error when the report has none',
      failed({ vendorMessage: '', status: 'x' }),
      { reason: 'Create ads error', vendorMessage: null, vendorStatus: null },
    ],
    [
      'the job’s last error without a report',
      failed(null, 'POST create lineItems error', 3),
      { step: 3, stepName: 'Create the line item', reason: 'POST create lineItems error', reportId: null },
    ],
    [
      'a job without its report nor a reason',
      failed(null, null),
      { reason: 'The step failed without a reason.', reportId: null, at: '2026-05-02T10:00:00.000Z' },
    ],
  ])('%s', (_, deployment, expected) => {
    expect(deploymentFailureOf(deployment)).toMatchObject(expected);
  });

  test('a deployment that did not fail has no report', () => {
    expect(deploymentFailureOf({ ...failed({ error: 'x' }), status: 'running' })).toBeNull();
  });
});
