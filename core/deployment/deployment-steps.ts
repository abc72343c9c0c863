/**
 * The 8 steps of a campaign's set-up on the ad platform (SPEC §4), each written so that running it
 * again after an interruption finds what an earlier run made instead of making it twice.
 */
import { AD_BUDGET_SHARE, adSpendCents, centsToDollars, LINE_ITEM_DEFAULTS } from '../budget/budget.rules';
import { mergeCampaignUpdate } from '../campaigns/campaign-merge';
import type { Campaign, CampaignAdFile, NewCampaign, PreCampaign } from '../campaigns/campaign.entity';
import type { Organization } from '../organizations/organization.entity';
import type { AdPlatform, BudgetSchedule, LineItemInput, MediaFormat } from '../ports/ad-platform.port';
import type { CampaignRepository } from '../ports/campaign.repository';
import type { FileStore } from '../ports/file-store.port';
import type { OrganizationRepository } from '../ports/organization.repository';
import type { PreCampaignRepository } from '../ports/pre-campaign.repository';
import type { ShareTrackingRepository } from '../ports/share-tracking.repository';
import type { UserRepository } from '../ports/user.repository';
import { DEFAULT_COUNTRY_ID, genderOf, geographyOf, lineItemAgeRange } from '../targeting/targeting.rules';
import type { DeployedAdFile, Deployment, DeploymentProgress } from './deployment.entity';

/** A step that cannot go on: its message is the error report's reason (SPEC §8 wording where there is one). */
export class StepFailure extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'StepFailure';
  }
}

export type StepPorts = {
  preCampaigns: Pick<PreCampaignRepository, 'findById' | 'update'>;
  campaigns: Pick<CampaignRepository, 'findById' | 'create' | 'update'>;
  users: Pick<UserRepository, 'findById'>;
  organizations: Pick<OrganizationRepository, 'findById'>;
  shareTracking: Pick<ShareTrackingRepository, 'ensureCounters'>;
  adPlatform: Pick<
    AdPlatform,
    | 'findInsertionOrderByExternalId'
    | 'createInsertionOrder'
    | 'findLineItemByExternalId'
    | 'createLineItem'
    | 'listRegions'
    | 'listCities'
    | 'uploadCreativeAsset'
    | 'listCreatives'
    | 'createCreative'
    | 'listAds'
    | 'createAd'
    | 'setStatus'
  >;
  files: Pick<FileStore, 'get'>;
  /** The platform's move of the draft to Published (SPEC §4), with its notifications. */
  publish: (preCampaignId: string) => Promise<unknown>;
  campaignPageUrl: (campaignId: string) => string;
  now: () => Date;
  /** A missing owner profile is only logged (SPEC §8: 'User not found'). */
  onUserNotFound: (userId: string) => void;
};

/** What a step works on: the job as stored, and the draft as it is now. */
export interface StepInput {
  job: Deployment;
  draft: PreCampaign;
  /** Records progress within a step (each external id as soon as it exists); answers the job as stored. */
  save: (change: DeploymentProgress) => Promise<Deployment>;
}

/** Each step answers what it made, to be stored before the next step runs. */
export type Step = (ports: StepPorts, input: StepInput) => Promise<DeploymentProgress>;

const day = (instant: string | null, fallback: Date) =>
  (instant ? new Date(instant) : fallback).toISOString().slice(0, 10);

/** The flight: the campaign's dates, its ad share of the budget in dollars, and its daily cap. */
function scheduleOf(draft: PreCampaign, now: Date): BudgetSchedule {
  const start = draft.startDate && new Date(draft.startDate) > now ? draft.startDate : now.toISOString();
  return {
    budget: centsToDollars(adSpendCents(draft.budgetLifetime)),
    ...(draft.budgetDaily > 0 ? { dailyCap: centsToDollars(Math.floor(draft.budgetDaily * AD_BUDGET_SHARE)) } : {}),
    startDate: day(start, now),
    endDate: day(draft.endDate ?? draft.campaignRaiseGoalDeadline, new Date(now.getTime() + 30 * 86_400_000)),
  };
}

const mediaFormatOf = (draft: PreCampaign): MediaFormat => (draft.campaignChannel === 'video' ? 'video' : 'display');

