import type { Actor } from '../auth/authorization';
import { adSpendCents, centsToDollars, LINE_ITEM_DEFAULTS } from '../budget/budget.rules';
import type { Campaign } from '../campaigns/campaign.entity';
import type { OrganizationAdvertiserService } from '../delivery/organization-advertiser.service';
import type { AdPlatform, BudgetSchedule } from '../ports/ad-platform.port';
import type { CampaignRepository } from '../ports/campaign.repository';
import type { Clock } from '../ports/clock.port';
import type { IdGenerator } from '../ports/id-generator.port';
import type { IdentityProvider } from '../ports/identity.port';
import type { OrganizationRepository } from '../ports/organization.repository';
import type { SettingsRepository } from '../ports/settings.repository';
import type { UserRepository } from '../ports/user.repository';
import type { AccountType } from '../users/user.entity';
import type { DemoReachPeople } from '../promotion/demo-reach.seed';
import type { DemoHistoryPeople } from './demo-history.seed';
import { DEFAULT_COUNTRY_ID, genderOf, lineItemAgeRange } from '../targeting/targeting.rules';

export interface DemoAccount {
  email: string;
  role: string;
  firstName: string;
  lastName: string;
  accountType: AccountType;
  admin: boolean;
  superUser: boolean;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'super@demo.local',
    role: 'Super user',
    firstName: 'Sam',
    lastName: 'Rivera',
    accountType: 'campaigner',
    admin: false,
    superUser: true,
  },
  {
    email: 'admin@demo.local',
    role: 'Admin',
    firstName: 'Alex',
    lastName: 'Morgan',
    accountType: 'campaigner',
    admin: true,
    superUser: false,
  },
  {
    email: 'campaigner@demo.local',
    role: 'Campaigner',
    firstName: 'Casey',
    lastName: 'Nguyen',
    accountType: 'campaigner',
    admin: false,
    superUser: false,
  },
  {
    email: 'promoter@demo.local',
    role: 'Promoter',
    firstName: 'Priya',
    lastName: 'Shah',
    accountType: 'promoter',
    admin: false,
    superUser: false,
  },
];

/** The demo organization's campaigner: the organization is found through them. */
export const DEMO_CAMPAIGNER_EMAIL = 'campaigner@demo.local';

/** What readying the demo on the ad platform needs (the embedded DSP sandbox, once it answers). */
export type DemoAdPlatformDeps = {
  campaigns: Pick<CampaignRepository, 'list' | 'update'>;
  adPlatform: Pick<
    AdPlatform,
    | 'listAdvertisers'
    | 'getInsertionOrder'
    | 'listInsertionOrders'
    | 'createInsertionOrder'
    | 'findLineItemByExternalId'
    | 'createLineItem'
    | 'uploadCreativeAsset'
    | 'listCreatives'
    | 'createCreative'
    | 'listAds'
    | 'createAd'
  >;
  /** The organization-advertiser use case: it finds an advertiser of the organization's name before making one. */
  advertisers: Pick<OrganizationAdvertiserService, 'create'>;
  campaignPageUrl: (campaignId: string) => string;
};

/** What readying the demo on the ad platform did. */
export interface DemoAdPlatformReport {
  organizationId: string;
  organizationName: string;
  /** kept: known to the platform; linked: one of its name was there; created: made now. */
  advertiser: { id: string; outcome: 'kept' | 'linked' | 'created'; replaced: string | null };
  /** The live demo campaigns set up on the platform now (those set up before are not listed). */
  campaigns: { campaignId: string; name: string; insertionOrderId: string; lineItemId: string; adId: string }[];
}

/** The platform itself, as the author of what the demo readying changes. */
const PLATFORM_ACTOR: Actor = {
  uid: 'platform',
  role: 'superUser',
  organizationId: null,
  demoUser: false,
  displayName: 'Causeway',
};

const DAY_MS = 86_400_000;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!);

/**
 * A 300×250 banner for a seeded campaign, which has no ad files of its own. An SVG: the embedded
 * sandbox reads its size like any image's, and this path runs only against that sandbox.
 */
