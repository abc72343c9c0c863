import { BOT_CHECK_REQUIRED } from '../contracts/auth.contract';
import type { BotCheck } from '../ports/bot-check.port';
import type { Clock } from '../ports/clock.port';
import type { RateLimitStore, RateWindow } from '../ports/rate-limit.store';
import { invalid, rateLimited } from '../shared/errors';

const MINUTE = 60_000;

/**
 * How much giving one client and one campaign may see before the platform slows it down. A donor
 * gives once or twice, and now and then sees a card declined; a card tester opens checkout after
 * checkout and tries card after card, most of them declined. A campaign's busy hour is many donors,
 * not card testing: only declined cards, many of them and a large share of its checkouts, make
 * everyone giving to it pass the bot check.
 */
export const CARD_TESTING_LIMITS = {
  /** Checkouts from one client to one campaign. */
  perClientCampaign: { max: 5, windowMs: MINUTE },
  /** Checkouts from one client to any campaign. */
  perClient: { max: 20, windowMs: 60 * MINUTE },
  /**
   * Declined cards of one client (card after card): once it has had this many declined in the window,
   * it may open no checkout until the window ends, bot check or not.
   */
  declinesPerClient: { max: 3, windowMs: 60 * MINUTE },
  /**
   * A campaign under card testing: in one window of its checkouts, at least `declines` declined cards
   * that are at least `share` of the checkouts opened in it. Both, so a giving day's busy hour (many
   * checkouts, a few percent declined) is no burst, nor is a quiet campaign's one or two declines.
   */
  campaignBurst: { declines: 10, share: 0.2, windowMs: 10 * MINUTE },
  /** How long a client that was declined or limited (or every client of a campaign in a burst) must pass the bot check. */
  challengeMs: 60 * MINUTE,
} as const;

export type CardTestingLimits = {
  perClientCampaign: { max: number; windowMs: number };
  perClient: { max: number; windowMs: number };
  declinesPerClient: { max: number; windowMs: number };
  campaignBurst: { declines: number; share: number; windowMs: number };
  challengeMs: number;
};

/** What staff are told when a campaign sees card testing. */
export interface CheckoutBurst {
  campaignId: string;
  reason: 'declines';
  /** How many declined cards in the window when the burst was seen. */
  count: number;
  /** How many checkouts were opened in that window. */
  checkouts: number;
  windowMinutes: number;
}

export type CardTestingGuardDeps = {
  limits: RateLimitStore;
  botCheck: Pick<BotCheck, 'verify'>;
  clock: Clock;
  /** Tells platform staff; called once per campaign and burst, whichever instance sees it. */
  onBurst: (burst: CheckoutBurst) => Promise<void>;
  settings?: CardTestingLimits;
};

/** Keys of the shared windows; a client is always a hash of its address, never the address. */
const keys = {
  clientCampaign: (client: string, campaignId: string) => `checkout:client-campaign:${client}:${campaignId}`,
  client: (client: string) => `checkout:client:${client}`,
  clientDeclines: (client: string) => `decline:client:${client}`,
  campaignCheckouts: (campaignId: string) => `checkout:campaign:${campaignId}`,
  /** The declines of one window of the campaign's checkouts (named by its end), so both count the same minutes. */
  campaignDeclines: (campaignId: string, checkouts: RateWindow) =>
    `decline:campaign:${campaignId}:${checkouts.resetAt.getTime()}`,
  challengedClient: (client: string) => `challenge:client:${client}`,
  challengedCampaign: (campaignId: string) => `challenge:campaign:${campaignId}`,
};

const secondsUntil = (window: RateWindow, now: Date) => (window.resetAt.getTime() - now.getTime()) / 1000;

const waitWords = (seconds: number) =>
  seconds < 90 ? `${Math.max(1, Math.ceil(seconds))} seconds` : `${Math.ceil(seconds / 60)} minutes`;

export type CardTestingGuard = ReturnType<typeof cardTestingGuard>;

/**
 * The card-testing defence of donation checkout: limits per client, counted in the shared store so
 * several instances agree; a bot check once a client has been declined or limited (or for everyone
 * while their campaign sees card testing); and a notice to staff at each burst. An ordinary checkout
 * costs two round trips to the store: one read of every window it depends on, one batch of hits.
 */