/** Names our objects carry on the platform, so a resumed step finds them. */
const creativeName = (draft: PreCampaign, index: number, file: DeployedAdFile) =>
  `${draft.campaignName || 'Campaign'} · ${file.name} [${draft.campaignUUID}/${index + 1}]`;
const adName = (draft: PreCampaign, index: number, file: DeployedAdFile) =>
  `${draft.campaignName || 'Campaign'} · ad ${index + 1} · ${file.name} [${draft.campaignUUID}/${index + 1}]`;

/**
 * The line item's places (SPEC §5): the chosen cities when the platform knows any of them, else the
 * chosen states, else the whole country.
 */
async function lineItemGeography(ports: StepPorts, draft: PreCampaign): Promise<LineItemInput['geography']> {
  const wanted = geographyOf(draft);
  if (wanted.kind === 'country') return { kind: 'countries', ids: [wanted.countryId] };
  const regions = await ports.adPlatform.listRegions(DEFAULT_COUNTRY_ID);
  const regionOf = new Map(regions.map((region) => [region.code.toUpperCase(), region]));
  const stateCodes = [
    ...new Set(
      [...draft.statesAmobee.map((state) => state.stateCode), ...draft.states].map((code) => code.toUpperCase()),
    ),
  ];
  if (wanted.kind === 'cities') {
    const cityIds: number[] = [];
    for (const state of draft.statesAmobee) {
      const region = regionOf.get(state.stateCode.toUpperCase());
      const names = new Set(state.cities.map(({ city }) => city.trim().toLowerCase()).filter((name) => name !== ''));
      if (!region || names.size === 0) continue;
      const known = await ports.adPlatform.listCities(region.id);
      for (const city of known) if (names.has(city.name.toLowerCase())) cityIds.push(city.id);
    }
    if (cityIds.length > 0) return { kind: 'cities', ids: [...new Set(cityIds)] };
  }
  const regionIds = stateCodes.map((code) => regionOf.get(code)?.id).filter((id): id is number => id !== undefined);
  if (regionIds.length > 0) return { kind: 'regions', ids: regionIds };
  if (wanted.kind === 'regions') {
    throw new StepFailure('None of the campaign’s states is known to the ad platform.', { states: stateCodes });
  }
  return { kind: 'countries', ids: [DEFAULT_COUNTRY_ID] };
}

/** The live campaign a draft becomes (SPEC §3 campaigns), before its ads exist. */
function campaignOf(draft: PreCampaign, job: Deployment): NewCampaign {
  const {
    id: _id,
    campaignChannel: _channel,
    states: _states,
    locations: _locations,
    duplicates: _duplicates,
    budgetOptimizationStrategy: _strategy,
    demographicHighestDegreeAttained: _education,
    demographicTargetInterests: _interests,
    adFiles,
    landingPage: _landingPage,
    landingPageToggle: _toggle,
    ...fields
  } = draft;
  return {
    ...fields,
    campaignAdsFiles: adFiles,
    isPaid: true,
    isDeleted: false,
    workflowstatus: 'Approved',
    insertionOrderId: job.insertionOrderId,
    lineItemId: job.lineItemId,
    amobeeDeployed: false,
    campaignRaised: 0,
    donators: null,
  };
}

function requireIds(job: Deployment, ...names: ('advertiserId' | 'insertionOrderId' | 'lineItemId')[]) {
  for (const name of names) {
    if (!job[name]) throw new StepFailure(`The ${name} of an earlier step is missing: the deployment must start over.`);
  }
}