function demoBanner(organizationName: string): Uint8Array {
  const svg = [
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="250" viewBox="0 0 300 250">',
    '<rect width="300" height="250" fill="#0f3d3e"/>',
    '<text x="150" y="112" text-anchor="middle" font-family="sans-serif" font-size="22" fill="#fbfaf7">',
    `${escapeXml(organizationName)}</text>`,
    '<text x="150" y="150" text-anchor="middle" font-family="sans-serif" font-size="16" fill="#f4f1ea">',
    'Give a warm meal today</text>',
    '</svg>',
  ].join('');
  return new TextEncoder().encode(svg);
}

/** A seeded live campaign: published and deployed as far as the store knows, made without ad files. */
const isSeededLive = (campaign: Campaign) =>
  campaign.workflowstatus === 'Published' &&
  campaign.amobeeDeployed &&
  !campaign.isDeleted &&
  campaign.campaignAdsFiles.length === 0;

export type DemoSeedDeps = {
  users: Pick<UserRepository, 'list' | 'create' | 'findByEmail'>;
  organizations: Pick<OrganizationRepository, 'create' | 'findById' | 'update'>;
  settings: Pick<SettingsRepository, 'get' | 'save'>;
  identity: Pick<IdentityProvider, 'createUser'>;
  clock: Clock;
  ids: IdGenerator;
  /** Live campaigns with their shares and a promotion, once the people exist (core/promotion/demo-reach.seed.ts). */
  seedReach?: (people: DemoReachPeople) => Promise<void>;
  /** Ninety days of gifts, clicks, checkouts and ad delivery, so the reports open full (core/demo/demo-history.seed.ts). */
  seedHistory?: (people: DemoHistoryPeople) => Promise<unknown>;
  /** Given where the ad platform is the embedded sandbox, which starts empty the first time. */
  adPlatform?: DemoAdPlatformDeps;
};

export type DemoSeedService = ReturnType<typeof demoSeedServiceFactory>;

/**
 * Fills an empty database with one organization and the four demo accounts, and readies the demo on
 * the ad platform: its organization gets an advertiser and its live campaigns real ads there.
 */
