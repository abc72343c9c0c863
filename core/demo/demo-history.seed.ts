import { SHARE_CHANNELS, type ShareChannel } from '../campaigns/targeting.entity';
import type { DeliveryDay } from '../delivery/delivery.entity';
import type { StoreDemoCover } from './demo-covers';
import { splitDonation } from '../donations/donation.rules';
import type { Clock } from '../ports/clock.port';
import type { IdGenerator } from '../ports/id-generator.port';
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.port';

/** Who the demo history belongs to. */
export interface DemoHistoryPeople {
  organizationId: string;
  campaigner: { uid: string };
  promoter: { uid: string };
  /** The organization's share of a gift, in percent. */
  donationPercentage: number;
}

export type DemoHistorySeedDeps = {
  unitOfWork: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
  /** Each campaign's cover, stored through the file store (none without it). */
  storeCover?: StoreDemoCover;
};

/** What the history seed wrote, for the log and the tests. */
export interface DemoHistoryReport {
  campaigns: number;
  gifts: number;
  refunds: number;
  checkouts: number;
  shareClicks: number;
  pageVisits: number;
  deliveryDays: number;
  promoters: number;
}

const DAY_MS = 86_400_000;
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/** A small seeded generator (mulberry32): the same history at every seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Promoters besides the demo promoter, who bring some of the gifts. */
export const DEMO_HISTORY_PROMOTERS = [
  { firstName: 'Jordan', lastName: 'Lee', email: 'jordan.lee@promoters.example' },
  { firstName: 'Amara', lastName: 'Okafor', email: 'amara.okafor@promoters.example' },
  { firstName: 'Luis', lastName: 'Ortega', email: 'luis.ortega@promoters.example' },
] as const;

/** Campaigns of the demo organization with a history: two that ended, one that is live. */
export const DEMO_HISTORY_CAMPAIGNS = [
  {
    name: 'Summer lunch bags',
    cover: 'summer-lunch-bags',
    title: 'Lunch bags for kids while school is out',
    description:
      'When school is out, so are school lunches. Our volunteers pack a bag of lunches for the week ' +
      'for every child who signs up at one of our partner libraries.',
    tags: ['food', 'children', 'summer'],
    goalCents: 15_000_00,
    budgetCents: 3_000_00,
    /** Days from now: created, started, deadline. */
    created: -100,
    start: -98,
    deadline: -22,
    giftsPerDay: 0.8,
  },
  {
    name: 'Back to school backpacks',
    cover: 'back-to-school-backpacks',
    title: 'A backpack of groceries for every student',
    description:
      'A weekend backpack of groceries, handed out discreetly on Friday afternoons, for students ' +
      'who count on school meals during the week.',
    tags: ['food', 'children', 'school'],
    goalCents: 8_000_00,
    budgetCents: 1_500_00,
    created: -70,
    start: -68,
    deadline: -9,
    giftsPerDay: 0.6,
  },
  {
    name: 'Holiday food boxes',
    cover: 'holiday-food-boxes',
    title: 'A holiday dinner box for 1,000 neighbours',
    description:
      'A turkey, vegetables, stuffing and a pie: everything for a holiday dinner, delivered to ' +
      'neighbours who would otherwise go without.',
    tags: ['food', 'holidays', 'families'],
    goalCents: 30_000_00,
    budgetCents: 4_000_00,
    created: -85,
    start: -84,
    deadline: 25,
    giftsPerDay: 0.7,
  },
] as const;

const DONOR_FIRST = [
  'Maya', 'Dev', 'Ruth', 'Sam', 'Lena', 'Theo', 'Ines', 'Omar', 'Grace', 'Hiro', 'Nadia', 'Felix',
  'Rosa', 'Kwame', 'Elena', 'Jonah', 'Priscilla', 'Arjun', 'Chloe', 'Mateo', 'Zoe', 'Idris', 'Hana', 'Paul',
] as const; // prettier-ignore
const DONOR_LAST = ['Bennett', 'Cole', 'Diaz', 'Evans', 'Frost', 'Gupta', 'Hale', 'Ito', 'Jensen', 'Khan'] as const;
const MESSAGES = [
  'Stay warm, kids!',
  'For a family of four.',
  'Thank you for all you do.',
  'In memory of my grandmother, who fed everyone.',
  'Keep it up, Portland!',
  'From our book club.',
  'Happy holidays to all the volunteers.',
  'Every child deserves lunch.',
] as const;
const AMOUNTS = [10_00, 15_00, 20_00, 25_00, 25_00, 35_00, 50_00, 50_00, 75_00, 100_00, 150_00, 250_00] as const;
const CHANNEL_WEIGHTS: Record<ShareChannel, number> = {
  x: 0.3,
  facebook: 0.3,
  linkedin: 0.2,
  instagram: 0.15,
  qr: 0.05,
};

