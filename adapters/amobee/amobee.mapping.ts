import type {
  Ad,
  AdInput,
  BudgetSchedule,
  Creative,
  CreativeInput,
  DeliveryStatus,
  InsertionOrder,
  InsertionOrderInput,
  LineItem,
  LineItemInput,
} from '@causeway/core/ports/ad-platform.port';

/**
 * Our words ↔ the vendor's bodies. Pure functions: what the adapter sends for each port input and
 * how it reads the vendor's objects back. Settings the port does not carry get the values below.
 */

export type VendorObject = Record<string, unknown>;

export interface VendorDefaults {
  managerAccountId: string;
  /** IAB content category of our advertisers and line items. */
  iabCategory: string;
  /** Open exchanges a line item buys on. */
  exchangeIds: string[];
  /** Who the line item's third-party cost is paid to. */
  thirdPartyCostProvider: string;
}

/** The platform's Nielsen age bounds (its line item field table). */
export const LOWER_AGE_BOUNDS = [13, 18, 21, 25, 30, 35, 40, 45, 50, 55, 65];
export const UPPER_AGE_BOUNDS = [17, 20, 24, 29, 34, 39, 44, 49, 54, 64];

/**
 * Widens an age range to the platform's bounds around it, so nobody asked for is left out: the lower
 * bound down to the nearest allowed one, the upper up to the nearest, or 0 (no upper limit) past 64.
 */
export function platformAgeRange([lower, upper]: [number, number]): [number, number] {
  const low = [...LOWER_AGE_BOUNDS].reverse().find((bound) => bound <= lower) ?? LOWER_AGE_BOUNDS[0]!;
  if (upper === 0) return [low, 0];
  const high = UPPER_AGE_BOUNDS.find((bound) => bound >= upper && bound > low) ?? 0;
  return [low, high];
}