export function demoSeedServiceFactory({
  users,
  organizations,
  settings,
  identity,
  clock,
  ids,
  seedReach,
  seedHistory,
  adPlatform: platform,
}: DemoSeedDeps) {
  /**
   * The organization's advertiser: kept when the platform knows it; otherwise (none yet, or one the
   * platform no longer has) found by name or created through the use case.
   */
  async function readyAdvertiser(deps: DemoAdPlatformDeps, organizationId: string, current: string | null) {
    if (current && (await deps.adPlatform.listAdvertisers()).some((advertiser) => advertiser.id === current)) {
      return { id: current, outcome: 'kept' as const, replaced: null };
    }
    // The use case keeps an advertiser it finds; one the platform lost is let go first.
    if (current) await organizations.update(organizationId, { advertiserId: null });
    const { advertiser, created } = await deps.advertisers.create(PLATFORM_ACTOR, organizationId);
    return { id: advertiser.id, outcome: created ? ('created' as const) : ('linked' as const), replaced: current };
  }

  /**
   * A seeded campaign's insertion order, line item, creative and ad, playing; each found by its name
   * or our external id before it is made, so a start cut short is finished, not repeated.
   */
  async function readyCampaign(
    deps: DemoAdPlatformDeps,
    advertiserId: string,
    campaign: Campaign,
    found: { orders: { id: string; externalInsertionOrderId: string }[]; creatives: { id: string; name: string }[] },
    asset: () => Promise<{ creativeAssetKey: string; adSizeId: string }>,
  ) {
    const now = clock.now();
    const name = campaign.campaignName || campaign.campaignTitle || `Campaign ${campaign.campaignUUID}`;
    const end = campaign.endDate ?? campaign.campaignRaiseGoalDeadline;
    const schedule: BudgetSchedule = {
      budget: centsToDollars(adSpendCents(campaign.budgetLifetime)),
      startDate: utcDay(campaign.startDate ? new Date(campaign.startDate) : now),
      endDate: utcDay(end ? new Date(end) : new Date(now.getTime() + 30 * DAY_MS)),
    };
    const knownOrder = found.orders.find((order) => order.externalInsertionOrderId === campaign.campaignUUID);
    const insertionOrderId =
      knownOrder?.id ??
      (
        await deps.adPlatform.createInsertionOrder(advertiserId, {
          name,
          externalInsertionOrderId: campaign.campaignUUID,
          schedules: [schedule],
          cpcGoalAmount: centsToDollars(campaign.budgetTargetCpc),
        })
      ).id;
    const knownItem = knownOrder
      ? await deps.adPlatform.findLineItemByExternalId(insertionOrderId, campaign.campaignUUID)
      : null;
    const lineItemId =
      knownItem?.id ??
      (
        await deps.adPlatform.createLineItem(insertionOrderId, {
          name: `${name} · display`,
          externalLineItemId: campaign.campaignUUID,
          mediaFormat: 'display',
          schedules: [schedule],
          maxAvgBid: LINE_ITEM_DEFAULTS.maxAvgBid,
          cpcAmount: centsToDollars(campaign.budgetTargetCpc),
          optimizationWindowInDays: LINE_ITEM_DEFAULTS.optimizationWindowInDays,
          viewabilityRate: LINE_ITEM_DEFAULTS.viewabilityRate,
          thirdPartyCpmCost: LINE_ITEM_DEFAULTS.thirdPartyCpmCost,
          gender: genderOf(campaign.demographicTargetGender),
          ageRange: lineItemAgeRange(campaign.demographicTargetAge),
          geography: { kind: 'countries', ids: [DEFAULT_COUNTRY_ID] },
        })
      ).id;
    const creativeName = `${name} · demo banner [${campaign.campaignUUID}]`;
    const creativeId =
      found.creatives.find((creative) => creative.name === creativeName)?.id ??
      (
        await deps.adPlatform.createCreative(advertiserId, {
          name: creativeName,
          mediaFormat: 'display',
          ...(await asset()),
          clickUrl: campaign.landingPageLink ?? deps.campaignPageUrl(campaign.campaignUUID),
        })
      ).id;
    const adName = `${name} · demo ad [${campaign.campaignUUID}]`;
    const knownAd = knownItem ? (await deps.adPlatform.listAds(lineItemId)).find((ad) => ad.name === adName) : null;
    const adId =
      knownAd?.id ??
      (
        await deps.adPlatform.createAd(lineItemId, {
          name: adName,
          creatives: [{ creativeId, weight: LINE_ITEM_DEFAULTS.creativeWeight }],
        })
      ).id;
    // The ids replace any the platform lost (the lists are written whole, not merged).
    await deps.campaigns.update(campaign.campaignUUID, {
      insertionOrderId,
      lineItemId,
      creativeIds: [creativeId],
      adIds: [adId],
    });
    return { campaignId: campaign.campaignUUID, name, insertionOrderId, lineItemId, adId };
  }

  return {
    async isEmpty(): Promise<boolean> {
      return (await users.list({ includeDeleted: true })).length === 0;
    },

    /** Seeds only an empty database; answers whether it seeded. */
    async seedIfEmpty(password: string): Promise<boolean> {
      if (!(await this.isEmpty())) return false;
      const at = clock.now().toISOString();
      if (!(await settings.get())) {
        await settings.save(
          {
            donationPercentage: 80,
            termsAndConditionsLink: null,
            paymentDisclaimer: 'Donations are processed securely by our card payment provider.',
          },
          at,
        );
      }
      const organization = await organizations.create({
        organizationId: ids.newId(),
        name: 'Harbor Light Food Bank',
        address: '120 Pier Street, Portland, ME 04101',
        phone: '+1 207 555 0134',
        email: 'hello@harborlight.example',
        website: 'https://harborlight.example',
        donationPercentage: 80,
        headerColor: '#0f3d3e',
        footerColor: '#0f3d3e',
        sideBarColor: '#f4f1ea',
        backGroundColor: '#fbfaf7',
        organizationCode: 'HLFB',
        paymentDisclaimer: 'Harbor Light Food Bank is a registered 501(c)(3) nonprofit. Gifts are tax-deductible.',
        legalName: 'Harbor Light Food Bank, Inc.',
        taxId: '01-0456789',
        receiptNote:
          'Harbor Light Food Bank is a 501(c)(3) nonprofit: your gift is tax-deductible to the extent allowed by law. ' +
          'No goods or services were provided in exchange for it.',
        created_date: at,
      });
      const uids = new Map<string, string>();
      for (const account of DEMO_ACCOUNTS) {
        const { uid } = await identity.createUser({ email: account.email, password });
        uids.set(account.email, uid);
        // The demo admin is a platform admin: it belongs to no organization and works across all of them.
        const member = account.accountType === 'campaigner' && !account.admin;
        await users.create({
          UserId: uid,
          uid,
          Email: account.email,
          FirstName: account.firstName,
          LastName: account.lastName,
          AccountType: account.accountType,
          OrganisationName: member ? organization.name : null,
          Title: account.role,
          admin: account.admin,
          superUser: account.superUser,
          organizationId: member ? organization.organizationId : null,
          createdAt: at,
        });
      }
      await seedReach?.({
        organizationId: organization.organizationId,
        campaigner: { uid: uids.get('campaigner@demo.local')! },
        promoter: { uid: uids.get('promoter@demo.local')!, displayName: 'Priya Shah' },
      });
      return true;
    },

    /**
     * Writes the demo organization's ninety days of history (once, after a seed: a few seconds, before the
     * start says it is ready). Answers what it wrote, or null without the history seed or the demo.
     */
    async seedHistory(): Promise<unknown> {
      if (!seedHistory) return null;
      const campaigner = await users.findByEmail(DEMO_CAMPAIGNER_EMAIL);
      const promoter = await users.findByEmail('promoter@demo.local');
      const organization = campaigner?.organizationId ? await organizations.findById(campaigner.organizationId) : null;
      if (!campaigner || !promoter || !organization) return null;
      return seedHistory({
        organizationId: organization.organizationId,
        campaigner: { uid: campaigner.uid },
        promoter: { uid: promoter.uid },
        donationPercentage: organization.donationPercentage,
      });
    },

    /**
     * Readies the demo organization on the ad platform, at every start (a second one changes nothing):
     * an advertiser when it has none the platform knows, so its campaigns can be published, and its
     * seeded live campaigns' insertion order, line item and ad, playing, so their delivery figures
     * show. Answers null without the demo organization (or without the ad platform's part).
     */
    async readyOnAdPlatform(): Promise<DemoAdPlatformReport | null> {
      if (!platform) return null;
      const campaigner = await users.findByEmail(DEMO_CAMPAIGNER_EMAIL);
      const organization = campaigner?.organizationId ? await organizations.findById(campaigner.organizationId) : null;
      if (!organization || organization.isDeleted) return null;
      const { organizationId } = organization;
      const advertiser = await readyAdvertiser(platform, organizationId, organization.advertiserId);

      const live = (await platform.campaigns.list({ organizationId })).filter(isSeededLive);
      const known = await Promise.all(
        live.map(async (campaign) =>
          campaign.insertionOrderId && advertiser.outcome === 'kept'
            ? Boolean(await platform.adPlatform.getInsertionOrder(campaign.insertionOrderId))
            : false,
        ),
      );
      const missing = live.filter((_campaign, index) => !known[index]);
      const campaigns: DemoAdPlatformReport['campaigns'] = [];
      if (missing.length > 0) {
        const found = {
          orders: await platform.adPlatform.listInsertionOrders(advertiser.id),
          creatives: await platform.adPlatform.listCreatives(advertiser.id),
        };
        // One banner for them all, uploaded only when a creative is to be made.
        let uploaded: Promise<{ creativeAssetKey: string; adSizeId: string }> | null = null;
        const asset = () =>
          (uploaded ??= platform.adPlatform.uploadCreativeAsset({
            mediaFormat: 'display',
            fileName: 'demo-banner-300x250.svg',
            contentType: 'image/svg+xml',
            content: demoBanner(organization.name),
          }));
        for (const campaign of missing) {
          campaigns.push(await readyCampaign(platform, advertiser.id, campaign, found, asset));
        }
      }
      return { organizationId, organizationName: organization.name, advertiser, campaigns };
    },
  };
}
