import { describe, expect, test } from 'vitest';
import { deploymentFailureOf, deploymentHeadline, deploymentStepsOf } from './deployment-progress';

describe('a deployment on the review page', () => {
  test.each<[Parameters<typeof deploymentStepsOf>[0], string]>([
    [{ status: 'queued', step: 1 }, 'cttttttt'],
    [{ status: 'running', step: 4 }, 'dddctttt'],
    [{ status: 'failed', step: 2 }, 'dftttttt'],
    [{ status: 'queued', step: 2 }, 'dctttttt'],
    [{ status: 'succeeded', step: 8 }, 'dddddddd'],
  ])('%o: steps %s', (deployment, states) => {
    expect(
      deploymentStepsOf(deployment)
        .map((line) => line.state[0])
        .join(''),
    ).toBe(states);
  });

  test.each<[Parameters<typeof deploymentHeadline>[0], string]>([
    [{ status: 'queued', step: 1 }, 'Step 1 of 8 is about to start: Load the profile and organization'],
    [{ status: 'running', step: 6 }, 'Step 6 of 8: Create the creatives'],
    [{ status: 'failed', step: 1 }, 'Stopped at step 1 of 8: Load the profile and organization'],
    [{ status: 'succeeded', step: 8 }, '8 of 8 steps done'],
  ])('%o reads “%s”', (deployment, headline) => {
    expect(deploymentHeadline(deployment)).toBe(headline);
  });

  const report = (update: Record<string, unknown>) => ({
    id: 'report-1',
    preCampaignId: 'draft-1',
    step: 7,
    update,
    createdAt: '2026-05-02T10:00:00.000Z',
  });
  test.each<[string, Parameters<typeof deploymentFailureOf>[0], object | null]>([
    ['a running one has none', { status: 'running', step: 7, lastError: null, errorReport: null }, null],
    [
      'the vendor’s words',
      {
        status: 'failed',
        step: 7,
        lastError: 'Create ads error',
        errorReport: report({ error: 'Create ads error', vendorMessage: 'Internal error', status: 500 }),
      },
      { step: 7, stepName: 'Create the ads', vendorMessage: 'Internal error', vendorStatus: 500, reportId: 'report-1' },
    ],
    [
      'the reason once when the vendor said the same',
      {
        status: 'failed',
        step: 1,
        lastError: 'x',
        errorReport: { ...report({ error: 'No advertiser', vendorMessage: 'No advertiser' }), step: 1 },
      },
      { step: 1, reason: 'No advertiser', vendorMessage: null, vendorStatus: null },
    ],
    [
      'the job’s last error without a report',
      { status: 'failed', step: 3, lastError: 'POST create lineItems error', errorReport: null },
      { step: 3, reason: 'POST create lineItems error', reportId: null },
    ],
  ])('%s', (_, deployment, expected) => {
    const failure = deploymentFailureOf(deployment);
    if (expected === null) expect(failure).toBeNull();
    else expect(failure).toMatchObject(expected);
  });
});
