import { isStepId, type StepId } from './wizard-steps';

/** Where each draft was last open in this browser, so "Continue" resumes there. */
const keyOf = (id: string) => `causeway.campaigner.step.${id}`;

export function rememberedStep(id: string): StepId | null {
  try {
    const step = window.localStorage.getItem(keyOf(id));
    return isStepId(step) ? step : null;
  } catch {
    return null;
  }
}

export function rememberStep(id: string, step: StepId): void {
  try {
    window.localStorage.setItem(keyOf(id), step);
  } catch {
    // Private windows may refuse storage; resuming then starts where the draft still needs work.
  }
}

export function forgetStep(id: string): void {
  try {
    window.localStorage.removeItem(keyOf(id));
  } catch {
    // As above.
  }
}
