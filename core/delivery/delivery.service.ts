import type { Actor } from '../auth/authorization';
import { authorize } from '../auth/authorization';
import type { Campaign } from '../campaigns/campaign.entity';
import { CAMPAIGN_PATHS } from '../contracts/campaigns.contract';
import type { DeliveryView } from '../contracts/delivery.contract';
import type { NotifyInput } from '../notifications/notification.service';
import { AdPlatformError, type AdPlatform, type DeliveryRow, type LineItem } from '../ports/ad-platform.port';
import type { CampaignDeliveryRepository } from '../ports/campaign-delivery.repository';
import type { CampaignRepository } from '../ports/campaign.repository';
import type { Clock } from '../ports/clock.port';
import { DomainError, notFound } from '../shared/errors';
import { dailyOf, dayOf, flightOf, ratesOf, summaryOf, windowOf, type Flight } from './delivery-figures.rules';
import type { CampaignDelivery, DeliveryFigures, LineItemStatus } from './delivery.entity';
import { decidePacing, pauseMessage, resumeMessage } from './pacing.rules';

/** What the service reports for the operators' log; none of it reaches a caller as an error. */
export type DeliveryLogEvent =
  | { kind: 'pullFailed'; campaignIds: string[]; message: string; error: unknown }
  | { kind: 'paused'; campaignId: string; reasons: string[] }
  | { kind: 'pauseFailed'; campaignId: string; error: unknown }
  | { kind: 'resumed'; campaignId: string }
  | { kind: 'resumeFailed'; campaignId: string; error: unknown }
  | { kind: 'notifyFailed'; campaignId: string; error: unknown };

export type DeliveryServiceDeps = {
  campaigns: Pick<CampaignRepository, 'findById' | 'list'>;
  deliveries: CampaignDeliveryRepository;
  adPlatform: Pick<AdPlatform, 'getLineItem' | 'requestDeliveryReport' | 'getDeliveryReport' | 'setStatus'>;
  notify: (input: NotifyInput) => Promise<unknown>;
  clock: Clock;
  /** Waits between polls of a report that is not ready. */
  sleep: (milliseconds: number) => Promise<void>;
  /** How long a report may stay not ready before the pull gives up. */
  reportTimeoutMs: number;
  /** Figures younger than this are answered as they are; older ones are pulled again when asked for. */
  freshForMs: number;
  /** A campaign is pulled on demand at most this often, so callers cannot spend the platform's rate limit. */
  minPullIntervalMs: number;
  /** Insertion orders per report (one summary and one daily report per batch). */
  batchSize: number;
  log: (event: DeliveryLogEvent) => void;
};

export type DeliveryService = ReturnType<typeof deliveryServiceFactory>;

export interface SyncResult {
  /** Deployed campaigns looked at. */
  campaigns: number;
  /** Of them, those whose figures were pulled. */
  pulled: number;
  /** Of them, those whose pull failed. */
  failed: number;
  /** Line items paused by pacing in this run. */
  paused: number;
}

const REPORT_FAILED = 'Error while fetching Report!';
const FIRST_POLL_MS = 250;
const MAX_POLL_MS = 5_000;
const LINE_ITEM_READS_AT_ONCE = 4;

/** A campaign running on the platform: published there with its insertion order and line item. */
const isDeployed = (campaign: Campaign): campaign is Campaign & { insertionOrderId: string; lineItemId: string } =>
  campaign.amobeeDeployed && !campaign.isDeleted && Boolean(campaign.insertionOrderId) && Boolean(campaign.lineItemId);

/** A pull that could not be made, with the SPEC §8 message it is recorded under. */
class PullFailure extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'PullFailure';
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs `work` over `items`, at most `limit` at once, in order of the items. */
async function eachLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
}

/**
 * Delivery figures of deployed campaigns, pulled from the platform's asynchronous reports (request,
 * then poll until ready), and goal-aware pacing checked on each pull. Every instance pulls on its
 * schedule: the store keeps the newer figures and records a pause once, so doubling up is harmless.
 */
