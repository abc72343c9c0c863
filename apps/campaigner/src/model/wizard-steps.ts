import type { DraftFields } from '@causeway/core/contracts/campaigns.contract';
import { WIZARD_STEPS, type WizardStepId } from '@causeway/core/contracts/campaign-screens';

export type DraftField = keyof DraftFields;

/** The wizard's pages: the six steps that write the draft, then Review. */
export type StepId = WizardStepId | 'review';

export type WizardStep = { id: StepId; label: string; fields: readonly DraftField[] };

export const WIZARD_PAGES: readonly WizardStep[] = [
  ...WIZARD_STEPS.map((step) => ({ id: step.id, label: step.label, fields: step.fields as readonly DraftField[] })),
  { id: 'review', label: 'Review', fields: [] },
];

const stepIds: ReadonlySet<string> = new Set(WIZARD_PAGES.map((step) => step.id));

export function isStepId(value: string | null | undefined): value is StepId {
  return typeof value === 'string' && stepIds.has(value);
}

export function stepById(id: StepId): WizardStep {
  return WIZARD_PAGES.find((step) => step.id === id) ?? WIZARD_PAGES[0]!;
}

export function stepIndex(id: StepId): number {
  return WIZARD_PAGES.findIndex((step) => step.id === id);
}

/** The page before or after, or null at either end. */
export function neighbourStep(id: StepId, offset: -1 | 1): WizardStep | null {
  return WIZARD_PAGES[stepIndex(id) + offset] ?? null;
}

const stepOfFieldMap: ReadonlyMap<string, WizardStepId> = new Map(
  WIZARD_STEPS.flatMap((step) => step.fields.map((field) => [field, step.id] as const)),
);

/** The step a field (or a field path such as `zips.0`) is written on. */
export function stepOfField(path: string): WizardStepId | null {
  return stepOfFieldMap.get(path.split('.')[0] ?? '') ?? null;
}
