import type { StateTarget } from './targeting.entity';
import type { Campaign, CampaignPatch } from './campaign.entity';

/** The values of both lists, each once, in first-seen order. */
export function uniqueUnion<T>(current: readonly T[], added: readonly T[]): T[] {
  return [...new Set([...current, ...added])];
}

/** Both lists of states with duplicates removed by stateCode; the entry already there is kept. */
export function mergeStates(current: readonly StateTarget[], added: readonly StateTarget[]): StateTarget[] {
  const byCode = new Map<string, StateTarget>();
  for (const state of [...current, ...added]) if (!byCode.has(state.stateCode)) byCode.set(state.stateCode, state);
  return [...byCode.values()];
}

/**
 * The patch that applies an update to a live campaign (SPEC §5): promoters, adIds and creativeIds merge
 * as unique unions, statesAmobee merges with duplicates removed by stateCode, and every other field
 * overwrites only when supplied (an absent field leaves the stored value alone).
 */
export function mergeCampaignUpdate(current: Campaign, update: CampaignPatch): CampaignPatch {
  const merged: CampaignPatch = {};
  for (const [field, value] of Object.entries(update) as [keyof CampaignPatch, unknown][]) {
    if (value !== undefined) (merged as Record<string, unknown>)[field] = value;
  }
  if (update.promoters) merged.promoters = uniqueUnion(current.promoters, update.promoters);
  if (update.adIds) merged.adIds = uniqueUnion(current.adIds, update.adIds);
  if (update.creativeIds) merged.creativeIds = uniqueUnion(current.creativeIds, update.creativeIds);
  if (update.statesAmobee) merged.statesAmobee = mergeStates(current.statesAmobee, update.statesAmobee);
  return merged;
}
