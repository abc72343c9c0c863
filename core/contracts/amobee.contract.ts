/**
 * HTTP contracts of the original product's own ad-platform endpoints (SPEC §7, /api/amobee/…): bodies
 * carry the vendor's shapes (`item`, `lineItemDTO`, `data`), answers the vendor's envelope
 * `{data: [...]}`. Only what the platform port can act on is read; the rest of a vendor-shaped item is
 * accepted and ignored (see each schema), except targeting we cannot honour, which is refused rather
 * than widened.
 */
import { z } from 'zod';
import { Organization } from '../organizations/organization.entity';

const text = (max: number) => z.string().trim().min(1, 'is required').max(max);
/** The platform's ids are numbers; the original product sent them as numbers or strings. */
const PlatformId = z
  .union([z.string().trim().regex(/^\d+$/, 'must be a numeric id'), z.number().int().positive()])
  .transform(String);
const HttpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2048);
/** A day or an instant (the vendor writes yyyy-mm-ddThh:mm:ssZ); only its UTC day is used. */
const VendorDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}/, 'must be a date like 2026-05-01 or 2026-05-01T00:00:00Z')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'is not a date');
const Dollars = z.number().nonnegative().max(100_000_000);
/** The caller's platform token, as the original front end sent it; ignored: the server calls with its own. */
const CallerToken = z.string().max(4096).optional();

/**
 * A budget flight. Read: budget, dailyCap, startDate, endDate. Ignored: impressionCap, and the budget's
 * asapDelivery, clientMargin, pacing and pacingMultiplier (the port paces evenly).
 */
const VendorSchedule = z.looseObject({
  budget: Dollars,
  dailyCap: Dollars.optional(),
  startDate: VendorDate,
  endDate: VendorDate,
});
const VendorBudget = z.looseObject({ schedules: z.array(VendorSchedule).min(1, 'needs at least one schedule') });

export const AmobeeTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds the token has left. */
  expires_in: z.number().int().nonnegative(),
});
export type AmobeeTokenResponse = z.infer<typeof AmobeeTokenResponse>;

/** Read: data.name and data.primaryUrl; the rest of the vendor's advertiser fields are the adapter's defaults. */
export const AdvertiserCreateBody = z.object({
  token: CallerToken,
  data: z.looseObject({ name: text(200), primaryUrl: HttpUrl.optional() }),
  /** The financial account to create it under; default AMOBEE_ACCOUNT_ID. */
  accountId: PlatformId.optional(),
});
export type AdvertiserCreateBody = z.infer<typeof AdvertiserCreateBody>;

/**
 * An insertion order. Read: name, externalInsertionOrderId (one is made when missing), budget.schedules,
 * cpcGoalAmount. Ignored: managerAccountId (the server's), status (set by its own call),
 * attributionService, customPackageMode, pacingBasis, creativeRotationEvent, frequencyType,
 * impressionFrequency, cpaGoalAmount.
 */
export const CampaignCreateBody = z.object({
  item: z.looseObject({
    name: text(255),
    externalInsertionOrderId: z.string().trim().min(1).max(128).optional(),
    budget: VendorBudget,
    cpcGoalAmount: z.number().positive().max(1000).optional(),
  }),
  advertiserId: PlatformId,
});
export type CampaignCreateBody = z.infer<typeof CampaignCreateBody>;

export const GetCampaignStatusBody = z.object({ token: CallerToken, insertionId: PlatformId });
export type GetCampaignStatusBody = z.infer<typeof GetCampaignStatusBody>;

const LOWER_AGES = [13, 18, 21, 25, 30, 35, 40, 45, 50, 55, 65];
const UPPER_AGES = [17, 20, 24, 29, 34, 39, 44, 49, 54, 64, 0];
const IdList = z.array(PlatformId).max(10_000);
const unsupported = (what: string) =>
  `${what} targeting is not supported: use geographies (countries, regions, cities) or postalCodes`;
/** Allowed only empty, as the original front end may send it. */
const NoIds = (what: string) => z.array(z.unknown()).max(0, unsupported(what)).optional();

/**
 * A line item. Read: name, externalLineItemId, mediaFormat, budget.schedules, bidding.dcpm (maxAvgBid,
 * goals.primary.click.cpcAmount and optimizationWindowInDays, goals.secondary.viewability.rate),
 * thirdPartyCosts[0].cpmCost, targeting.nielsenAudience (gender, ageRange) and targeting.locale.geographic
 * (the first non-empty of geographies cities, regions, countries, as SPEC §5 narrows; or
 * postalCodes.entries); what is missing takes the product's line item defaults (SPEC §9). Ignored: status (delivery starts by its own call), environment,
 * inventory, iabCategory, impressionFrequency, beacons, bidding.cpm, bidLimit, the other goals,
 * segments. Refused: dmas, continents and mobileRadius, which the port cannot target (ignoring them
 * would buy a wider audience than asked).
 */
