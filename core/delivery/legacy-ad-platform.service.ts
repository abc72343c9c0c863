/**
 * The original product's own ad-platform endpoints (SPEC §7, /api/amobee/…), served through the
 * AdPlatform port for platform staff: vendor-shaped items in (see core/contracts/amobee.contract.ts for
 * what is read and what is ignored), the vendor's envelope out.
 */
import type { Actor } from '../auth/authorization';
import { authorize } from '../auth/authorization';
import { DEFAULT_CPC_GOAL_CENTS, LINE_ITEM_DEFAULTS, centsToDollars } from '../budget/budget.rules';
import type {
  AdvertiserCreateBody,
  AdvertiserEnvelope,
  BeaconCreateBody,
  BeaconEnvelope,
  CampaignCreateBody,
  CreativeCreateBody,
  CreativeEnvelope,
  GetCampaignStatusBody,
  InsertionOrderEnvelope,
  LineCreateBody,
  LineItemEnvelope,
  AmobeeTokenResponse,
} from '../contracts/amobee.contract';
import { AdPlatformError, type AdPlatform, type BudgetSchedule, type LineItemInput } from '../ports/ad-platform.port';
import type { Clock } from '../ports/clock.port';
import type { IdGenerator } from '../ports/id-generator.port';
import { DEFAULT_COUNTRY_ID } from '../targeting/targeting.rules';
import { DomainError, conflict, invalid, notFound } from '../shared/errors';

export type LegacyAdPlatformServiceDeps = {
  adPlatform: Pick<
    AdPlatform,
    | 'getAccessToken'
    | 'createAdvertiser'
    | 'createInsertionOrder'
    | 'getInsertionOrder'
    | 'createLineItem'
    | 'createCreative'
    | 'createBeacon'
  >;
  clock: Clock;
  ids: IdGenerator;
};

export type LegacyAdPlatformService = ReturnType<typeof legacyAdPlatformServiceFactory>;

/** The line item's age range when none is given (SPEC §5: 18-64 in the line item). */
const DEFAULT_AGE_RANGE: [number, number] = [18, 64];

/**
 * A refusal of the platform as the caller's error: its input (400), a missing object (404), a clash
 * (409), its rate limit (429); anything else is the platform being unavailable (503). The message is
 * SPEC §8's with the vendor's own words.
 */
export function platformFailure(error: unknown): unknown {
  if (!(error instanceof AdPlatformError)) return error;
  switch (error.status) {
    case 400:
    case 422:
      return invalid(error.message);
    case 404:
      return notFound(error.message);
    case 409:
      return conflict(error.message);
    case 429:
      return new DomainError('rate_limited', error.message);
    default:
      return new DomainError('unavailable', error.message);
  }
}

async function calling<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw platformFailure(error);
  }
}

const dayOf = (value: string) => new Date(value).toISOString().slice(0, 10);

function schedulesOf(budget: { schedules: CampaignCreateBody['item']['budget']['schedules'] }): BudgetSchedule[] {
  return budget.schedules.map((schedule) => ({
    budget: schedule.budget,
    ...(schedule.dailyCap !== undefined ? { dailyCap: schedule.dailyCap } : {}),
    startDate: dayOf(schedule.startDate),
    endDate: dayOf(schedule.endDate),
  }));
}

function geographyOf(item: LineCreateBody['lineItemDTO']): LineItemInput['geography'] {
  const geographic = item.targeting?.locale?.geographic;
  if (geographic?.postalCodes) return { kind: 'postalCodes', codes: geographic.postalCodes.entries };
  const places = geographic?.geographies;
  // The narrowest given wins, as SPEC §5 narrows a campaign's places.
  if (places?.cities?.length) return { kind: 'cities', ids: places.cities.map(Number) };
  if (places?.regions?.length) return { kind: 'regions', ids: places.regions.map(Number) };
  if (places?.countries?.length) return { kind: 'countries', ids: places.countries.map(Number) };
  return { kind: 'countries', ids: [DEFAULT_COUNTRY_ID] };
}

/** The vendor-shaped line item as the port's input, the product's defaults (SPEC §9) where it says nothing. */
export function lineItemInputOf(item: LineCreateBody['lineItemDTO']): LineItemInput {
  const dcpm = item.bidding?.dcpm;
  const click = dcpm?.goals?.primary?.click;
  const audience = item.targeting?.nielsenAudience;
  return {
    name: item.name,
    ...(item.externalLineItemId ? { externalLineItemId: item.externalLineItemId } : {}),
    mediaFormat: item.mediaFormat,
    schedules: schedulesOf(item.budget),
    maxAvgBid: dcpm?.maxAvgBid ?? LINE_ITEM_DEFAULTS.maxAvgBid,
    cpcAmount: click?.cpcAmount ?? centsToDollars(DEFAULT_CPC_GOAL_CENTS),
    optimizationWindowInDays: click?.optimizationWindowInDays ?? LINE_ITEM_DEFAULTS.optimizationWindowInDays,
    viewabilityRate: dcpm?.goals?.secondary?.viewability?.rate ?? LINE_ITEM_DEFAULTS.viewabilityRate,
    thirdPartyCpmCost: item.thirdPartyCosts?.[0]?.cpmCost ?? LINE_ITEM_DEFAULTS.thirdPartyCpmCost,
    gender: audience?.gender ?? 'all',
    ageRange: audience?.ageRange ?? DEFAULT_AGE_RANGE,
    geography: geographyOf(item),
  };
}