export const DEPLOYMENT_STEP_FUNCTIONS: Record<number, Step> = {
  /** 1. Load the user profile and organization; the organization and its advertiser must exist (SPEC §5). */
  async 1(ports, { draft }) {
    const owner = await ports.users.findById(draft.userId);
    if (!owner) ports.onUserNotFound(draft.userId);
    if (!draft.organizationId) throw new StepFailure('Fetched organization is null');
    let organization: Organization | null;
    try {
      organization = await ports.organizations.findById(draft.organizationId);
    } catch (error) {
      throw new StepFailure('Error while fetching Organization!', { cause: (error as Error).message });
    }
    if (!organization || organization.isDeleted) {
      throw new StepFailure(`Organization not found for ID ${draft.organizationId}`);
    }
    if (!organization.advertiserId) {
      throw new StepFailure('Advertiser ID not found on existing organization', {
        organizationId: organization.organizationId,
      });
    }
    return { advertiserId: organization.advertiserId };
  },

  /** 2. The insertion order, found by our external id (the campaign id) before one is made. */
  async 2(ports, { job, draft }) {
    requireIds(job, 'advertiserId');
    const advertiserId = job.advertiserId!;
    const existing = await ports.adPlatform.findInsertionOrderByExternalId(advertiserId, job.campaignId);
    if (existing) return { insertionOrderId: existing.id };
    const created = await ports.adPlatform.createInsertionOrder(advertiserId, {
      name: draft.campaignName || draft.campaignTitle || `Campaign ${draft.campaignUUID}`,
      externalInsertionOrderId: job.campaignId,
      schedules: [scheduleOf(draft, ports.now())],
      cpcGoalAmount: centsToDollars(draft.budgetTargetCpc),
    });
    if (!created.id) throw new StepFailure('Insertion Order not created');
    return { insertionOrderId: created.id };
  },

  /** 3. The line item with the campaign's audience, found by our external id before one is made. */
  async 3(ports, { job, draft }) {
    requireIds(job, 'insertionOrderId');
    const insertionOrderId = job.insertionOrderId!;
    const existing = await ports.adPlatform.findLineItemByExternalId(insertionOrderId, job.campaignId);
    if (existing) return { lineItemId: existing.id };
    const created = await ports.adPlatform.createLineItem(insertionOrderId, {
      name: `${draft.campaignName || 'Campaign'} · ${mediaFormatOf(draft)}`,
      externalLineItemId: job.campaignId,
      mediaFormat: mediaFormatOf(draft),
      schedules: [scheduleOf(draft, ports.now())],
      maxAvgBid: LINE_ITEM_DEFAULTS.maxAvgBid,
      cpcAmount: centsToDollars(draft.budgetTargetCpc),
      optimizationWindowInDays: LINE_ITEM_DEFAULTS.optimizationWindowInDays,
      viewabilityRate: LINE_ITEM_DEFAULTS.viewabilityRate,
      thirdPartyCpmCost: LINE_ITEM_DEFAULTS.thirdPartyCpmCost,
      gender: genderOf(draft.demographicTargetGender),
      ageRange: lineItemAgeRange(draft.demographicTargetAge),
      geography: await lineItemGeography(ports, draft),
    });
    if (!created.id) throw new StepFailure('Line Item not created');
    return { lineItemId: created.id };
  },

  /** 4. The live campaign record, unless an earlier run saved it. */
  async 4(ports, { job, draft }) {
    const existing = await ports.campaigns.findById(job.campaignId);
    if (!existing) await ports.campaigns.create(campaignOf(draft, job));
    return {};
  },

  /** 5. The share counters, and the platform's ids on the draft and the campaign. */
  async 5(ports, { job, draft }) {
    await ports.shareTracking.ensureCounters(job.campaignId);
    await ports.preCampaigns.update(draft.id, { insertionOrderId: job.insertionOrderId, lineItemId: job.lineItemId });
    const campaign = await ports.campaigns.findById(job.campaignId);
    if (!campaign) throw new StepFailure('Campaign data is undefined');
    await ports.campaigns.update(
      job.campaignId,
      mergeCampaignUpdate(campaign, { insertionOrderId: job.insertionOrderId, lineItemId: job.lineItemId }),
    );
    return {};
  },

  /**
   * 6. Each ad file's creative: its asset uploaded first (kept, so an upload is not repeated), then a
   * creative for the files with an ad size and asset key (SPEC §5), found by name before one is made.
   */
  async 6(ports, { job, draft, save }) {
    requireIds(job, 'advertiserId');
    const advertiserId = job.advertiserId!;
    let files: DeployedAdFile[] = draft.adFiles.map(
      (file, index) =>
        job.adFiles.find((known) => known.path === file.path) ?? {
          path: file.path ?? `ad-${index + 1}`,
          name: file.name,
          creativeAssetKey: file.amobeeCreativeAsset?.creativeAssetKey || null,
          adSizeId: file.amobeeCreativeAsset?.adSizeId || null,
          creativeId: null,
          adId: null,
        },
    );
    const store = async (next: DeployedAdFile[]) => {
      files = next;
      await save({ adFiles: files });
    };
    for (const [index, file] of files.entries()) {
      if (file.creativeAssetKey) continue;
      const source = draft.adFiles[index]!;
      const stored = source.path ? await ports.files.get(source.path) : null;
      if (!stored)
        throw new StepFailure(`The ad file ${file.name} is missing from the file store.`, { path: file.path });
      const asset = await ports.adPlatform.uploadCreativeAsset({
        mediaFormat: source.typeFormat,
        fileName: file.name,
        contentType: stored.contentType,
        content: stored.content,
      });
      await store(files.map((other, at) => (at === index ? { ...other, ...asset } : other)));
    }
    const usable = files.filter((file) => file.adSizeId && file.creativeAssetKey);
    if (usable.length === 0) {
      throw new StepFailure('No ad file could be made into a creative: none has an ad size the platform knows.');
    }
    const clickUrl = draft.landingPageLink ?? ports.campaignPageUrl(job.campaignId);
    let known = (await ports.adPlatform.listCreatives(advertiserId)).map((creative) => ({
      id: creative.id,
      name: creative.name,
    }));
    for (const [index, file] of files.entries()) {
      if (file.creativeId || !file.adSizeId || !file.creativeAssetKey) continue;
      const name = creativeName(draft, index, file);
      let creativeId = known.find((creative) => creative.name === name)?.id;
      if (!creativeId) {
        creativeId = (
          await ports.adPlatform.createCreative(advertiserId, {
            name,
            mediaFormat: draft.adFiles[index]!.typeFormat,
            creativeAssetKey: file.creativeAssetKey,
            adSizeId: file.adSizeId,
            clickUrl,
          })
        ).id;
        known = [...known, { id: creativeId, name }];
      }
      await store(files.map((other, at) => (at === index ? { ...other, creativeId } : other)));
    }
    return { adFiles: files };
  },

  /** 7. An ad on the line item for each creative, found by name before one is made. */
  async 7(ports, { job, draft, save }) {
    requireIds(job, 'lineItemId');
    const lineItemId = job.lineItemId!;
    let files = job.adFiles;
    const known = await ports.adPlatform.listAds(lineItemId);
    for (const [index, file] of files.entries()) {
      if (!file.creativeId || file.adId) continue;
      const name = adName(draft, index, file);
      const adId =
        known.find((ad) => ad.name === name)?.id ??
        (
          await ports.adPlatform.createAd(lineItemId, {
            name,
            creatives: [{ creativeId: file.creativeId, weight: LINE_ITEM_DEFAULTS.creativeWeight }],
          })
        ).id;
      if (!adId) throw new StepFailure('ad item not created');
      files = files.map((other, at) => (at === index ? { ...other, adId } : other));
      await save({ adFiles: files });
    }
    return { adFiles: files };
  },

  /** 8. The campaign gets its creative and ad ids, delivery starts, and the draft is published. */
  async 8(ports, { job, draft }) {
    requireIds(job, 'insertionOrderId', 'lineItemId');
    const campaign = await ports.campaigns.findById(job.campaignId);
    if (!campaign) throw new StepFailure('Campaign data is undefined');
    const creativeIds = job.adFiles.flatMap((file) => (file.creativeId ? [file.creativeId] : []));
    const adIds = job.adFiles.flatMap((file) => (file.adId ? [file.adId] : []));
    const adFiles: CampaignAdFile[] = draft.adFiles.map((file) => {
      const deployed = job.adFiles.find((known) => known.path === file.path);
      return deployed?.creativeAssetKey
        ? {
            ...file,
            amobeeCreativeAsset: { adSizeId: deployed.adSizeId ?? '', creativeAssetKey: deployed.creativeAssetKey },
          }
        : file;
    });
    await ports.adPlatform.setStatus('insertionOrders', job.insertionOrderId!, 'play');
    await ports.adPlatform.setStatus('lineItems', job.lineItemId!, 'play');
    for (const adId of adIds) await ports.adPlatform.setStatus('ads', adId, 'play');
    const update: Partial<Campaign> = {
      creativeIds,
      adIds,
      campaignAdsFiles: adFiles,
      amobeeDeployed: true,
      workflowstatus: 'Published',
    };
    await ports.campaigns.update(job.campaignId, mergeCampaignUpdate(campaign, update));
    await ports.preCampaigns.update(draft.id, { adFiles, creativeIds, adIds });
    await ports.publish(draft.id);
    return {};
  },
};
