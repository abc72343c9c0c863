/**
 * The DSP that buys a campaign as ads (Nexxen, formerly Amobee). Words are the platform's objects:
 * advertiser → insertion order → line item → ad → creatives. Ids are the platform's, as strings.
 * Failures are AdPlatformError with the vendor's message.
 */

export type MediaFormat = 'display' | 'video';
export type DeliveryStatus = 'play' | 'pause' | 'stop' | 'archived';
export type AdPlatformObject = 'insertionOrders' | 'lineItems' | 'ads' | 'creatives';

export interface BudgetSchedule {
  /** Dollars, as the platform counts them. */
  budget: number;
  dailyCap?: number;
  /** UTC days, YYYY-MM-DD: the flight runs from the start of the first to the end of the last. */
  startDate: string;
  endDate: string;
}

export interface InsertionOrderInput {
  name: string;
  /** Our own reference (the campaign id): lets a resumed deployment find what it made. */
  externalInsertionOrderId: string;
  schedules: BudgetSchedule[];
  cpcGoalAmount?: number;
}

export interface InsertionOrder extends InsertionOrderInput {
  id: string;
  advertiserId: string;
  status: DeliveryStatus;
}

export interface LineItemInput {
  name: string;
  mediaFormat: MediaFormat;
  schedules: BudgetSchedule[];
  maxAvgBid: number;
  cpcAmount: number;
  optimizationWindowInDays: number;
  viewabilityRate: number;
  thirdPartyCpmCost: number;
  gender: 'male' | 'female' | 'all';
  /**
   * Years, [lower, upper]. The platform knows only its own bounds (lower 13, 18, 21, 25 … 65; upper
   * 17, 20, 24 … 64, or 0 for no upper limit): an adapter widens a range to the nearest bounds around it.
   */
  ageRange: [number, number];
  geography:
    | { kind: 'cities'; ids: number[] }
    | { kind: 'regions'; ids: number[] }
    | { kind: 'countries'; ids: number[] }
    | { kind: 'postalCodes'; codes: string[] };
  /** Our own reference (e.g. the campaign id): lets a resumed deployment find what it made. */
  externalLineItemId?: string;
}

export interface LineItem extends LineItemInput {
  id: string;
  insertionOrderId: string;
  status: DeliveryStatus;
}

export interface CreativeAsset {
  creativeAssetKey: string;
  adSizeId: string;
}

export interface CreativeInput {
  name: string;
  mediaFormat: MediaFormat;
  creativeAssetKey: string;
  adSizeId: string;
  clickUrl: string;
}

export interface Creative extends CreativeInput {
  id: string;
  advertiserId: string;
}

export interface AdInput {
  name: string;
  creatives: { creativeId: string; weight: number }[];
}

export interface Ad extends AdInput {
  id: string;
  lineItemId: string;
  status: DeliveryStatus;
}

export interface AdSize {
  id: string;
  width: number;
  height: number;
  mediaChannels: string[];
}

export interface Region {
  id: number;
  name: string;
  code: string;
  countryId: number;
}

export interface City {
  id: number;
  name: string;
  regionId: number;
}

export interface DeliveryReportRequest {
  insertionOrderIds: string[];
  startTime: string;
  endTime: string;
  aggregation: 'summary' | 'daily';
}

export interface DeliveryRow {
  day?: string;
  insertionOrderId: string;
  impressions: number;
  clicks: number;
  /** Dollars spent. */
  spend: number;
}

/**
 * The platform has no idempotency keys: a create that timed out may or may not have happened. A
 * resumed deployment looks its objects up first (insertion orders and line items by our external id,
 * creatives and ads by name through the lists) and creates only what is missing.
 */