export const LineCreateBody = z.object({
  lineItemDTO: z.looseObject({
    name: text(255),
    externalLineItemId: z.string().trim().min(1).max(128).optional(),
    mediaFormat: z.enum(['display', 'video'], { error: 'must be display or video' }),
    budget: VendorBudget,
    bidding: z
      .looseObject({
        dcpm: z
          .looseObject({
            maxAvgBid: z.number().positive().max(1000).optional(),
            goals: z
              .looseObject({
                primary: z
                  .looseObject({
                    click: z
                      .looseObject({
                        cpcAmount: z.number().positive().max(1000),
                        optimizationWindowInDays: z.number().int().min(1).max(90).optional(),
                      })
                      .optional(),
                  })
                  .optional(),
                secondary: z
                  .looseObject({
                    viewability: z.looseObject({ rate: z.number().int().min(0).max(100) }).optional(),
                  })
                  .optional(),
              })
              .optional(),
          })
          .optional(),
      })
      .optional(),
    thirdPartyCosts: z.array(z.looseObject({ cpmCost: Dollars })).optional(),
    targeting: z
      .looseObject({
        nielsenAudience: z
          .looseObject({
            gender: z.enum(['male', 'female', 'all']).optional(),
            ageRange: z
              .tuple([
                z.number().refine((value) => LOWER_AGES.includes(value), `must be one of ${LOWER_AGES.join(', ')}`),
                z.number().refine((value) => UPPER_AGES.includes(value), `must be one of ${UPPER_AGES.join(', ')}`),
              ])
              .refine(([lower, upper]) => upper === 0 || upper > lower, 'the second age must be above the first')
              .optional(),
          })
          .optional(),
        locale: z
          .looseObject({
            geographic: z
              .looseObject({
                geographies: z
                  .looseObject({
                    countries: IdList.optional(),
                    regions: IdList.optional(),
                    cities: IdList.optional(),
                    dmas: NoIds('DMA'),
                    continents: NoIds('Continent'),
                  })
                  .optional(),
                postalCodes: z.looseObject({ entries: z.array(text(10)).min(1).max(10_000) }).optional(),
                mobileRadius: z.looseObject({}).optional(),
              })
              .refine((value) => !(value.geographies && value.postalCodes), {
                message: 'geographies and postalCodes cannot be defined together',
                path: ['postalCodes'],
              })
              .refine((value) => value.mobileRadius === undefined, {
                message: unsupported('Mobile radius'),
                path: ['mobileRadius'],
              })
              .optional(),
          })
          .optional(),
      })
      .optional(),
  }),
  insertionOrderId: PlatformId,
});
export type LineCreateBody = z.infer<typeof LineCreateBody>;

/**
 * A creative served by the platform's ad server. Read: name, mediaFormat, amobeeAdServer
 * (creativeAssetKey, adSizeId, clickAction.url). Ignored: adFormat (it follows mediaFormat), status,
 * language, iabCategory, startDate, endDate, isSslCompliant. A third-party ad server is not supported.
 */
export const CreativeCreateBody = z.object({
  advertiserId: PlatformId,
  item: z.looseObject({
    name: text(255),
    mediaFormat: z.enum(['display', 'video'], { error: 'must be display or video' }),
    amobeeAdServer: z.looseObject({
      creativeAssetKey: text(256),
      adSizeId: PlatformId,
      clickAction: z.looseObject({ url: HttpUrl }),
    }),
  }),
});
export type CreativeCreateBody = z.infer<typeof CreativeCreateBody>;

/**
 * A conversion beacon. Read: name. Ignored: every other field; the adapter's beacon credits clicks for
 * 30 days, without a cap.
 */
export const BeaconCreateBody = z.object({
  advertiserId: PlatformId,
  item: z.looseObject({ name: text(255) }),
});
export type BeaconCreateBody = z.infer<typeof BeaconCreateBody>;

/** The vendor's envelope: the object made or read, first in `data`. */
const envelope = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

export const AdvertiserEnvelope = envelope(
  z.object({
    id: z.string(),
    name: z.string(),
    accountId: z.string().nullable(),
    resourceType: z.literal('advertiser'),
  }),
);
export type AdvertiserEnvelope = z.infer<typeof AdvertiserEnvelope>;
export const InsertionOrderEnvelope = envelope(
  z.object({
    id: z.string(),
    advertiserId: z.string(),
    name: z.string(),
    externalInsertionOrderId: z.string(),
    /** play, pause, stop or archived; a new order is play (it delivers once a line item and an ad are). */
    status: z.string(),
    resourceType: z.literal('insertionOrder'),
  }),
);
export type InsertionOrderEnvelope = z.infer<typeof InsertionOrderEnvelope>;
export const LineItemEnvelope = envelope(
  z.object({
    id: z.string(),
    insertionOrderId: z.string(),
    name: z.string(),
    externalLineItemId: z.string().nullable(),
    resourceType: z.literal('lineItem'),
  }),
);
export type LineItemEnvelope = z.infer<typeof LineItemEnvelope>;
export const CreativeEnvelope = envelope(
  z.object({ id: z.string(), advertiserId: z.string(), name: z.string(), resourceType: z.literal('creative') }),
);
export type CreativeEnvelope = z.infer<typeof CreativeEnvelope>;
export const BeaconEnvelope = envelope(
  z.object({
    id: z.string(),
    advertiserId: z.string(),
    name: z.string(),
    beaconJavascriptCode: z.string(),
    resourceType: z.literal('beacon'),
  }),
);
export type BeaconEnvelope = z.infer<typeof BeaconEnvelope>;

/** POST /api/organizations/{id}/advertiser: the organization with its advertiserId, and the advertiser. */
export const OrganizationAdvertiserResponse = z.object({
  organization: Organization,
  advertiser: z.object({ id: z.string(), name: z.string() }),
  /** False when an advertiser made earlier for the organization (an answer lost on the way) was found and used. */
  created: z.boolean(),
});
