import { BOT_CHECK_REQUIRED } from '../contracts/auth.contract';
import type { BotCheck } from '../ports/bot-check.port';
import type { Clock } from '../ports/clock.port';
import type { RateLimitStore, RateWindow } from '../ports/rate-limit.store';
import { invalid, rateLimited } from '../shared/errors';

const MINUTE = 60_000;

/**
 * How much giving one client and one campaign may see before the platform slows it down. A donor
 * gives once or twice; a card tester opens hundreds of checkouts and tries card after card.
 */
export const CARD_TESTING_LIMITS = {
  /** Checkouts from one client to one campaign. */
  perClientCampaign: { max: 5, windowMs: MINUTE },
  /** Checkouts from one client to any campaign. */
  perClient: { max: 20, windowMs: 60 * MINUTE },
  /** A campaign under attack: this many checkouts, or declined cards, in the window. */
  campaignBurst: { checkouts: 60, declines: 10, windowMs: 10 * MINUTE },
  /** How long a client that was declined or limited (or every client of a campaign in a burst) must pass the bot check. */
  challengeMs: 60 * MINUTE,
} as const;

export type CardTestingLimits = typeof CARD_TESTING_LIMITS;

/** What staff are told when a campaign sees a burst. */
export interface CheckoutBurst {
  campaignId: string;
  reason: 'checkouts' | 'declines';
  /** How many in the window when the burst was seen. */
  count: number;
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
  campaignCheckouts: (campaignId: string) => `checkout:campaign:${campaignId}`,
  campaignDeclines: (campaignId: string) => `decline:campaign:${campaignId}`,
  challengedClient: (client: string) => `challenge:client:${client}`,
  challengedCampaign: (campaignId: string) => `challenge:campaign:${campaignId}`,
};

const secondsUntil = (window: RateWindow, now: Date) => (window.resetAt.getTime() - now.getTime()) / 1000;

const waitWords = (seconds: number) =>
  seconds < 90 ? `${Math.max(1, Math.ceil(seconds))} seconds` : `${Math.ceil(seconds / 60)} minutes`;

export type CardTestingGuard = ReturnType<typeof cardTestingGuard>;

/**
 * The card-testing defence of donation checkout: limits per client and per campaign, counted in the
 * shared store so several instances agree; a bot check once a client has been declined or limited
 * (or for everyone while their campaign sees a burst); and a notice to staff at each burst.
 */
export function cardTestingGuard({
  limits,
  botCheck,
  clock,
  onBurst,
  settings = CARD_TESTING_LIMITS,
}: CardTestingGuardDeps) {
  const challenge = async (key: string) => {
    await limits.hit(key, settings.challengeMs, clock.now());
  };

  /** A campaign's burst: everyone giving to it passes the bot check for a while; staff hear once. */
  const burst = async (campaignId: string, reason: CheckoutBurst['reason'], count: number) => {
    const marked = await limits.hit(keys.challengedCampaign(campaignId), settings.challengeMs, clock.now());
    if (marked.count !== 1) return;
    await onBurst({ campaignId, reason, count, windowMinutes: settings.campaignBurst.windowMs / MINUTE });
  };

  /** Whether this client (or everyone, for this campaign) must pass the bot check before a checkout. */
  const challenged = async (client: string, campaignId: string): Promise<boolean> => {
    const now = clock.now();
    const found = await Promise.all([
      limits.peek(keys.challengedClient(client), now),
      limits.peek(keys.challengedCampaign(campaignId), now),
    ]);
    return found.some((window) => window !== null);
  };

  return {
    /**
     * Lets one checkout go on, or refuses it. Every attempt counts toward the campaign's burst. A
     * client that must pass the bot check (declined or limited before, or everyone while the campaign
     * sees a burst) gets a 400 naming `botCheck` without a right solution, and such a refusal does not
     * count against it; a client over a limit gets a 429 with the wait, and must pass the bot check
     * from then on.
     */
    async admit(input: { client: string; campaignId: string; botCheck?: string; remoteIp?: string }): Promise<void> {
      const { client, campaignId } = input;
      const now = clock.now();
      const campaignCheckouts = await limits.hit(
        keys.campaignCheckouts(campaignId),
        settings.campaignBurst.windowMs,
        now,
      );
      if (campaignCheckouts.count === settings.campaignBurst.checkouts) {
        await burst(campaignId, 'checkouts', campaignCheckouts.count);
      }
      const limitedFor = (windows: (RateWindow | null)[]) => {
        const [toCampaign, overall] = windows;
        const over = [
          toCampaign && toCampaign.count > settings.perClientCampaign.max ? toCampaign : null,
          overall && overall.count > settings.perClient.max ? overall : null,
        ].filter((window): window is RateWindow => window !== null);
        return over.length === 0 ? null : Math.max(...over.map((window) => secondsUntil(window, now)));
      };
      const refuse = (wait: number) =>
        rateLimited(
          `Too many gifts were started from here in a short time. Please wait ${waitWords(wait)} and try again.`,
          wait,
        );
      if (await challenged(client, campaignId)) {
        if (!input.botCheck) {
          // A client still over its limit hears how long to wait rather than to solve a check first.
          const wait = limitedFor(
            await Promise.all([
              limits.peek(keys.clientCampaign(client, campaignId), now),
              limits.peek(keys.client(client), now),
            ]),
          );
          if (wait !== null) throw refuse(wait);
          throw invalid(BOT_CHECK_REQUIRED, { botCheck: BOT_CHECK_REQUIRED });
        }
        if (!(await botCheck.verify(input.botCheck, input.remoteIp))) {
          throw invalid(BOT_CHECK_REQUIRED, { botCheck: BOT_CHECK_REQUIRED });
        }
      }
      const wait = limitedFor(
        await Promise.all([
          limits.hit(keys.clientCampaign(client, campaignId), settings.perClientCampaign.windowMs, now),
          limits.hit(keys.client(client), settings.perClient.windowMs, now),
        ]),
      );
      if (wait !== null) {
        await challenge(keys.challengedClient(client));
        throw refuse(wait);
      }
    },

    /** A declined card: its client (when known) must pass the bot check, and the campaign's declines count. */
    async onDeclined(input: { client: string | null; campaignId: string | null }): Promise<void> {
      if (input.client) await challenge(keys.challengedClient(input.client));
      if (!input.campaignId) return;
      const declines = await limits.hit(
        keys.campaignDeclines(input.campaignId),
        settings.campaignBurst.windowMs,
        clock.now(),
      );
      if (declines.count === settings.campaignBurst.declines) {
        await burst(input.campaignId, 'declines', declines.count);
      }
    },

    challenged,
  };
}
