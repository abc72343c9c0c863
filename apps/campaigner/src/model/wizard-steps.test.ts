import { expect, test } from 'vitest';
import { WIZARD_STEPS } from '@causeway/core/contracts/campaigns.contract';
import { isStepId, neighbourStep, stepOfField, WIZARD_PAGES } from './wizard-steps';

test('the wizard is the six steps of the contract, then Review', () => {
  expect(WIZARD_PAGES.map((step) => step.id)).toEqual([...WIZARD_STEPS.map((step) => step.id), 'review']);
});

test.each([
  ['budget', true],
  ['review', true],
  ['Budget', false],
  ['', false],
  [null, false],
])('%j is a step: %j', (value, answer) => {
  expect(isStepId(value)).toBe(answer);
});

test.each([
  ['campaignName', 'basics'],
  ['zips.3', 'targeting'],
  ['statesAmobee.0.cities.1.city', 'targeting'],
  ['adFiles.0', 'adFiles'],
  ['landingPage', 'landingPage'],
  ['comment', null],
])('%s is written on %j', (path, step) => {
  expect(stepOfField(path)).toBe(step);
});

test.each([
  ['basics', -1, null],
  ['basics', 1, 'media'],
  ['landingPage', 1, 'review'],
  ['review', 1, null],
] as const)('from %s, %i goes to %j', (from, offset, to) => {
  expect(neighbourStep(from, offset)?.id ?? null).toBe(to);
});
