import { describe, expect, test } from 'vitest';
import type { DeploymentView } from '@causeway/core/contracts/deployments.contract';
import { paymentReturnOf, pollIntervalOf, publishStageOf, type PublishStage } from './publishing';

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
