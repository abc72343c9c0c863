import { describe, expect, it } from 'vitest';
import { decidePacing, pauseMessage, resumeMessage, type PacingFacts } from './pacing.rules';

const NOW = new Date('2026-06-10T12:00:00.000Z');
const base: PacingFacts = {
  deployed: true,
  raisedCents: 10_000_00,
  goalCents: 25_000_00,
  deadline: '2026-07-01T00:00:00.000Z',
  now: NOW,
  alreadyPaused: false,
  lineItemStatus: 'play',
};

describe('goal-aware pacing', () => {
  it.each([
    { case: 'neither goal met nor deadline passed', facts: {}, action: 'none', reasons: [] },
    { case: 'goal met exactly', facts: { raisedCents: 25_000_00 }, action: 'pause', reasons: ['goalReached'] },
    { case: 'goal passed', facts: { raisedCents: 30_000_00 }, action: 'pause', reasons: ['goalReached'] },
    {
      case: 'deadline passed',
      facts: { deadline: '2026-06-10T11:59:59.000Z' },
      action: 'pause',
      reasons: ['deadlinePassed'],
    },
    {
      case: 'both',
      facts: { raisedCents: 25_000_00, deadline: '2026-06-01T00:00:00.000Z' },
      action: 'pause',
      reasons: ['goalReached', 'deadlinePassed'],
    },
    {
      case: 'deadline this very instant (not passed yet)',
      facts: { deadline: NOW.toISOString() },
      action: 'none',
      reasons: [],
    },
    { case: 'no deadline', facts: { deadline: null }, action: 'none', reasons: [] },
    { case: 'no goal (0) and nothing raised', facts: { goalCents: 0, raisedCents: 0 }, action: 'none', reasons: [] },
    {
      case: 'already paused by pacing',
      facts: { raisedCents: 25_000_00, alreadyPaused: true },
      action: 'none',
      reasons: ['goalReached'],
      why: 'alreadyPaused',
    },
    {
      case: 'not deployed',
      facts: { raisedCents: 25_000_00, deployed: false },
      action: 'none',
      reasons: ['goalReached'],
      why: 'notDeployed',
    },
    {
      case: 'paused on the platform by hand (paused again, to record why)',
      facts: { raisedCents: 25_000_00, lineItemStatus: 'pause' as const },
      action: 'pause',
      reasons: ['goalReached'],
    },
    {
      case: 'stopped on the platform',
      facts: { raisedCents: 25_000_00, lineItemStatus: 'stop' as const },
      action: 'none',
      reasons: ['goalReached'],
      why: 'endedOnPlatform',
    },
    {
      case: 'paused by pacing, refunds took it back under its goal',
      facts: { alreadyPaused: true, lineItemStatus: 'pause' as const },
      action: 'resume',
      reasons: [],
    },
    {
      case: 'paused by pacing, under its goal again, played on the platform by hand already',
      facts: { alreadyPaused: true, lineItemStatus: 'play' as const },
      action: 'resume',
      reasons: [],
    },
    {
      case: 'paused by pacing, under its goal again, but the deadline has passed',
      facts: { alreadyPaused: true, lineItemStatus: 'pause' as const, deadline: '2026-06-01T00:00:00.000Z' },
      action: 'none',
      reasons: ['deadlinePassed'],
      why: 'alreadyPaused',
    },
    {
      case: 'paused by pacing, under its goal again, stopped on the platform by hand',
      facts: { alreadyPaused: true, lineItemStatus: 'stop' as const },
      action: 'none',
      reasons: [],
      why: 'endedOnPlatform',
    },
    {
      case: 'paused by pacing, under its goal again, line item status unknown',
      facts: { alreadyPaused: true, lineItemStatus: null },
      action: 'none',
      reasons: [],
      why: 'alreadyPaused',
    },
    {
      case: 'line item status unknown (platform did not answer)',
      facts: { deadline: '2026-06-01T00:00:00.000Z', lineItemStatus: null },
      action: 'pause',
      reasons: ['deadlinePassed'],
    },
  ])('$case → $action', ({ facts, action, reasons, why }) => {
    const decision = decidePacing({ ...base, ...facts });
    expect(decision.action).toBe(action);
    expect(decision.reasons).toEqual(reasons);
    if (why) expect(decision).toMatchObject({ why });
  });

  it.each([
    {
      reasons: ['goalReached'] as const,
      text: 'The ads of “Winter meals” are paused because it reached its goal of $25,000.00: no more of its ad budget is spent.',
    },
    {
      reasons: ['deadlinePassed'] as const,
      text: 'The ads of “Winter meals” are paused because its fundraising deadline of 2026-07-01 has passed: no more of its ad budget is spent.',
    },
    {
      reasons: ['goalReached', 'deadlinePassed'] as const,
      text: 'The ads of “Winter meals” are paused because it reached its goal of $25,000.00 and its fundraising deadline of 2026-07-01 has passed: no more of its ad budget is spent.',
    },
  ])('tells the campaigner why: $reasons', ({ reasons, text }) => {
    expect(pauseMessage('Winter meals', reasons, { goalCents: base.goalCents, deadline: base.deadline })).toBe(text);
  });

  it('words the ads playing again with what was raised and the goal', () => {
    expect(resumeMessage('Winter meals', { raisedCents: 24_000_00, goalCents: 25_000_00 })).toBe(
      'The ads of “Winter meals” run again: after refunds it has $24,000.00 of its $25,000.00 goal, and its deadline has not passed.',
    );
  });
});