export function cardTestingGuard({
  limits,
  botCheck,
  clock,
  onBurst,
  settings = CARD_TESTING_LIMITS,
}: CardTestingGuardDeps) {
  /** A campaign's burst: everyone giving to it passes the bot check for a while; staff hear once. */
  const burst = async (campaignId: string, count: number, checkouts: number) => {
    const marked = await limits.hit(keys.challengedCampaign(campaignId), settings.challengeMs, clock.now());
    if (marked.count !== 1) return;
    await onBurst({
      campaignId,
      reason: 'declines',
      count,
      checkouts,
      windowMinutes: settings.campaignBurst.windowMs / MINUTE,
    });
  };

  /** Whether this client (or everyone, for this campaign) must pass the bot check before a checkout. */
  const challenged = async (client: string, campaignId: string): Promise<boolean> => {
    const found = await limits.peekMany(
      [keys.challengedClient(client), keys.challengedCampaign(campaignId)],
      clock.now(),
    );
    return found.some((window) => window !== null);
  };

  const refuse = (wait: number) =>
    rateLimited(
      `Too many gifts were started from here in a short time. Please wait ${waitWords(wait)} and try again.`,
      wait,
    );

  return {
    /**
     * Lets one checkout go on, or refuses it. A client whose cards were declined too often gets a 429
     * until its window ends. A client that must pass the bot check (declined or limited before, or
     * everyone while the campaign sees card testing) gets a 400 naming `botCheck` without a right
     * solution, and such a refusal does not count against it; a client over a limit gets a 429 with
     * the wait, and must pass the bot check from then on. Only the checkouts let through count toward
     * the campaign's share of declined cards.
     */
    async admit(input: { client: string; campaignId: string; botCheck?: string; remoteIp?: string }): Promise<void> {
      const { client, campaignId } = input;
      const now = clock.now();
      const limitedFor = (toCampaign: RateWindow | null, overall: RateWindow | null) => {
        const over = [
          toCampaign && toCampaign.count > settings.perClientCampaign.max ? toCampaign : null,
          overall && overall.count > settings.perClient.max ? overall : null,
        ].filter((window): window is RateWindow => window !== null);
        return over.length === 0 ? null : Math.max(...over.map((window) => secondsUntil(window, now)));
      };
      // Every window this checkout depends on, read at once.
      const [challengedClient, challengedCampaign, declines, toCampaign, overall] = await limits.peekMany(
        [
          keys.challengedClient(client),
          keys.challengedCampaign(campaignId),
          keys.clientDeclines(client),
          keys.clientCampaign(client, campaignId),
          keys.client(client),
        ],
        now,
      );
      if (declines && declines.count >= settings.declinesPerClient.max) throw refuse(secondsUntil(declines, now));
      if (challengedClient || challengedCampaign) {
        if (!input.botCheck) {
          // A client still over its limit hears how long to wait rather than to solve a check first.
          const wait = limitedFor(toCampaign ?? null, overall ?? null);
          if (wait !== null) throw refuse(wait);
          throw invalid(BOT_CHECK_REQUIRED, { botCheck: BOT_CHECK_REQUIRED });
        }
        if (!(await botCheck.verify(input.botCheck, input.remoteIp))) {
          throw invalid(BOT_CHECK_REQUIRED, { botCheck: BOT_CHECK_REQUIRED });
        }
      }
      const [afterToCampaign, afterOverall] = await limits.hitMany(
        [
          { key: keys.clientCampaign(client, campaignId), windowMs: settings.perClientCampaign.windowMs },
          { key: keys.client(client), windowMs: settings.perClient.windowMs },
          { key: keys.campaignCheckouts(campaignId), windowMs: settings.campaignBurst.windowMs },
        ],
        now,
      );
      const wait = limitedFor(afterToCampaign!, afterOverall!);
      if (wait !== null) {
        // A refused checkout is no checkout of the campaign's: it must not water down its declines.
        await Promise.all([
          limits.undo(keys.campaignCheckouts(campaignId), now),
          limits.hit(keys.challengedClient(client), settings.challengeMs, now),
        ]);
        throw refuse(wait);
      }
    },

    /**
     * A declined card: its client (when known) must pass the bot check, and is refused once it has had
     * too many declined; the campaign's declines count in the window of its checkouts, and make a burst
     * once they are both many and a large share of them.
     */
    async onDeclined(input: { client: string | null; campaignId: string | null }): Promise<void> {
      const { client, campaignId } = input;
      const now = clock.now();
      await Promise.all([
        client
          ? limits.hitMany(
              [
                { key: keys.challengedClient(client), windowMs: settings.challengeMs },
                { key: keys.clientDeclines(client), windowMs: settings.declinesPerClient.windowMs },
              ],
              now,
            )
          : null,
        campaignId ? countCampaignDecline(campaignId, now) : null,
      ]);
    },

    challenged,
  };

  async function countCampaignDecline(campaignId: string, now: Date): Promise<void> {
    const checkouts = await limits.peek(keys.campaignCheckouts(campaignId), now);
    // No checkout in the last window: the card was tried on a checkout of one that has ended.
    if (!checkouts) return;
    const declines = await limits.hit(
      keys.campaignDeclines(campaignId, checkouts),
      secondsUntil(checkouts, now) * 1000,
      now,
    );
    const { declines: enough, share } = settings.campaignBurst;
    if (declines.count >= enough && declines.count >= share * checkouts.count) {
      await burst(campaignId, declines.count, checkouts.count);
    }
  }
}
