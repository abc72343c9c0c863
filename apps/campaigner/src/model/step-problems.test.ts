import { describe, expect, test } from 'vitest';
import { PreCampaign } from '@causeway/core/campaigns/campaign.entity';
import { formOf, type WizardValues } from './wizard-form';
import { stepProblemsOf } from './step-problems';

const fresh = PreCampaign.parse({
  id: 'draft-1',
  campaignUUID: 'uuid-1',
  userId: 'user-1',
  createdAt: '2026-01-05T10:00:00.000Z',
});
const now = new Date('2026-03-10T12:00:00.000Z');
const values = (changes: Partial<WizardValues> = {}): WizardValues => ({ ...formOf(fresh), ...changes });

describe('stepProblemsOf', () => {
  test('judges the fields left with Review’s own sentences, on the values on screen', () => {
    expect(
      stepProblemsOf(
        fresh,
        values({ campaignName: 'Soup', campaignRaiseGoalDeadline: '2026-03-01' }),
        ['campaignRaiseGoalDeadline', 'campaignName'],
        now,
      ),
    ).toEqual({ campaignRaiseGoalDeadline: 'The deadline must be in the future.' });
  });

  test('dates of the schedule: in the past, an end before the start, after the deadline', () => {
    const fields = ['startDate', 'endDate'] as const;
    expect(stepProblemsOf(fresh, values({ startDate: '2026-03-09', endDate: '2026-03-20' }), fields, now)).toEqual({
      startDate: 'The ads cannot start in the past.',
    });
    expect(stepProblemsOf(fresh, values({ startDate: '2026-03-12', endDate: '2026-03-11' }), fields, now)).toEqual({
      endDate: 'The ads must end after they start.',
    });
    expect(
      stepProblemsOf(
        fresh,
        values({ startDate: '2026-03-12', endDate: '2026-05-01', campaignRaiseGoalDeadline: '2026-04-01' }),
        fields,
        now,
      ),
    ).toEqual({ endDate: 'The ads should end by the fundraising deadline.' });
    expect(stepProblemsOf(fresh, values({ startDate: '2026-03-10', endDate: '2026-03-31' }), fields, now)).toEqual({});
  });

  test('a value that cannot be read yet is judged as the draft has it', () => {
    expect(
      stepProblemsOf(fresh, values({ campaignRaiseGoalDeadline: '2026-02-30' }), ['campaignRaiseGoalDeadline'], now),
    ).toEqual({
      campaignRaiseGoalDeadline: 'Choose the date the fundraising ends.',
    });
  });
});