export function deliveryServiceFactory(deps: DeliveryServiceDeps) {
  const { campaigns, deliveries, adPlatform, clock } = deps;
  /** Pulls in flight in this instance, per campaign: callers asking at once share one. */
  const inFlight = new Map<string, Promise<void>>();

  async function awaitReport(reportId: string): Promise<{ rows: DeliveryRow[]; reportedAt: string | null }> {
    let waited = 0;
    for (let delay = FIRST_POLL_MS; ; delay = Math.min(delay * 2, MAX_POLL_MS)) {
      let report: { ready: boolean; rows: DeliveryRow[]; reportedAt?: string | null };
      try {
        report = await adPlatform.getDeliveryReport(reportId);
      } catch (error) {
        const vendor = error instanceof AdPlatformError ? (error.vendorMessage ?? error.message) : describe(error);
        throw new PullFailure(`${REPORT_FAILED} ${vendor}`, error);
      }
      if (report.ready) return { rows: report.rows, reportedAt: report.reportedAt ?? null };
      if (waited >= deps.reportTimeoutMs) {
        throw new PullFailure(`${REPORT_FAILED} The report was not ready after ${Math.round(waited / 1000)} s.`);
      }
      await deps.sleep(delay);
      waited += delay;
    }
  }

  /** The summary and daily rows of some insertion orders over one window. */
  async function report(insertionOrderIds: string[], window: Flight) {
    const request = async (aggregation: 'summary' | 'daily') => {
      let reportId: string;
      try {
        ({ reportId } = await adPlatform.requestDeliveryReport({
          insertionOrderIds,
          startTime: window.start,
          endTime: window.end,
          aggregation,
        }));
      } catch (error) {
        // The port's message is SPEC §8's 'Create report error', with the vendor's words.
        throw new PullFailure(describe(error), error);
      }
      return awaitReport(reportId);
    };
    const [summary, daily] = await Promise.all([request('summary'), request('daily')]);
    // The later of the two reports' times: the figures are as of then.
    const times = [summary.reportedAt, daily.reportedAt].filter((at): at is string => at !== null).sort();
    return { summary: summary.rows, daily: daily.rows, reportedAt: times.at(-1) ?? null };
  }

  const fallbackFlight = (campaign: Campaign): Flight => {
    const start = campaign.startDate ?? campaign.createdAt;
    const end = campaign.endDate ?? campaign.campaignRaiseGoalDeadline ?? start;
    return { start: dayOf(start), end: dayOf(end > start ? end : start) };
  };

  const nameOf = (campaign: Campaign) => campaign.campaignName || campaign.campaignTitle || 'Your campaign';

  /** A pacing notification to the campaign's owner; a failure is logged, never thrown (SPEC §8). */
  async function tellOwner(campaign: Campaign, message: string, status: 'Paused' | 'Playing') {
    await deps
      .notify({
        notification_type: 'deployment',
        notification_message: message,
        notification_user_id: null,
        notification_userTo: campaign.userId,
        notification_url: CAMPAIGN_PATHS.page(campaign.campaignUUID),
        notification_campaign_id: campaign.campaignUUID,
        notification_campaign_name: nameOf(campaign),
        notification_campaign_amount: campaign.campaignRaised,
        notification_campaign_date: clock.now().toISOString(),
        notification_campaign_status: status,
      })
      .catch((error: unknown) => deps.log({ kind: 'notifyFailed', campaignId: campaign.campaignUUID, error }));
  }

  /**
   * Plays the ads of a campaign pacing had paused, now that nothing stops it (refunds took it back
   * under its goal before its deadline); the owner is told once, whichever instance cleared the pause.
   */
  async function resume(
    campaign: Campaign & { lineItemId: string },
    pausedAt: string,
    lineItemPaused: boolean,
    status: LineItemStatus | null,
  ): Promise<{ status: LineItemStatus | null; paused: boolean }> {
    if (lineItemPaused) {
      try {
        await adPlatform.setStatus('lineItems', campaign.lineItemId, 'play');
      } catch (error) {
        deps.log({ kind: 'resumeFailed', campaignId: campaign.campaignUUID, error });
        return { status, paused: false };
      }
    }
    const { cleared } = await deliveries.clearPause(campaign.campaignUUID, pausedAt);
    if (cleared) {
      deps.log({ kind: 'resumed', campaignId: campaign.campaignUUID });
      await tellOwner(
        campaign,
        resumeMessage(nameOf(campaign), {
          raisedCents: campaign.campaignRaised,
          goalCents: campaign.campaignRaiseGoal,
        }),
        'Playing',
      );
    }
    return { status: 'play', paused: false };
  }

  /**
   * Pauses the line item once when pacing says so, or plays it again when what paused it is over;
   * answers the status the line item has now.
   */
  async function pace(
    campaign: Campaign & { lineItemId: string },
    lineItem: LineItem | null,
    known: CampaignDelivery | null,
  ): Promise<{ status: LineItemStatus | null; paused: boolean }> {
    const now = clock.now();
    const status = lineItem?.status ?? null;
    const decision = decidePacing({
      deployed: true,
      raisedCents: campaign.campaignRaised,
      goalCents: campaign.campaignRaiseGoal,
      deadline: campaign.campaignRaiseGoalDeadline,
      now,
      alreadyPaused: known?.pause != null,
      lineItemStatus: status,
    });
    if (decision.action === 'resume') return resume(campaign, known!.pause!.pausedAt, decision.lineItemPaused, status);
    if (decision.action !== 'pause') return { status, paused: false };
    try {
      // Pausing twice is harmless on the platform; the store decides who tells the campaigner.
      await adPlatform.setStatus('lineItems', campaign.lineItemId, 'pause');
    } catch (error) {
      deps.log({ kind: 'pauseFailed', campaignId: campaign.campaignUUID, error });
      return { status, paused: false };
    }
    const message = pauseMessage(nameOf(campaign), decision.reasons, {
      goalCents: campaign.campaignRaiseGoal,
      deadline: campaign.campaignRaiseGoalDeadline,
    });
    const { recorded } = await deliveries.recordPause(campaign.campaignUUID, {
      reasons: decision.reasons,
      message,
      pausedAt: now.toISOString(),
    });
    if (recorded) {
      deps.log({ kind: 'paused', campaignId: campaign.campaignUUID, reasons: decision.reasons });
      await tellOwner(campaign, message, 'Paused');
    }
    return { status: 'pause', paused: recorded };
  }

  /**
   * One pull for some deployed campaigns: each line item (its status and flight), pacing, then one
   * summary and one daily report for all their insertion orders, and each campaign's figures stored.
   */
  async function pullBatch(batch: (Campaign & { insertionOrderId: string; lineItemId: string })[]) {
    const result = { pulled: 0, failed: 0, paused: 0 };
    const fail = async (campaignIds: string[], error: unknown) => {
      const message = error instanceof PullFailure ? error.message : `${REPORT_FAILED} ${describe(error)}`;
      deps.log({ kind: 'pullFailed', campaignIds, message, error });
      const at = clock.now().toISOString();
      for (const campaignId of campaignIds) await deliveries.recordFailure(campaignId, { message, at });
      result.failed += campaignIds.length;
    };

    const lines = await eachLimited(batch, LINE_ITEM_READS_AT_ONCE, async (campaign) => {
      const known = await deliveries.find(campaign.campaignUUID);
      let lineItem: LineItem | null = null;
      let failure: unknown = null;
      try {
        lineItem = await adPlatform.getLineItem(campaign.lineItemId);
        if (!lineItem) failure = new PullFailure(`Line item ${campaign.lineItemId} not found on the ad platform.`);
      } catch (error) {
        failure = new PullFailure(describe(error), error);
      }
      // Pacing needs only the campaign and the line item's status: it runs even when reports cannot.
      const paced = await pace(campaign, lineItem, known);
      if (paced.paused) result.paused++;
      return { campaign, lineItem, failure, status: paced.status };
    });

    for (const line of lines) if (line.failure) await fail([line.campaign.campaignUUID], line.failure);
    const reportable = lines.filter((line) => !line.failure && line.lineItem);
    if (reportable.length === 0) return result;
    const flights = new Map(
      reportable.map((line) => [
        line.campaign.campaignUUID,
        flightOf(line.lineItem!.schedules, fallbackFlight(line.campaign)),
      ]),
    );
    let rows: { summary: DeliveryRow[]; daily: DeliveryRow[]; reportedAt: string | null };
    try {
      rows = await report(
        [...new Set(reportable.map((line) => line.campaign.insertionOrderId))],
        windowOf([...flights.values()]),
      );
    } catch (error) {
      await fail(
        reportable.map((line) => line.campaign.campaignUUID),
        error,
      );
      return result;
    }
    const refreshedAt = clock.now().toISOString();
    // The platform's day, as its reports are: a platform ahead of our clock has days we have not reached.
    const today = dayOf(rows.reportedAt ?? refreshedAt);
    for (const { campaign, status } of reportable) {
      const flight = flights.get(campaign.campaignUUID)!;
      const figures: DeliveryFigures = {
        insertionOrderId: campaign.insertionOrderId,
        lineItemId: campaign.lineItemId,
        lineItemStatus: status,
        flightStart: flight.start,
        flightEnd: flight.end,
        ...summaryOf(rows.summary, campaign.insertionOrderId),
        daily: dailyOf(rows.daily, campaign.insertionOrderId, flight, today),
        refreshedAt,
        reportedAt: rows.reportedAt,
      };
      await deliveries.saveFigures(campaign.campaignUUID, figures);
      result.pulled++;
    }
    return result;
  }

  /** One pull of one campaign, shared by the callers asking at the same time. */
  function pullOne(campaign: Campaign & { insertionOrderId: string; lineItemId: string }): Promise<void> {
    const running = inFlight.get(campaign.campaignUUID);
    if (running) return running;
    const pull = pullBatch([campaign])
      .then(() => undefined)
      .finally(() => inFlight.delete(campaign.campaignUUID));
    inFlight.set(campaign.campaignUUID, pull);
    return pull;
  }

  const viewOf = (
    campaign: Pick<Campaign, 'budgetTargetCpc'>,
    delivery: CampaignDelivery & { figures: DeliveryFigures },
  ): DeliveryView => {
    const { figures } = delivery;
    const failedSince =
      delivery.lastFailure && delivery.lastFailure.at > figures.refreshedAt ? delivery.lastFailure : null;
    return {
      campaignId: delivery.campaignId,
      insertionOrderId: figures.insertionOrderId,
      lineItemId: figures.lineItemId,
      lineItemStatus: figures.lineItemStatus,
      flight: { startDate: figures.flightStart, endDate: figures.flightEnd },
      totals: {
        impressions: figures.impressions,
        clicks: figures.clicks,
        spendCents: figures.spendCents,
        ...ratesOf(figures),
      },
      targetCpcCents: campaign.budgetTargetCpc,
      daily: figures.daily.map((day) => ({ ...day, ...ratesOf(day) })),
      refreshedAt: figures.refreshedAt,
      reportedAt: figures.reportedAt ?? figures.refreshedAt,
      pause: delivery.pause,
      lastFailure: failedSince,
    };
  };

  return {
    /**
     * A deployed campaign's latest figures: pulled first when there are none yet, when they are older
     * than a few minutes, or when `refresh` asks (each at most once a minute per campaign).
     */
    async get(actor: Actor, campaignId: string, options: { refresh?: boolean } = {}): Promise<DeliveryView> {
      const campaign = await campaigns.findById(campaignId);
      if (!campaign || campaign.isDeleted) throw notFound('That campaign does not exist.');
      authorize(actor, 'delivery.read', { uid: campaign.userId, organizationId: campaign.organizationId });
      if (!isDeployed(campaign)) {
        throw notFound(
          'This campaign is not running on the ad platform yet: its delivery figures appear once it is published.',
        );
      }
      let delivery = await deliveries.find(campaignId);
      const now = clock.now().getTime();
      const pulledAt = delivery?.figures ? Date.parse(delivery.figures.refreshedAt) : -Infinity;
      const triedAt = Math.max(pulledAt, delivery?.lastFailure ? Date.parse(delivery.lastFailure.at) : -Infinity);
      const wanted = !delivery?.figures || now - pulledAt > deps.freshForMs || options.refresh === true;
      if (wanted && now - triedAt >= deps.minPullIntervalMs) {
        await pullOne(campaign);
        delivery = await deliveries.find(campaignId);
      }
      if (!delivery?.figures) {
        throw new DomainError(
          'unavailable',
          delivery?.lastFailure?.message ?? `${REPORT_FAILED} The ad platform has not reported yet.`,
        );
      }
      return viewOf(campaign, { ...delivery, figures: delivery.figures });
    },

    /** Pulls every deployed campaign, in batches; what one batch fails on does not stop the others. */
    async syncAll(): Promise<SyncResult> {
      const deployed = (await campaigns.list({ paidOnly: true })).filter(isDeployed);
      const total: SyncResult = { campaigns: deployed.length, pulled: 0, failed: 0, paused: 0 };
      for (let start = 0; start < deployed.length; start += deps.batchSize) {
        const result = await pullBatch(deployed.slice(start, start + deps.batchSize));
        total.pulled += result.pulled;
        total.failed += result.failed;
        total.paused += result.paused;
      }
      return total;
    },
  };
}