/** A day (YYYY-MM-DD) becomes the platform's start or end of that day; a time is kept, to the second. */
export function vendorTime(value: string, end: 'start' | 'end'): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T${end === 'start' ? '00:00:00' : '23:59:59'}Z`;
  return new Date(value).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The reverse: whole days read back as days. */
export function portTime(value: string, end: 'start' | 'end'): string {
  const whole = end === 'start' ? /^(\d{4}-\d{2}-\d{2})T00:00:00Z$/ : /^(\d{4}-\d{2}-\d{2})T23:59:59Z$/;
  return whole.exec(value)?.[1] ?? value;
}

export function vendorSchedules(schedules: BudgetSchedule[]): VendorObject[] {
  return schedules.map((schedule) => ({
    budget: schedule.budget,
    ...(schedule.dailyCap !== undefined ? { dailyCap: schedule.dailyCap } : {}),
    startDate: vendorTime(schedule.startDate, 'start'),
    endDate: vendorTime(schedule.endDate, 'end'),
  }));
}

export function portSchedules(budget: unknown): BudgetSchedule[] {
  const schedules = ((budget as VendorObject | undefined)?.schedules ?? []) as VendorObject[];
  return schedules.map((schedule) => ({
    budget: Number(schedule.budget ?? 0),
    ...(schedule.dailyCap !== undefined && schedule.dailyCap !== null ? { dailyCap: Number(schedule.dailyCap) } : {}),
    startDate: portTime(String(schedule.startDate), 'start'),
    endDate: portTime(String(schedule.endDate ?? schedule.startDate), 'end'),
  }));
}

const vendorBudget = (schedules: BudgetSchedule[]) => ({
  asapDelivery: false,
  clientMargin: 0,
  pacing: 'even',
  pacingMultiplier: 0,
  schedules: vendorSchedules(schedules),
});

/**
 * The platform shows derived statuses (stopStartDate before the flight, …) for objects switched on:
 * those read as play. Workflow states (approved) are not delivery states: they read as pause.
 */
export function portStatus(value: unknown): DeliveryStatus {
  const status = String(value ?? '');
  if (status === 'play' || status === 'pause' || status === 'stop' || status === 'archived') return status;
  if (status.startsWith('stop')) return 'play';
  return 'pause';
}

export function insertionOrderBody(input: InsertionOrderInput, defaults: VendorDefaults): VendorObject {
  return {
    name: input.name,
    managerAccountId: Number(defaults.managerAccountId),
    externalInsertionOrderId: input.externalInsertionOrderId,
    attributionService: 'amobeeLta',
    customPackageMode: 'twoLevel',
    pacingBasis: 'budget',
    budget: vendorBudget(input.schedules),
    ...(input.cpcGoalAmount !== undefined ? { cpcGoalAmount: input.cpcGoalAmount } : {}),
    creativeRotationEvent: 'clicks',
    frequencyType: 'device',
    status: 'play',
  };
}

/** The edit body: every setting the platform keeps, with ours changed (its edit replaces them all). */
export function insertionOrderEdit(current: VendorObject, changes: Partial<InsertionOrderInput>): VendorObject {
  const keep = [
    'name',
    'managerAccountId',
    'externalInsertionOrderId',
    'attributionService',
    'customPackageMode',
    'pacingBasis',
    'budget',
    'cpaGoalAmount',
    'cpcGoalAmount',
    'creativeRotationEvent',
    'frequencyType',
    'impressionFrequency',
  ];
  const body: VendorObject = Object.fromEntries(
    keep.filter((key) => current[key] !== undefined).map((key) => [key, current[key]]),
  );
  body.managerAccountId = Number(current.managerAccountId);
  if (changes.name !== undefined) body.name = changes.name;
  if (changes.externalInsertionOrderId !== undefined) body.externalInsertionOrderId = changes.externalInsertionOrderId;
  if (changes.schedules !== undefined) {
    body.budget = { ...(current.budget as VendorObject | undefined), schedules: vendorSchedules(changes.schedules) };
  }
  if (changes.cpcGoalAmount !== undefined) {
    body.cpcGoalAmount = changes.cpcGoalAmount;
    delete body.cpaGoalAmount;
  }
  return body;
}

export function portInsertionOrder(order: VendorObject): InsertionOrder {
  return {
    id: String(order.id),
    advertiserId: String(order.advertiserId),
    name: String(order.name ?? ''),
    externalInsertionOrderId: String(order.externalInsertionOrderId ?? ''),
    schedules: portSchedules(order.budget),
    ...(order.cpcGoalAmount !== undefined ? { cpcGoalAmount: Number(order.cpcGoalAmount) } : {}),
    status: portStatus(order.status),
  };
}

function vendorGeographic(geography: LineItemInput['geography'], countryId: number): VendorObject {
  switch (geography.kind) {
    case 'cities':
      return { geographies: { cities: geography.ids.map(String) } };
    case 'regions':
      return { geographies: { regions: geography.ids.map(String) } };
    case 'countries':
      return { geographies: { countries: geography.ids.map(String) } };
    case 'postalCodes':
      return { postalCodes: { country: String(countryId), entries: geography.codes } };
  }
}

function portGeography(geographic: VendorObject | undefined): LineItemInput['geography'] {
  const geographies = geographic?.geographies as Record<string, unknown[] | undefined> | undefined;
  const ids = (list: unknown[] | undefined) => (list ?? []).map(Number);
  if (geographies?.cities?.length) return { kind: 'cities', ids: ids(geographies.cities) };
  if (geographies?.regions?.length) return { kind: 'regions', ids: ids(geographies.regions) };
  const postalCodes = geographic?.postalCodes as VendorObject | undefined;
  if (postalCodes) return { kind: 'postalCodes', codes: ((postalCodes.entries ?? []) as unknown[]).map(String) };
  return { kind: 'countries', ids: ids(geographies?.countries) };
}

export function lineItemBody(input: LineItemInput, defaults: VendorDefaults, countryId: number): VendorObject {
  const video = input.mediaFormat === 'video';
  return {
    name: input.name,
    ...(input.externalLineItemId !== undefined ? { externalLineItemId: input.externalLineItemId } : {}),
    status: 'play',
    mediaFormat: input.mediaFormat,
    environment: { targetedTypes: ['desktopWeb', 'mobileWeb', 'mobileApp', ...(video ? ['ctvApp'] : [])] },
    iabCategory: defaults.iabCategory,
    budget: vendorBudget(input.schedules),
    bidding: {
      dcpm: {
        // The vendor's own example bids at most twice its average target.
        bidLimit: input.maxAvgBid * 2,
        maxAvgBid: input.maxAvgBid,
        goals: {
          primary: { click: { cpcAmount: input.cpcAmount, optimizationWindowInDays: input.optimizationWindowInDays } },
          secondary: { viewability: { rate: input.viewabilityRate } },
        },
      },
      // The platform asks for viewability measurement on video line items.
      enableViewabilityMeasurement: video,
    },
    thirdPartyCosts: [
      {
        costType: 'other',
        provider: defaults.thirdPartyCostProvider,
        cpmCost: input.thirdPartyCpmCost,
        paidBy: 'market',
      },
    ],
    inventory: { exchangeIds: defaults.exchangeIds, enableAutomaticDeals: false, enablePublisherBidCpm: false },
    targeting: {
      nielsenAudience: { gender: input.gender, ageRange: platformAgeRange(input.ageRange) },
      locale: { geographic: vendorGeographic(input.geography, countryId) },
    },
  };
}

export function portLineItem(item: VendorObject): LineItem {
  const bidding = (item.bidding ?? {}) as VendorObject;
  const dcpm = (bidding.dcpm ?? {}) as VendorObject;
  const goals = (dcpm.goals ?? {}) as Record<string, Record<string, VendorObject> | undefined>;
  const click = goals.primary?.click ?? {};
  const costs = ((item.thirdPartyCosts ?? []) as VendorObject[]).filter((cost) => cost.paidBy === 'market');
  const targeting = (item.targeting ?? {}) as VendorObject;
  const audience = (targeting.nielsenAudience ?? {}) as VendorObject;
  const locale = (targeting.locale ?? {}) as VendorObject;
  const ageRange = (audience.ageRange as number[] | undefined) ?? [13, 0];
  return {
    id: String(item.id),
    insertionOrderId: String(item.insertionOrderId),
    name: String(item.name ?? ''),
    ...(item.externalLineItemId !== undefined ? { externalLineItemId: String(item.externalLineItemId) } : {}),
    mediaFormat: item.mediaFormat === 'video' ? 'video' : 'display',
    schedules: portSchedules(item.budget),
    maxAvgBid: Number(dcpm.maxAvgBid ?? 0),
    cpcAmount: Number(click.cpcAmount ?? 0),
    optimizationWindowInDays: Number(click.optimizationWindowInDays ?? 0),
    viewabilityRate: Number(goals.secondary?.viewability?.rate ?? 0),
    thirdPartyCpmCost: costs.reduce((sum, cost) => sum + Number(cost.cpmCost ?? 0), 0),
    gender: audience.gender === 'male' || audience.gender === 'female' ? audience.gender : 'all',
    ageRange: [Number(ageRange[0]), Number(ageRange[1])],
    geography: portGeography(locale.geographic as VendorObject | undefined),
    status: portStatus(item.status),
  };
}

export function creativeBody(input: CreativeInput): VendorObject {
  return {
    name: input.name,
    mediaFormat: input.mediaFormat,
    adFormat: input.mediaFormat === 'video' ? 'standardVideo' : 'standard',
    amobeeAdServer: {
      creativeAssetKey: input.creativeAssetKey,
      adSizeId: Number(input.adSizeId),
      clickAction: { url: input.clickUrl },
    },
    isSslCompliant: true,
    status: 'play',
  };
}

export function portCreative(creative: VendorObject): Creative {
  const server = (creative.amobeeAdServer ?? creative.thirdPartyAdServer ?? {}) as VendorObject;
  const clickAction = (server.clickAction ?? {}) as VendorObject;
  return {
    id: String(creative.id),
    advertiserId: String(creative.advertiserId),
    name: String(creative.name ?? ''),
    mediaFormat: creative.mediaFormat === 'video' ? 'video' : 'display',
    creativeAssetKey: String(server.creativeAssetKey ?? ''),
    adSizeId: String(server.adSizeId ?? ''),
    clickUrl: String(clickAction.url ?? server.clickUrl ?? ''),
  };
}

export function adBody(input: AdInput): VendorObject {
  return {
    name: input.name,
    creatives: input.creatives.map(({ creativeId, weight }) => ({ creativeId, weight })),
    // A rotation is only accepted with more than one creative.
    ...(input.creatives.length > 1 ? { rotation: 'weighted' } : {}),
  };
}

export function portAd(ad: VendorObject): Ad {
  const archived = ad.workflowStatus === 'archived';
  return {
    id: String(ad.id),
    lineItemId: String(ad.lineItemId),
    name: String(ad.name ?? ''),
    creatives: ((ad.creatives ?? []) as VendorObject[]).map((creative) => ({
      creativeId: String(creative.creativeId),
      // A lone creative without a weight carries all of it.
      weight: creative.weight === undefined ? 100 : Number(creative.weight),
    })),
    status: archived ? 'archived' : portStatus(ad.clientStatus),
  };
}

export function advertiserBody(input: { name: string; primaryUrl: string }, defaults: VendorDefaults): VendorObject {
  return {
    name: input.name,
    primaryUrl: input.primaryUrl,
    currency: 'usd',
    language: 'en',
    iabCategory: defaults.iabCategory,
    identityPlatformVendor: 'Probabilistic',
    nielsenCampaignOptIn: false,
    status: 'play',
    viewabilityProviders: { display: 'doubleVerify', video: 'doubleVerify', mobile: 'doubleVerify' },
  };
}

/** A conversion pixel for the campaign pages: clicks credited for 30 days, unlimited actions. */
export function beaconBody(input: { name: string }): VendorObject {
  return {
    name: input.name,
    beaconPlacement: 'homepage',
    workflowStatus: 'approved',
    pageProtocol: 'https',
    acceptedAction: 'click',
    clickAssociationWindow: 30,
    viewAssociationWindow: { period: 1, periodUnits: 'days' },
    actionCap: -1,
    includeShoppingCartValue: false,
    trackingMethod: 'alwaysFires',
    isMobileActionTrackingEnabled: false,
    isBeaconValidated: false,
    enableUserConsent: false,
    gdprConsent: false,
    ccpaConsent: false,
  };
}
