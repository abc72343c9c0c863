/**
 * Goal-aware pacing: a campaign stops buying ads once donors have given its goal, or once its
 * fundraising deadline has passed. Its line item is paused once; the campaigner is told why. When
 * refunds take a paused campaign back under its goal before its deadline, its ads run again.
 */
import { formatUsd } from '../budget/budget.rules';
import type { LineItemStatus, PauseReason } from './delivery.entity';

export interface PacingFacts {
  /** The campaign runs on the platform: published there, with a line item. */
  deployed: boolean;
  raisedCents: number;
  /** 0: the campaign has no goal. */
  goalCents: number;
  /** The fundraising deadline, when there is one. */
  deadline: string | null;
  now: Date;
  /** Pacing paused it already. */
  alreadyPaused: boolean;
  /** The platform's status of the line item, when known. */
  lineItemStatus: LineItemStatus | null;
}

export type PacingDecision =
  | { action: 'pause'; reasons: PauseReason[] }
  /** Paused by pacing, and nothing stops it any more: play the line item again (if paused) and clear the pause. */
  | { action: 'resume'; reasons: []; lineItemPaused: boolean }
  | {
      action: 'none';
      reasons: PauseReason[];
      why: 'notDeployed' | 'alreadyPaused' | 'endedOnPlatform' | 'onTrack';
    };

/** What would stop the campaign now, whatever its state on the platform. */
export function pauseReasonsOf(facts: Pick<PacingFacts, 'raisedCents' | 'goalCents' | 'deadline' | 'now'>) {
  const reasons: PauseReason[] = [];
  if (facts.goalCents > 0 && facts.raisedCents >= facts.goalCents) reasons.push('goalReached');
  if (facts.deadline !== null && facts.now.getTime() > Date.parse(facts.deadline)) reasons.push('deadlinePassed');
  return reasons;
}

export function decidePacing(facts: PacingFacts): PacingDecision {
  const reasons = pauseReasonsOf(facts);
  if (!facts.deployed) return { action: 'none', reasons, why: 'notDeployed' };
  // Stopped or archived on the platform by hand: pausing would not save anything, and a stopped line
  // item is not ours to move back to paused, nor to play again.
  const ended = facts.lineItemStatus === 'stop' || facts.lineItemStatus === 'archived';
  if (facts.alreadyPaused) {
    if (reasons.length > 0) return { action: 'none', reasons, why: 'alreadyPaused' };
    if (ended) return { action: 'none', reasons, why: 'endedOnPlatform' };
    // Not knowing the line item's status, it is left as it is until a sync that does.
    if (facts.lineItemStatus === null) return { action: 'none', reasons, why: 'alreadyPaused' };
    return { action: 'resume', reasons: [], lineItemPaused: facts.lineItemStatus === 'pause' };
  }
  if (reasons.length === 0) return { action: 'none', reasons, why: 'onTrack' };
  if (ended) return { action: 'none', reasons, why: 'endedOnPlatform' };
  return { action: 'pause', reasons };
}

/** The sentence the campaigner gets (and the delivery figures show) when pacing pauses the ads. */
export function pauseMessage(
  campaignName: string,
  reasons: readonly PauseReason[],
  facts: { goalCents: number; deadline: string | null },
): string {
  const why: string[] = [];
  if (reasons.includes('goalReached')) why.push(`it reached its goal of ${formatUsd(facts.goalCents)}`);
  if (reasons.includes('deadlinePassed') && facts.deadline) {
    why.push(`its fundraising deadline of ${facts.deadline.slice(0, 10)} has passed`);
  }
  return `The ads of “${campaignName}” are paused because ${why.join(' and ')}: no more of its ad budget is spent.`;
}

/** The sentence the campaigner gets when pacing plays the ads again. */
export function resumeMessage(campaignName: string, facts: { raisedCents: number; goalCents: number }): string {
  return (
    `The ads of “${campaignName}” run again: after refunds it has ${formatUsd(facts.raisedCents)} of its ` +
    `${formatUsd(facts.goalCents)} goal, and its deadline has not passed.`
  );
}