export function legacyAdPlatformServiceFactory({ adPlatform, clock, ids }: LegacyAdPlatformServiceDeps) {
  return {
    /** GET /api/amobee/token: the platform's access token, read as access_token. */
    async token(actor: Actor): Promise<AmobeeTokenResponse> {
      authorize(actor, 'adPlatform.call');
      const token = await calling(() => adPlatform.getAccessToken());
      const left = Math.floor((Date.parse(token.expiresAt) - clock.now().getTime()) / 1000);
      return { access_token: token.accessToken, token_type: 'Bearer', expires_in: Math.max(0, left) };
    },

    /** POST /api/amobee/advertiserCreate; the caller's token is ignored (the server calls with its own). */
    async createAdvertiser(actor: Actor, body: AdvertiserCreateBody): Promise<AdvertiserEnvelope> {
      authorize(actor, 'adPlatform.call');
      const { id } = await calling(() =>
        adPlatform.createAdvertiser({
          name: body.data.name,
          ...(body.accountId ? { accountId: body.accountId } : {}),
          ...(body.data.primaryUrl ? { primaryUrl: body.data.primaryUrl } : {}),
        }),
      );
      return { data: [{ id, name: body.data.name, accountId: body.accountId ?? null, resourceType: 'advertiser' }] };
    },

    /** POST /api/amobee/campaignCreate: the campaign's insertion order under an advertiser. */
    async createInsertionOrder(actor: Actor, body: CampaignCreateBody): Promise<InsertionOrderEnvelope> {
      authorize(actor, 'adPlatform.call');
      // The platform cannot find an order again without our own reference: one is made when missing.
      const externalInsertionOrderId = body.item.externalInsertionOrderId ?? ids.newId();
      const { id } = await calling(() =>
        adPlatform.createInsertionOrder(body.advertiserId, {
          name: body.item.name,
          externalInsertionOrderId,
          schedules: schedulesOf(body.item.budget),
          ...(body.item.cpcGoalAmount !== undefined ? { cpcGoalAmount: body.item.cpcGoalAmount } : {}),
        }),
      );
      return {
        data: [
          {
            id,
            advertiserId: body.advertiserId,
            name: body.item.name,
            externalInsertionOrderId,
            status: 'play',
            resourceType: 'insertionOrder',
          },
        ],
      };
    },

    /** POST /api/amobee/getCampaignStatus: an insertion order and its status. */
    async insertionOrderStatus(actor: Actor, body: GetCampaignStatusBody): Promise<InsertionOrderEnvelope> {
      authorize(actor, 'adPlatform.call');
      const order = await calling(() => adPlatform.getInsertionOrder(body.insertionId));
      if (!order) throw notFound(`Insertion order ${body.insertionId} not found on the ad platform.`);
      return {
        data: [
          {
            id: order.id,
            advertiserId: order.advertiserId,
            name: order.name,
            externalInsertionOrderId: order.externalInsertionOrderId,
            status: order.status,
            resourceType: 'insertionOrder',
          },
        ],
      };
    },

    /** POST /api/amobee/lineCreate: a line item in an insertion order. */
    async createLineItem(actor: Actor, body: LineCreateBody): Promise<LineItemEnvelope> {
      authorize(actor, 'adPlatform.call');
      const input = lineItemInputOf(body.lineItemDTO);
      const { id } = await calling(() => adPlatform.createLineItem(body.insertionOrderId, input));
      return {
        data: [
          {
            id,
            insertionOrderId: body.insertionOrderId,
            name: input.name,
            externalLineItemId: input.externalLineItemId ?? null,
            resourceType: 'lineItem',
          },
        ],
      };
    },

    /** POST /api/amobee/creativeCreate: a creative of an uploaded asset, under an advertiser. */
    async createCreative(actor: Actor, body: CreativeCreateBody): Promise<CreativeEnvelope> {
      authorize(actor, 'adPlatform.call');
      const server = body.item.amobeeAdServer;
      const { id } = await calling(() =>
        adPlatform.createCreative(body.advertiserId, {
          name: body.item.name,
          mediaFormat: body.item.mediaFormat,
          creativeAssetKey: server.creativeAssetKey,
          adSizeId: server.adSizeId,
          clickUrl: server.clickAction.url,
        }),
      );
      return { data: [{ id, advertiserId: body.advertiserId, name: body.item.name, resourceType: 'creative' }] };
    },

    /** POST /api/amobee/beaconCreate: a conversion beacon of an advertiser, with its page code. */
    async createBeacon(actor: Actor, body: BeaconCreateBody): Promise<BeaconEnvelope> {
      authorize(actor, 'adPlatform.call');
      const beacon = await calling(() => adPlatform.createBeacon(body.advertiserId, { name: body.item.name }));
      return {
        data: [
          {
            id: beacon.id,
            advertiserId: body.advertiserId,
            name: body.item.name,
            beaconJavascriptCode: beacon.javascriptCode,
            resourceType: 'beacon',
          },
        ],
      };
    },
  };
}
