import { randomBytes } from 'node:crypto';
import { imageSize } from 'image-size';
import {
  AdPlatformError,
  adPlatformErrorMessages,
  type Ad,
  type AdPlatform,
  type AdSize,
  type City,
  type Creative,
  type DeliveryReportRequest,
  type DeliveryRow,
  type DeliveryStatus,
  type InsertionOrder,
  type LineItem,
  type MediaFormat,
  type Region,
} from '@causeway/core/ports/ad-platform.port';
import type { Clock } from '@causeway/core/ports/clock.port';
import { systemClock } from '../system/system-clock';

export type AdPlatformMethod = keyof AdPlatform;

export { adPlatformErrorMessages };

/** The United States, as the platform numbers countries (SPEC §9: regions are asked for country 2). */
export const US_COUNTRY_ID = 2;

const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** IAB standard sizes; video is sized by its player, so one size per aspect the platform accepts. */
const AD_SIZES: AdSize[] = [
  ...[
    [300, 250],
    [728, 90],
    [160, 600],
    [300, 600],
    [320, 50],
    [970, 250],
    [336, 280],
    [468, 60],
    [120, 600],
    [320, 100],
    [300, 50],
    [970, 90],
    [250, 250],
    [200, 200],
    [234, 60],
    [120, 240],
    [125, 125],
    [180, 150],
    [300, 1050],
    [320, 480],
    [480, 320],
    [768, 1024],
    [1024, 768],
  ].map(([width, height], index) => ({
    id: String(101 + index),
    width: width!,
    height: height!,
    mediaChannels: ['display'],
  })),
  ...[
    [1920, 1080],
    [1280, 720],
    [640, 360],
    [640, 480],
    [1080, 1920],
  ].map(([width, height], index) => ({
    id: String(201 + index),
    width: width!,
    height: height!,
    mediaChannels: ['video'],
  })),
];

/** Outside the 50 states and DC: territories and minor outlying islands. */
const NOT_A_STATE = /^(AS|GU|MP|PR|VI|UM)(-|$)/;
const CITY_IDS_PER_REGION = 100_000;

export interface DeliveryFigures {
  impressions: number;
  clicks: number;
  spend: number;
}

export interface MemoryAdPlatformOptions {
  clock?: Clock;
  /** Methods that fail once each, in the order called, with their SPEC §8 message. */
  faults?: AdPlatformMethod[];
  /** Delivery figures of an insertion order (for a day, or the whole period); zero when absent. */
  delivery?: (insertionOrderId: string, day: string | null) => DeliveryFigures;
}

export interface MemoryAdPlatform extends AdPlatform {
  /** The next call of `method` fails with its SPEC §8 message (and `vendorMessage`). */
  failNext(method: AdPlatformMethod, vendorMessage?: string): void;
}

interface StoredReport {
  request: DeliveryReportRequest;
}

/**
 * An in-memory DSP that keeps the platform's rules: numeric-string ids, children need their
 * parent, creatives need an uploaded asset, and failures carry the platform's message.
 */
