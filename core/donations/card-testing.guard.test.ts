import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryBotCheck } from '@causeway/adapters/memory/bot-check.fake';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryRateLimitStore } from '@causeway/adapters/memory/rate-limit.store';
import type { RateLimitStore } from '../ports/rate-limit.store';
import { BOT_CHECK_REQUIRED } from '../contracts/auth.contract';
import { DomainError, RateLimitedError } from '../shared/errors';
import { CARD_TESTING_LIMITS, cardTestingGuard, type CheckoutBurst } from './card-testing.guard';

const MINUTE = 60_000;

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

  it('refuses a client whose cards were declined card after card, bot check or not, until its window ends', async () => {
    for (let card = 0; card < CARD_TESTING_LIMITS.declinesPerClient.max; card++) {
      await guard.admit({ client: 'tester', campaignId: 'c1', ...(card > 0 ? { botCheck: await solved() } : {}) });
      await guard.onDeclined({ client: 'tester', campaignId: 'c1' });
      clock.advance(MINUTE);
    }
    const refused = await refusal(guard.admit({ client: 'tester', campaignId: 'c2', botCheck: await solved() }));
    expect(refused).toBeInstanceOf(RateLimitedError);
    // The hour began at its first declined card, three minutes ago.
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(57 * 60);
    expect(await refusal(guard.admit({ client: 'tester', campaignId: 'c1' }))).toBeInstanceOf(RateLimitedError);
    await guard.admit({ client: 'donor', campaignId: 'c1' });
    clock.advance(57 * MINUTE);
    await guard.admit({ client: 'tester', campaignId: 'c1' });
  });

  it('sees card testing on a campaign once: staff are told, and every donor to it passes the bot check', async () => {
    for (let card = 0; card < 3 * CARD_TESTING_LIMITS.campaignBurst.declines; card++) {
      const client = `card-${card}`;
      // Once the burst is seen, the testers are asked for the bot check too; they solve it.
      await guard.admit({
        client,
        campaignId: 'c1',
        ...((await guard.challenged(client, 'c1')) ? { botCheck: await solved() } : {}),
      });
      await guard.onDeclined({ client, campaignId: 'c1' });
    }
    expect(bursts).toEqual([
      {
        campaignId: 'c1',
        reason: 'declines',
        count: CARD_TESTING_LIMITS.campaignBurst.declines,
        checkouts: CARD_TESTING_LIMITS.campaignBurst.declines,
        windowMinutes: 10,
      },
    ]);
    expect(await guard.challenged('new-donor', 'c1')).toBe(true);
    expect(await guard.challenged('new-donor', 'c2')).toBe(false);
  });

  it("asks nobody but the declined for the bot check on a giving day's busy hour", async () => {
    // 600 donors in ten minutes, one in twenty declined: 30 declined cards, 5% of the checkouts.
    for (let donor = 0; donor < 600; donor++) {
      await guard.admit({ client: `donor-${donor}`, campaignId: 'c1' });
      if (donor % 20 === 19) await guard.onDeclined({ client: `donor-${donor}`, campaignId: 'c1' });
      clock.advance(900);
    }
    expect(bursts).toEqual([]);
    expect(await guard.challenged('new-donor', 'c1')).toBe(false);
    expect(await guard.challenged('donor-19', 'c1')).toBe(true);
    await guard.admit({ client: 'new-donor', campaignId: 'c1' });
  });

  it('sees card testing hidden among donors once its declines are a large enough share of the checkouts', async () => {
    // Five donors to each declined card (17%): no burst, however many.
    for (let round = 0; round < 20; round++) {
      for (let donor = 0; donor < 5; donor++)
        await guard.admit({ client: `donor-${round}-${donor}`, campaignId: 'c1' });
      await guard.admit({ client: `tester-${round}`, campaignId: 'c1' });
      await guard.onDeclined({ client: `tester-${round}`, campaignId: 'c1' });
    }
    expect(bursts).toEqual([]);
    expect(await guard.challenged('new-donor', 'c1')).toBe(false);
    // Three donors to each (25%), in the next window: the tenth declined card makes the burst.
    clock.advance(CARD_TESTING_LIMITS.campaignBurst.windowMs);
    for (let round = 0; round < 10; round++) {
      for (let donor = 0; donor < 3; donor++)
        await guard.admit({ client: `giver-${round}-${donor}`, campaignId: 'c1' });
      await guard.admit({ client: `prober-${round}`, campaignId: 'c1' });
      await guard.onDeclined({ client: `prober-${round}`, campaignId: 'c1' });
    }
    expect(bursts).toEqual([{ campaignId: 'c1', reason: 'declines', count: 10, checkouts: 40, windowMinutes: 10 }]);
    expect(await guard.challenged('new-donor', 'c1')).toBe(true);
  });

  it('does not let one client that is refused again and again water down the declined share', async () => {
    for (let attempt = 0; attempt < 300; attempt++) await refusal(guard.admit({ client: 'replay', campaignId: 'c1' }));
    // 300 checkouts from one client are its own business: other donors are not asked for the bot check.
    expect(bursts).toEqual([]);
    expect(await guard.challenged('new-donor', 'c1')).toBe(false);
    // Its 295 refused checkouts do not count: 10 declined cards of 15 checkouts are card testing.
    for (let card = 0; card < CARD_TESTING_LIMITS.campaignBurst.declines; card++) {
      await guard.admit({ client: `card-${card}`, campaignId: 'c1' });
      await guard.onDeclined({ client: `card-${card}`, campaignId: 'c1' });
    }
    expect(bursts).toEqual([{ campaignId: 'c1', reason: 'declines', count: 10, checkouts: 15, windowMinutes: 10 }]);
  });

  it("counts a campaign's declined cards in the window of its checkouts", async () => {
    for (let card = 0; card < CARD_TESTING_LIMITS.campaignBurst.declines - 1; card++) {
      await guard.admit({ client: `card-${card}`, campaignId: 'c1' });
      await guard.onDeclined({ client: `card-${card}`, campaignId: 'c1' });
    }
    // The window of those checkouts has ended: the next declined cards count in a new one.
    clock.advance(CARD_TESTING_LIMITS.campaignBurst.windowMs);
    await guard.onDeclined({ client: 'late', campaignId: 'c1' });
    await guard.admit({ client: 'next', campaignId: 'c1' });
    await guard.onDeclined({ client: 'next', campaignId: 'c1' });
    expect(bursts).toEqual([]);
    expect(await guard.challenged('new-donor', 'c1')).toBe(false);
  });

  it('costs an ordinary checkout two round trips to the store: one read, one batch of hits', async () => {
    const calls: string[] = [];
    const store = createMemoryRateLimitStore();
    const counted = new Proxy(store, {
      get: (target, name: keyof RateLimitStore) => {
        const method = target[name];
        return (...args: unknown[]) => {
          calls.push(name);
          return (method as (...args: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const measured = cardTestingGuard({ limits: counted, botCheck, clock, onBurst: async () => undefined });
    await measured.admit({ client: 'donor', campaignId: 'c1' });
    expect(calls).toEqual(['peekMany', 'hitMany']);
    calls.length = 0;
    await measured.onDeclined({ client: 'donor', campaignId: 'c1' });
    expect(calls.sort()).toEqual(['hit', 'hitMany', 'peek']);
  });
});
