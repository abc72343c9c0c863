import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryBotCheck } from '@causeway/adapters/memory/bot-check.fake';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryRateLimitStore } from '@causeway/adapters/memory/rate-limit.store';
import { BOT_CHECK_REQUIRED } from '../contracts/auth.contract';
import { DomainError, RateLimitedError } from '../shared/errors';
import { CARD_TESTING_LIMITS, cardTestingGuard, type CheckoutBurst } from './card-testing.guard';

let clock: ManualClock;
let bursts: CheckoutBurst[];
let guard: ReturnType<typeof cardTestingGuard>;
let botCheck: ReturnType<typeof createMemoryBotCheck>;

beforeEach(() => {
  clock = new ManualClock('2026-05-01T10:00:00.000Z');
  bursts = [];
  botCheck = createMemoryBotCheck(clock);
  guard = cardTestingGuard({
    limits: createMemoryRateLimitStore(),
    botCheck,
    clock,
    onBurst: async (burst) => {
      bursts.push(burst);
    },
  });
});

const solved = async () => `${(await botCheck.issueChallenge()).challenge}ok`;
const refusal = async (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('the card-testing guard', () => {
  it('lets a donor give a few times a minute, then answers 429 with the wait until the window ends', async () => {
    for (let gift = 0; gift < CARD_TESTING_LIMITS.perClientCampaign.max; gift++)
      await guard.admit({ client: 'donor', campaignId: 'c1' });
    clock.advance(20_000);
    const error = await refusal(guard.admit({ client: 'donor', campaignId: 'c1' }));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(40);
    expect((error as RateLimitedError).message).toBe(
      'Too many gifts were started from here in a short time. Please wait 40 seconds and try again.',
    );
    // Another client, and another campaign, are not held back by this one.
    await guard.admit({ client: 'other', campaignId: 'c1' });
  });

  it('asks a limited client for the bot check, and still limits it until the window ends', async () => {
    for (let gift = 0; gift <= CARD_TESTING_LIMITS.perClientCampaign.max; gift++)
      await refusal(guard.admit({ client: 'bot', campaignId: 'c1' }));
    expect(await guard.challenged('bot', 'c2')).toBe(true);
    const unsolved = await refusal(guard.admit({ client: 'bot', campaignId: 'c2' }));
    expect(unsolved).toBeInstanceOf(DomainError);
    expect((unsolved as DomainError).fields).toEqual({ botCheck: BOT_CHECK_REQUIRED });
    // Solved, it may give to another campaign; the same solution is not accepted twice.
    const solution = await solved();
    await guard.admit({ client: 'bot', campaignId: 'c2', botCheck: solution });
    expect(await refusal(guard.admit({ client: 'bot', campaignId: 'c2', botCheck: solution }))).toMatchObject({
      fields: { botCheck: BOT_CHECK_REQUIRED },
    });
    expect(await refusal(guard.admit({ client: 'bot', campaignId: 'c1', botCheck: await solved() }))).toBeInstanceOf(
      RateLimitedError,
    );
    // An hour later the client is trusted again.
    clock.advance(CARD_TESTING_LIMITS.challengeMs);
    expect(await guard.challenged('bot', 'c1')).toBe(false);
    await guard.admit({ client: 'bot', campaignId: 'c1' });
  });

  it('limits one client across campaigns too', async () => {
    for (let gift = 0; gift < CARD_TESTING_LIMITS.perClient.max; gift++)
      await guard.admit({ client: 'hopper', campaignId: `c${gift}` });
    expect(await refusal(guard.admit({ client: 'hopper', campaignId: 'another' }))).toBeInstanceOf(RateLimitedError);
  });

  it('asks a client whose card was declined for the bot check', async () => {
    await guard.onDeclined({ client: 'declined', campaignId: 'c1' });
    expect(await refusal(guard.admit({ client: 'declined', campaignId: 'c1' }))).toMatchObject({
      fields: { botCheck: BOT_CHECK_REQUIRED },
    });
    await guard.admit({ client: 'declined', campaignId: 'c1', botCheck: await solved() });
    expect(await guard.challenged('someone-else', 'c1')).toBe(false);
  });

  it('sees a burst of declines on a campaign once: staff are told, and every donor to it passes the bot check', async () => {
    for (let decline = 0; decline < 3 * CARD_TESTING_LIMITS.campaignBurst.declines; decline++)
      await guard.onDeclined({ client: `card-${decline}`, campaignId: 'c1' });
    expect(bursts).toEqual([
      { campaignId: 'c1', reason: 'declines', count: CARD_TESTING_LIMITS.campaignBurst.declines, windowMinutes: 10 },
    ]);
    expect(await guard.challenged('new-donor', 'c1')).toBe(true);
    expect(await guard.challenged('new-donor', 'c2')).toBe(false);
  });

  it('sees a burst of checkouts on a campaign from many clients', async () => {
    for (let client = 1; client < CARD_TESTING_LIMITS.campaignBurst.checkouts; client++)
      await guard.admit({ client: `client-${client}`, campaignId: 'c1' });
    expect(bursts).toEqual([]);
    // The checkout that makes the burst is the first to be asked for the bot check.
    expect(await refusal(guard.admit({ client: 'last', campaignId: 'c1' }))).toMatchObject({
      fields: { botCheck: BOT_CHECK_REQUIRED },
    });
    expect(bursts).toEqual([
      { campaignId: 'c1', reason: 'checkouts', count: CARD_TESTING_LIMITS.campaignBurst.checkouts, windowMinutes: 10 },
    ]);
    expect(await refusal(guard.admit({ client: 'late', campaignId: 'c1' }))).toMatchObject({
      fields: { botCheck: BOT_CHECK_REQUIRED },
    });
  });
});