/**
 * 60 donors who give signed in (so their gifts are known to be theirs, and some give again) and as many
 * guests: the same person keeps the same name and e-mail.
 */
export const DEMO_HISTORY_DONORS = Array.from({ length: 120 }, (_, index) => {
  const first = DONOR_FIRST[index % DONOR_FIRST.length]!;
  const last = DONOR_LAST[Math.floor(index / DONOR_FIRST.length) % DONOR_LAST.length]!;
  return {
    firstName: first,
    lastName: last,
    name: `${first} ${last}`,
    email: `${first}.${last}.${index}@donors.example`.toLowerCase(),
    signedIn: index % 2 === 0,
  };
});

/**
 * Ninety days of history for the demo organization, written through the store's repositories as the
 * operations would have written it: campaigns that ran (two ended, one live), promoters who promoted
 * them and whose links were clicked, checkouts opened and mostly paid, gifts with their donors' names
 * and messages, some refunds, and each day of the ads' delivery. Deterministic for a clock: the same
 * seed gives the same figures. One transaction per campaign-day keeps it quick on every store.
 */
export function demoHistorySeeder(deps: DemoHistorySeedDeps) {
  const { unitOfWork, clock, ids } = deps;
  return async (people: DemoHistoryPeople): Promise<DemoHistoryReport> => {
    const random = seededRandom(20_261_126);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const poisson = (mean: number) => {
      // Knuth: fine for the small means here.
      const limit = Math.exp(-mean);
      let count = 0;
      for (let product = random(); product > limit; product *= random()) count++;
      return count;
    };
    const channelOf = (): ShareChannel => {
      let roll = random();
      for (const channel of SHARE_CHANNELS) {
        roll -= CHANNEL_WEIGHTS[channel];
        if (roll <= 0) return channel;
      }
      return 'x';
    };

    const now = clock.now().getTime();
    const today = now - (now % DAY_MS);
    const at = (daysFromNow: number) => new Date(now + daysFromNow * DAY_MS).toISOString();
    const report: DemoHistoryReport = {
      campaigns: 0,
      gifts: 0,
      refunds: 0,
      checkouts: 0,
      shareClicks: 0,
      pageVisits: 0,
      deliveryDays: 0,
      promoters: 0,
    };

    // The people first, in one transaction: three more promoters, and the donors who give signed in.
    const promoterIds = [people.promoter.uid];
    const donors: { name: string; donorId: string | null }[] = [];
    await unitOfWork.run(async (repositories) => {
      for (const promoter of DEMO_HISTORY_PROMOTERS) {
        const uid = ids.newId();
        await repositories.users.create({
          UserId: uid,
          uid,
          Email: promoter.email,
          FirstName: promoter.firstName,
          LastName: promoter.lastName,
          AccountType: 'promoter',
          Title: 'Promoter',
          createdAt: at(-100),
        });
        promoterIds.push(uid);
        report.promoters++;
      }
      for (const donor of DEMO_HISTORY_DONORS) {
        const uid = donor.signedIn ? ids.newId() : null;
        if (uid) {
          await repositories.users.create({
            UserId: uid,
            uid,
            Email: donor.email,
            FirstName: donor.firstName,
            LastName: donor.lastName,
            AccountType: 'donor',
            createdAt: at(-100),
          });
        }
        donors.push({ name: donor.name, donorId: uid });
      }
    });
    // A few loyal donors give far more often than the rest.
    const pickDonor = () => (random() < 0.3 ? donors[2 * Math.floor(random() * 8)]! : pick(donors));

    for (const [index, plan] of DEMO_HISTORY_CAMPAIGNS.entries()) {
      const campaignId = ids.newId();
      const startMs = today + plan.start * DAY_MS;
      const lastDayMs = Math.min(today, today + plan.deadline * DAY_MS);
      const live = plan.deadline > 0;
      // Three promoters on each campaign, the demo promoter on the first and the live one.
      const promoters = promoterIds.filter((_, position) => position !== (index === 1 ? 0 : index + 1));
      const cover = (await deps.storeCover?.(campaignId, plan.cover)) ?? null;

      await unitOfWork.run(async (repositories) => {
        await repositories.campaigns.create({
          campaignUUID: campaignId,
          userId: people.campaigner.uid,
          organizationId: people.organizationId,
          isPaid: true,
          // Its ads ran before: their days are recorded below, and the ad platform is not asked for them again.
          amobeeDeployed: false,
          workflowstatus: 'Published',
          allowDonations: live,
          campaignCategory: 'Hunger and food security',
          createdAt: at(plan.created),
          startDate: at(plan.start),
          endDate: at(plan.deadline),
          campaignName: plan.name,
          campaignTitle: plan.title,
          campaignDescription: plan.description,
          campaignCoverImage: cover,
          campaignTags: [...plan.tags],
          campaignRaiseGoal: plan.goalCents,
          campaignRaiseGoalDeadline: at(plan.deadline),
          budgetLifetime: plan.budgetCents,
        });
        await repositories.shareTracking.ensureCounters(campaignId);
        for (const [position, promoterId] of promoters.entries()) {
          await repositories.promotions.promote({
            id: ids.newId(),
            creatorId: promoterId,
            rootCompanyId: people.organizationId,
            campaignId,
            createdAt: at(plan.start + position * 3 + 1),
          });
        }
      });
      report.campaigns++;

      // Each day of the flight: the ads delivered, links were clicked, checkouts opened and paid.
      const delivery: DeliveryDay[] = [];
      const refunds: { paymentIntentId: string; cents: number; at: string }[] = [];
      const days: ((repositories: Repositories) => Promise<void>)[] = [];
      for (let dayMs = startMs, dayIndex = 0; dayMs <= lastDayMs; dayMs += DAY_MS, dayIndex++) {
        // A campaign warms up over its first two weeks, with quieter weekends.
        const weekday = new Date(dayMs).getUTCDay();
        const warmth = Math.min(1, 0.35 + dayIndex / 14) * (weekday === 0 || weekday === 6 ? 0.7 : 1);
        const impressions = Math.round((1_800 + random() * 1_400) * warmth);
        const adClicks = Math.round(impressions * (0.006 + random() * 0.006));
        const flightDays = (plan.deadline - plan.start) | 0;
        delivery.push({
          day: dayOf(dayMs),
          impressions,
          clicks: adClicks,
          spendCents: Math.round((plan.budgetCents / flightDays) * (0.75 + random() * 0.4) * warmth),
        });
        const instant = (spread: number) => new Date(dayMs + Math.floor(spread * (DAY_MS - 60_000))).toISOString();
        const dayEnd = dayMs + DAY_MS > now ? (now - dayMs) / DAY_MS : 1;

        days.push(async (repositories) => {
          const clicks = poisson(plan.giftsPerDay * 1.6 * warmth);
          for (let click = 0; click < clicks; click++) {
            const channel = channelOf();
            const createdAt = instant(random() * dayEnd);
            await repositories.shareTracking.recordClick({
              id: ids.newId(),
              campaignId,
              channel,
              promoterId: pick(promoters),
              createdAt,
            });
            report.shareClicks++;
          }

          // Most ad clicks and share clicks reach the page; some visitors come straight to it. A visitor
          // who opened a checkout visited first.
          const checkouts = poisson(plan.giftsPerDay * 1.4 * warmth);
          const visits = Math.max(
            checkouts,
            Math.round(adClicks * dayEnd * (0.75 + random() * 0.2)) + clicks + poisson(3 * warmth * dayEnd),
          );
          if (visits > 0) {
            await repositories.shareTracking.recordPageVisit(campaignId, instant(dayEnd / 2), visits);
            report.pageVisits += visits;
          }
          for (let checkout = 0; checkout < checkouts; checkout++) {
            const donor = pickDonor();
            const amount = pick(AMOUNTS);
            const createdAt = instant(random() * dayEnd);
            const sessionId = `cs_demo_${ids.newId()}`;
            const message = random() < 0.45 ? pick(MESSAGES) : null;
            const donorName = random() < 0.9 ? donor.name : null;
            const promoterId = random() < 0.4 ? pick(promoters) : null;
            // A promoter's donor came by one of their links, shared on one network.
            const channel = promoterId ? channelOf() : null;
            // Some donors give on the form on the organization's own site; the rest on the campaign's page.
            const givenOn = !promoterId && random() < 0.2 ? 'donate_form' : 'campaign_page';
            await repositories.donations.saveCheckout({
              sessionId,
              campaignId,
              amount,
              donorName,
              message,
              promoterId,
              donorId: donor.donorId,
              createdAt,
              channel,
              givenOn,
            });
            report.checkouts++;
            // About two checkouts in three are paid.
            if (random() >= 0.67) continue;
            const paymentIntentId = `pi_demo_${ids.newId()}`;
            const split = splitDonation(amount, people.donationPercentage);
            await repositories.donations.recordOnce({
              donator: { id: ids.newId(), campaignId, paymentIntentId, amount, createdAt, updatedAt: createdAt },
              donation: {
                id: ids.newId(),
                campaign_id: campaignId,
                user_id: promoterId,
                amount,
                date: createdAt,
                session_id: sessionId,
                payment_intent_id: paymentIntentId,
                donor_id: donor.donorId,
                donor_name: donorName,
                message,
                donation_percentage: people.donationPercentage,
                organization_share: split.organizationShare,
                ad_budget_share: split.adBudgetShare,
                refunded: 0,
                channel,
                given_on: givenOn,
              },
            });
            await repositories.campaigns.countDonation(campaignId, amount);
            report.gifts++;
            // About one gift in sixteen is refunded, most in full, some in part, a few days later.
            if (random() < 0.06) {
              const cents = random() < 0.7 ? amount : Math.round(amount / 2);
              const refundAt = Math.min(now, Date.parse(createdAt) + (1 + Math.floor(random() * 4)) * DAY_MS);
              refunds.push({ paymentIntentId, cents, at: new Date(refundAt).toISOString() });
            }
          }
        });
      }
      // A week a transaction: few commits keep the seed quick, and well under any store's batch limit.
      for (let first = 0; first < days.length; first += 7) {
        const week = days.slice(first, first + 7);
        await unitOfWork.run(async (repositories) => {
          for (const day of week) await day(repositories);
        });
      }

      // A refund a transaction, as the payment webhooks record them (a store may read a payment only
      // before it writes in one).
      for (const refund of refunds) {
        await unitOfWork.run(async (repositories) => {
          const outcome = await repositories.donations.recordRefund(refund.paymentIntentId, refund.cents, refund.at);
          if (outcome.donation && outcome.newlyRefunded > 0) {
            await repositories.campaigns.uncountDonation(campaignId, outcome.newlyRefunded, {
              donorLeft: outcome.becameFullyRefunded,
            });
          }
        });
        report.refunds++;
      }
      await unitOfWork.run(async (repositories) => {
        const totals = delivery.reduce(
          (sum, day) => ({
            impressions: sum.impressions + day.impressions,
            clicks: sum.clicks + day.clicks,
            spendCents: sum.spendCents + day.spendCents,
          }),
          { impressions: 0, clicks: 0, spendCents: 0 },
        );
        await repositories.campaignDeliveries.saveFigures(campaignId, {
          insertionOrderId: `demo-io-${index + 1}`,
          lineItemId: `demo-li-${index + 1}`,
          lineItemStatus: live ? 'play' : 'stop',
          flightStart: dayOf(startMs),
          flightEnd: dayOf(today + plan.deadline * DAY_MS),
          ...totals,
          daily: delivery,
          refreshedAt: new Date(now).toISOString(),
        });
        report.deliveryDays += delivery.length;
      });
    }
    return report;
  };
}