export interface AdPlatform {
  getAccessToken(): Promise<{ accessToken: string; expiresAt: string }>;
  /** `accountId`: the market's financial account (else the adapter's default); `primaryUrl`: the advertiser's site. */
  createAdvertiser(input: { name: string; accountId?: string; primaryUrl?: string }): Promise<{ id: string }>;
  listAdvertisers(): Promise<{ id: string; name: string }[]>;
  createInsertionOrder(advertiserId: string, input: InsertionOrderInput): Promise<{ id: string }>;
  getInsertionOrder(id: string): Promise<InsertionOrder | null>;
  listInsertionOrders(advertiserId: string): Promise<InsertionOrder[]>;
  findInsertionOrderByExternalId(
    advertiserId: string,
    externalInsertionOrderId: string,
  ): Promise<InsertionOrder | null>;
  updateInsertionOrder(id: string, input: Partial<InsertionOrderInput>): Promise<void>;
  createLineItem(insertionOrderId: string, input: LineItemInput): Promise<{ id: string }>;
  getLineItem(id: string): Promise<LineItem | null>;
  listLineItems(insertionOrderId: string): Promise<LineItem[]>;
  findLineItemByExternalId(insertionOrderId: string, externalLineItemId: string): Promise<LineItem | null>;
  uploadCreativeAsset(input: {
    mediaFormat: MediaFormat;
    fileName: string;
    contentType: string;
    content: Uint8Array;
  }): Promise<CreativeAsset>;
  createCreative(advertiserId: string, input: CreativeInput): Promise<{ id: string }>;
  listCreatives(advertiserId: string): Promise<Creative[]>;
  createAd(lineItemId: string, input: AdInput): Promise<{ id: string }>;
  listAds(lineItemId: string): Promise<Ad[]>;
  createBeacon(advertiserId: string, input: { name: string }): Promise<{ id: string; javascriptCode: string }>;
  listAdSizes(mediaFormat?: MediaFormat): Promise<AdSize[]>;
  listRegions(countryId: number): Promise<Region[]>;
  listCities(regionId: number): Promise<City[]>;
  setStatus(object: AdPlatformObject, id: string, status: DeliveryStatus): Promise<void>;
  /** Asynchronous on the platform: request, then poll. */
  requestDeliveryReport(request: DeliveryReportRequest): Promise<{ reportId: string }>;
  /**
   * A report's rows once ready, with when the platform made them by its own clock (the HTTP date of its
   * answer; null when it gave none): the time its figures are for.
   */
  getDeliveryReport(reportId: string): Promise<{ ready: boolean; rows: DeliveryRow[]; reportedAt?: string | null }>;
}

/** The message each call fails with (SPEC §8); an advertiser failure's message is the HTTP status instead. */
export const adPlatformErrorMessages: Record<keyof AdPlatform, string> = {
  getAccessToken: 'Error getting Amobee token',
  createAdvertiser: '400',
  listAdvertisers: 'Get advertisers error',
  createInsertionOrder: 'Insertion Order not created',
  getInsertionOrder: 'Get insertion order by id error',
  listInsertionOrders: 'Get all insertion orders error',
  findInsertionOrderByExternalId: 'Get all insertion orders error',
  updateInsertionOrder: 'Update insertion order by id error',
  createLineItem: 'POST create lineItems error',
  getLineItem: 'Get line item by id error',
  listLineItems: 'Get all line items error',
  findLineItemByExternalId: 'Get all line items error',
  uploadCreativeAsset: 'Create Creative Assets Error',
  createCreative: 'Create creative error',
  listCreatives: 'Get creatives error',
  createAd: 'Create ads error',
  listAds: 'Get ads error',
  createBeacon: 'Create beacon error',
  listAdSizes: 'Get ad sizes error',
  listRegions: 'Get regions by country code error',
  listCities: 'Get cities by region code error',
  setStatus: 'Update status error',
  requestDeliveryReport: 'Create report error',
  getDeliveryReport: 'Create report error',
};

export class AdPlatformError extends Error {
  constructor(
    message: string,
    /** The vendor's own message, whichever error shape it came in. */
    readonly vendorMessage: string | null,
    readonly status: number | null,
  ) {
    super(vendorMessage ? `${message}: ${vendorMessage}` : message);
    this.name = 'AdPlatformError';
  }
}