export function createMemoryAdPlatform(options: MemoryAdPlatformOptions = {}): MemoryAdPlatform {
  const clock = options.clock ?? systemClock;
  const pendingFaults = new Map<AdPlatformMethod, string>();
  for (const method of options.faults ?? []) pendingFaults.set(method, 'Injected fault');

  let nextId = 100_001;
  const newId = () => String(nextId++);
  const advertisers = new Map<string, { id: string; name: string; accountId?: string }>();
  const insertionOrders = new Map<string, InsertionOrder>();
  const lineItems = new Map<string, LineItem>();
  const assets = new Map<string, { adSizeId: string; mediaFormat: MediaFormat }>();
  const creatives = new Map<string, Creative>();
  const creativeStatuses = new Map<string, DeliveryStatus>();
  const ads = new Map<string, Ad>();
  const beacons = new Map<string, { id: string; advertiserId: string; name: string }>();
  const reports = new Map<string, StoredReport>();

  const fail = (method: AdPlatformMethod, vendorMessage: string, status: number) =>
    new AdPlatformError(
      method === 'createAdvertiser' ? String(status) : adPlatformErrorMessages[method],
      vendorMessage,
      status,
    );

  async function call<T>(method: AdPlatformMethod, body: () => T | Promise<T>): Promise<T> {
    const fault = pendingFaults.get(method);
    if (fault !== undefined) {
      pendingFaults.delete(method);
      throw fail(method, fault, 500);
    }
    return structuredClone(await body());
  }

  const requireAdvertiser = (method: AdPlatformMethod, advertiserId: string) => {
    if (!advertisers.has(advertiserId)) throw fail(method, `Advertiser ${advertiserId} not found`, 404);
  };
  const requireName = (method: AdPlatformMethod, name: string) => {
    if (!name.trim()) throw fail(method, 'name is required', 400);
  };

  async function states() {
    const { State } = await import('country-state-city');
    return State.getStatesOfCountry('US').filter((state) => !NOT_A_STATE.test(state.isoCode));
  }

  function deliveryRows(request: DeliveryReportRequest): DeliveryRow[] {
    const figures = (insertionOrderId: string, day: string | null): DeliveryFigures =>
      options.delivery?.(insertionOrderId, day) ?? { impressions: 0, clicks: 0, spend: 0 };
    if (request.aggregation === 'summary') {
      return request.insertionOrderIds.map((insertionOrderId) => ({
        insertionOrderId,
        ...figures(insertionOrderId, null),
      }));
    }
    const rows: DeliveryRow[] = [];
    const last = request.endTime.slice(0, 10);
    for (let day = new Date(request.startTime.slice(0, 10)); ; day.setUTCDate(day.getUTCDate() + 1)) {
      const date = day.toISOString().slice(0, 10);
      if (date > last) break;
      for (const insertionOrderId of request.insertionOrderIds) {
        rows.push({ day: date, insertionOrderId, ...figures(insertionOrderId, date) });
      }
    }
    return rows;
  }

  return {
    failNext(method, vendorMessage = 'Injected fault') {
      pendingFaults.set(method, vendorMessage);
    },

    getAccessToken: () =>
      call('getAccessToken', () => ({
        accessToken: randomBytes(24).toString('hex'),
        expiresAt: new Date(clock.now().getTime() + TOKEN_LIFETIME_MS).toISOString(),
      })),

    createAdvertiser: (input) =>
      call('createAdvertiser', () => {
        requireName('createAdvertiser', input.name);
        const advertiser = { id: newId(), name: input.name, accountId: input.accountId };
        advertisers.set(advertiser.id, advertiser);
        return { id: advertiser.id };
      }),

    listAdvertisers: () =>
      call('listAdvertisers', () => [...advertisers.values()].map(({ id, name }) => ({ id, name }))),

    createInsertionOrder: (advertiserId, input) =>
      call('createInsertionOrder', () => {
        requireAdvertiser('createInsertionOrder', advertiserId);
        requireName('createInsertionOrder', input.name);
        const id = newId();
        insertionOrders.set(id, { ...structuredClone(input), id, advertiserId, status: 'play' });
        return { id };
      }),

    getInsertionOrder: (id) => call('getInsertionOrder', () => insertionOrders.get(id) ?? null),

    listInsertionOrders: (advertiserId) =>
      call('listInsertionOrders', () =>
        [...insertionOrders.values()].filter((order) => order.advertiserId === advertiserId),
      ),

    findInsertionOrderByExternalId: (advertiserId, externalInsertionOrderId) =>
      call(
        'findInsertionOrderByExternalId',
        () =>
          [...insertionOrders.values()].find(
            (order) =>
              order.advertiserId === advertiserId && order.externalInsertionOrderId === externalInsertionOrderId,
          ) ?? null,
      ),

    updateInsertionOrder: (id, input) =>
      call('updateInsertionOrder', () => {
        const existing = insertionOrders.get(id);
        if (!existing) throw fail('updateInsertionOrder', `Insertion order ${id} not found`, 404);
        const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
        insertionOrders.set(id, { ...existing, ...structuredClone(changes) });
      }),

    createLineItem: (insertionOrderId, input) =>
      call('createLineItem', () => {
        if (!insertionOrders.has(insertionOrderId)) {
          throw fail('createLineItem', `Insertion order ${insertionOrderId} not found`, 404);
        }
        requireName('createLineItem', input.name);
        const id = newId();
        lineItems.set(id, { ...structuredClone(input), id, insertionOrderId, status: 'play' });
        return { id };
      }),

    getLineItem: (id) => call('getLineItem', () => lineItems.get(id) ?? null),

    listLineItems: (insertionOrderId) =>
      call('listLineItems', () => [...lineItems.values()].filter((item) => item.insertionOrderId === insertionOrderId)),

    findLineItemByExternalId: (insertionOrderId, externalLineItemId) =>
      call(
        'findLineItemByExternalId',
        () =>
          [...lineItems.values()].find(
            (item) => item.insertionOrderId === insertionOrderId && item.externalLineItemId === externalLineItemId,
          ) ?? null,
      ),

    uploadCreativeAsset: (input) =>
      call('uploadCreativeAsset', () => {
        if (!input.contentType.startsWith(input.mediaFormat === 'video' ? 'video/' : 'image/')) {
          throw fail('uploadCreativeAsset', `${input.contentType} is not a ${input.mediaFormat} file`, 400);
        }
        const size = input.mediaFormat === 'video' ? videoSize() : displaySize(input.content);
        const creativeAssetKey = randomBytes(16).toString('hex');
        assets.set(creativeAssetKey, { adSizeId: size.id, mediaFormat: input.mediaFormat });
        return { creativeAssetKey, adSizeId: size.id };
      }),

    createCreative: (advertiserId, input) =>
      call('createCreative', () => {
        requireAdvertiser('createCreative', advertiserId);
        requireName('createCreative', input.name);
        const asset = assets.get(input.creativeAssetKey);
        if (!asset) throw fail('createCreative', `Creative asset ${input.creativeAssetKey} not found`, 404);
        if (asset.adSizeId !== input.adSizeId || asset.mediaFormat !== input.mediaFormat) {
          throw fail('createCreative', `Creative asset ${input.creativeAssetKey} is not ${input.adSizeId}`, 400);
        }
        const id = newId();
        creatives.set(id, { ...structuredClone(input), id, advertiserId });
        creativeStatuses.set(id, 'play');
        return { id };
      }),

    listCreatives: (advertiserId) =>
      call('listCreatives', () => [...creatives.values()].filter((creative) => creative.advertiserId === advertiserId)),

    createAd: (lineItemId, input) =>
      call('createAd', () => {
        const lineItem = lineItems.get(lineItemId);
        if (!lineItem) throw fail('createAd', `Line item ${lineItemId} not found`, 404);
        requireName('createAd', input.name);
        if (input.creatives.length === 0) throw fail('createAd', 'An ad needs at least one creative', 400);
        const advertiserId = insertionOrders.get(lineItem.insertionOrderId)?.advertiserId;
        for (const { creativeId } of input.creatives) {
          const creative = creatives.get(creativeId);
          if (!creative) throw fail('createAd', `Creative ${creativeId} not found`, 404);
          if (creative.advertiserId !== advertiserId) {
            throw fail('createAd', `Creative ${creativeId} belongs to another advertiser`, 400);
          }
        }
        const id = newId();
        ads.set(id, { ...structuredClone(input), id, lineItemId, status: 'play' });
        return { id };
      }),

    listAds: (lineItemId) => call('listAds', () => [...ads.values()].filter((ad) => ad.lineItemId === lineItemId)),

    createBeacon: (advertiserId, input) =>
      call('createBeacon', () => {
        requireAdvertiser('createBeacon', advertiserId);
        requireName('createBeacon', input.name);
        const id = newId();
        beacons.set(id, { id, advertiserId, name: input.name });
        return { id, javascriptCode: `<script async src="https://beacon.invalid/b/${id}.js"></script>` };
      }),

    listAdSizes: (mediaFormat) =>
      call('listAdSizes', () => AD_SIZES.filter((size) => !mediaFormat || size.mediaChannels.includes(mediaFormat))),

    listRegions: (countryId) =>
      call('listRegions', async (): Promise<Region[]> => {
        if (countryId !== US_COUNTRY_ID) return [];
        return (await states()).map((state, index) => ({
          id: index + 1,
          name: state.name,
          code: state.isoCode,
          countryId,
        }));
      }),

    listCities: (regionId) =>
      call('listCities', async (): Promise<City[]> => {
        const state = Number.isInteger(regionId) ? (await states())[regionId - 1] : undefined;
        if (!state) return [];
        const { City: Cities } = await import('country-state-city');
        return Cities.getCitiesOfState('US', state.isoCode).map((city, index) => ({
          id: regionId * CITY_IDS_PER_REGION + index + 1,
          name: city.name,
          regionId,
        }));
      }),

    setStatus: (object, id, status) =>
      call('setStatus', () => {
        const found =
          object === 'insertionOrders'
            ? insertionOrders.get(id)
            : object === 'lineItems'
              ? lineItems.get(id)
              : object === 'ads'
                ? ads.get(id)
                : undefined;
        if (found) found.status = status;
        else if (object === 'creatives' && creativeStatuses.has(id)) creativeStatuses.set(id, status);
        else throw fail('setStatus', `No ${object} ${id}`, 404);
      }),

    requestDeliveryReport: (request) =>
      call('requestDeliveryReport', () => {
        if (!(request.startTime <= request.endTime)) {
          throw fail('requestDeliveryReport', 'startTime is after endTime', 400);
        }
        const missing = request.insertionOrderIds.find((id) => !insertionOrders.has(id));
        if (missing) throw fail('requestDeliveryReport', `Insertion order ${missing} not found`, 404);
        const reportId = newId();
        reports.set(reportId, { request: structuredClone(request) });
        return { reportId };
      }),

    getDeliveryReport: (reportId) =>
      call('getDeliveryReport', () => {
        const report = reports.get(reportId);
        if (!report) throw fail('getDeliveryReport', `Report ${reportId} not found`, 404);
        return { ready: true, rows: deliveryRows(report.request) };
      }),
  };

  function displaySize(content: Uint8Array): AdSize {
    let dimensions: { width: number; height: number };
    try {
      dimensions = imageSize(content);
    } catch {
      throw fail('uploadCreativeAsset', 'The file is not a readable image', 400);
    }
    const size = AD_SIZES.find(
      (candidate) =>
        candidate.mediaChannels.includes('display') &&
        candidate.width === dimensions.width &&
        candidate.height === dimensions.height,
    );
    if (!size) throw fail('uploadCreativeAsset', `No ad size ${dimensions.width}x${dimensions.height}`, 400);
    return size;
  }

  function videoSize(): AdSize {
    return AD_SIZES.find((size) => size.mediaChannels.includes('video'))!;
  }
}
