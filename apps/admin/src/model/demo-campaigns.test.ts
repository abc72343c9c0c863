import { describe, expect, test } from 'vitest';
import { DEMO_CAMPAIGN_TRANSITIONS } from '@causeway/core/workflow/workflow.rules';
import { DEMO_STATUSES, demoTransitionLegend, isDemoStatus, orderedMoves } from './demo-campaigns';

describe('demo campaigns', () => {
  test('the legend lists every status once, with exactly the moves of the transition table', () => {
    const legend = demoTransitionLegend();
    expect(legend.map((row) => row.from).sort()).toEqual(Object.keys(DEMO_CAMPAIGN_TRANSITIONS).sort());
    for (const row of legend) expect(row.to).toEqual(DEMO_CAMPAIGN_TRANSITIONS[row.from]);
  });

  test.each([
    [
      ['Canceled', 'Pending'],
      ['Pending', 'Canceled'],
    ],
    [
      ['Canceled', 'Rejected', 'Approved'],
      ['Approved', 'Rejected', 'Canceled'],
    ],
    [['Draft'], ['Draft']],
    [[], []],
  ] as const)('moves %o are offered as %o', (moves, ordered) => {
    expect(orderedMoves(moves)).toEqual(ordered);
  });

  test.each([
    ['Draft', true],
    ['Rejected', true],
    ['draft', false],
    ['New', false],
    [null, false],
  ])('%s is a status: %s', (value, known) => {
    expect(isDemoStatus(value)).toBe(known);
  });

  test('the status filter offers every status', () => {
    expect([...DEMO_STATUSES].sort()).toEqual(Object.keys(DEMO_CAMPAIGN_TRANSITIONS).sort());
  });
});
