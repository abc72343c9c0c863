import axios, { type AxiosInstance, type AxiosResponse, type Method } from 'axios';
import {
  AdPlatformError,
  adPlatformErrorMessages,
  type AdPlatform,
  type AdPlatformObject,
  type AdSize,
  type City,
  type DeliveryRow,
  type Region,
} from '@causeway/core/ports/ad-platform.port';
import type { Clock } from '@causeway/core/ports/clock.port';
import { systemClock } from '../system/system-clock';
import {
  adBody,
  advertiserBody,
  beaconBody,
  creativeBody,
  insertionOrderBody,
  insertionOrderEdit,
  lineItemBody,
  portAd,
  portCreative,
  portInsertionOrder,
  portLineItem,
  vendorTime,
  type VendorDefaults,
  type VendorObject,
} from './amobee.mapping';
import { createRateLimiter } from './amobee.rate-limiter';

/** The logging this client needs; a pino logger is one. */
export interface AmobeeLogger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface AmobeeClientOptions {
  /** Where the vendor's services live (https://services.amobee.com), or a function when known only later. */
  baseUrl: string | (() => string);
  clientId: string;
  clientSecret: string;
  marketId: number;
  managerAccountId: string;
  /** The financial account new advertisers go under when the call names none. */
  accountId?: string;
  /** The site of an advertiser created without one. */
  advertiserPrimaryUrl: string;
  logger: AmobeeLogger;
  clock?: Clock;
  /** The vendor allows about 8 a second. */
  requestsPerSecond?: number;
  /** How often a 429 is waited out before giving up. */
  maxRateLimitRetries?: number;
  timeoutMs?: number;
  /** Waits (backing off, pacing); tests may hurry it. */
  sleep?: (milliseconds: number) => Promise<void>;
  defaults?: Partial<Omit<VendorDefaults, 'managerAccountId'>>;
}

const CAMPAIGN = '/campaign/v5/api';
const LOCATION = '/location/v1/api';
const REPORTING = '/reporting/v2/api';
const PAGE_SIZE = 100;
/** The United States: the product targets its states and cities (SPEC §9). */
const US_COUNTRY_ID = 2;
const COUNTRY_ISO_CODES: Record<number, string> = { 1: 'CA', 2: 'US' };
const IDEMPOTENT_RETRIES = 2;

/** An answer the call did not expect. */
class UnexpectedAnswer extends Error {
  constructor(readonly response: AxiosResponse) {
    super(`HTTP ${response.status}`);
  }
}

/** No answer at all: the connection failed or timed out. */
class NoAnswer extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/**
 * The vendor's own message, whichever of its three error shapes came back: gateway
 * `errors[0].message`, service `errors[0].messages[].message`, framework `{error, message}`.
 */
export function vendorMessageOf(body: unknown): string | null {
  let value = body;
  if (typeof body === 'string') {
    if (body.trim() === '') return null;
    try {
      value = JSON.parse(body);
    } catch {
      return body.slice(0, 500);
    }
  }
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const first = Array.isArray(record.errors) ? (record.errors[0] as Record<string, unknown> | undefined) : undefined;
  if (first && Array.isArray(first.messages) && first.messages.length > 0) {
    return (first.messages as Record<string, unknown>[]).map((entry) => String(entry.message ?? '')).join('; ');
  }
  if (first && typeof first.message === 'string') return first.message;
  if (typeof record.error === 'string') {
    return typeof record.message === 'string' && record.message !== '' ? record.message : record.error;
  }
  return null;
}

/** Seconds or an HTTP date, as Retry-After says it. */
function retryAfterMs(header: unknown, now: number): number | null {
  if (typeof header !== 'string' || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * The Nexxen (formerly Amobee) DSP API as the AdPlatform port. A client-credentials token is cached
 * and renewed before it expires; requests are paced under the vendor's rate limit; a 429 (not
 * processed) is waited out as Retry-After says and sent again; reads and edits are repeated after a
 * lost connection, creates never (the vendor has no idempotency keys: a create that timed out may
 * have happened, and the caller must look before creating again). Failures are logged and thrown as
 * AdPlatformError with the SPEC §8 message and the vendor's own.
 */
export function createAmobeeClient(options: AmobeeClientOptions): AdPlatform {
  const clock = options.clock ?? systemClock;
  const logger = options.logger;
  const sleep =
    options.sleep ?? ((milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds)));
  const limiter = createRateLimiter({ perSecond: options.requestsPerSecond ?? 8, sleep });
  const maxRateLimitRetries = options.maxRateLimitRetries ?? 5;
  const baseUrl = () =>
    (typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl).replace(/\/$/, '');
  const defaults: VendorDefaults = {
    managerAccountId: options.managerAccountId,
    iabCategory: options.defaults?.iabCategory ?? 'iab14',
    exchangeIds: options.defaults?.exchangeIds ?? ['1', '37'],
    thirdPartyCostProvider: options.defaults?.thirdPartyCostProvider ?? 'other',
  };
  const http: AxiosInstance = axios.create({
    timeout: options.timeoutMs ?? 30_000,
    // Every status is looked at here, not thrown by axios.
    validateStatus: () => true,
    maxRedirects: 0,
  });

  /** Failures already logged where they happened (the token's), so each is logged once. */
  const logged = new WeakSet<AdPlatformError>();
  let token: { accessToken: string; expiresAt: number } | null = null;
  let pendingToken: Promise<{ accessToken: string; expiresAt: number }> | null = null;

  interface SendOptions {
    params?: Record<string, string | number>;
    data?: unknown;
    headers?: Record<string, string>;
    /** Safe to send again after a lost connection (reads, full-replace edits, status changes). */
    idempotent?: boolean;
    authenticated?: boolean;
  }

  async function send(method: Method, path: string, sendOptions: SendOptions = {}): Promise<AxiosResponse> {
    const authenticated = sendOptions.authenticated ?? true;
    const idempotent = sendOptions.idempotent ?? method !== 'POST';
    let rateLimited = 0;
    let connectionFailures = 0;
    let serverFailures = 0;
    let renewed = false;
    for (;;) {
      const headers: Record<string, string> = { ...sendOptions.headers };
      if (authenticated) headers.Authorization = `Bearer ${(await accessToken()).accessToken}`;
      await limiter.take();
      let response: AxiosResponse;
      try {
        response = await http.request({
          method,
          url: `${baseUrl()}${path}`,
          params: sendOptions.params,
          data: sendOptions.data,
          headers,
        });
      } catch (error) {
        if (idempotent && connectionFailures < IDEMPOTENT_RETRIES) {
          connectionFailures++;
          logger.warn({ err: error, method, path }, 'The ad platform did not answer; asking again');
          await sleep(500 * 2 ** connectionFailures);
          continue;
        }
        throw new NoAnswer(error);
      }
      if (response.status === 429 && rateLimited < maxRateLimitRetries) {
        // A 429 was not processed: sending it again is safe, whatever the method.
        const wait = retryAfterMs(response.headers['retry-after'], Date.now()) ?? 1000 * 2 ** rateLimited;
        rateLimited++;
        logger.warn({ method, path, waitMs: wait, attempt: rateLimited }, 'The ad platform asked us to slow down');
        await sleep(wait);
        continue;
      }
      if (response.status === 401 && authenticated && !renewed) {
        // The token died early (revoked, or the platform's clock differs): one fresh token, one more try.
        renewed = true;
        token = null;
        continue;
      }
      if (idempotent && response.status >= 502 && response.status <= 504 && serverFailures < IDEMPOTENT_RETRIES) {
        serverFailures++;
        logger.warn({ method, path, status: response.status }, 'The ad platform is unavailable; asking again');
        await sleep(500 * 2 ** serverFailures);
        continue;
      }
      return response;
    }
  }

  async function accessToken(): Promise<{ accessToken: string; expiresAt: number }> {
    if (token) {
      const lifetime = token.expiresAt - clock.now().getTime();
      // Renewed a little before it expires, so no request carries a token about to die.
      if (lifetime > 5 * 60 * 1000) return token;
    }
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  async function fetchToken(): Promise<{ accessToken: string; expiresAt: number }> {
    try {
      const response = await send('POST', '/accounts/v1/api/token', {
        data: { client_id: options.clientId, client_secret: options.clientSecret, grant_type: 'client_credentials' },
        authenticated: false,
        // A second token is harmless.
        idempotent: true,
      });
      const body = response.data as { access_token?: unknown; expires_in?: unknown };
      if (response.status !== 200 || typeof body?.access_token !== 'string') throw new UnexpectedAnswer(response);
      const lifetimeMs = Number(body.expires_in ?? 0) * 1000;
      token = { accessToken: body.access_token, expiresAt: clock.now().getTime() + lifetimeMs };
      return token;
    } catch (error) {
      const failure = platformError('getAccessToken', error);
      logger.error(
        { err: failure, status: failure.status, vendorMessage: failure.vendorMessage },
        'Error getting Amobee token',
      );
      logged.add(failure);
      throw failure;
    }
  }

  function platformError(method: keyof AdPlatform, error: unknown): AdPlatformError {
    if (error instanceof AdPlatformError) return error;
    if (error instanceof UnexpectedAnswer) {
      const { status, statusText, data } = error.response;
      const message = method === 'createAdvertiser' ? String(status) : adPlatformErrorMessages[method];
      return new AdPlatformError(
        message,
        vendorMessageOf(data) ?? `HTTP ${status}${statusText ? ` ${statusText}` : ''}`,
        status,
      );
    }
    const message = method === 'createAdvertiser' ? 'No answer' : adPlatformErrorMessages[method];
    return new AdPlatformError(message, error instanceof Error ? error.message : String(error), null);
  }

  /** Runs one port call: its failures are logged once and thrown as AdPlatformError. */
  async function call<T>(method: keyof AdPlatform, details: object, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof AdPlatformError && logged.has(error)) throw error;
      const failure = platformError(method, error);
      logger.error(
        { err: failure, ...details, status: failure.status, vendorMessage: failure.vendorMessage },
        failure.message.split(': ')[0]!,
      );
      throw failure;
    }
  }

  const expect = (response: AxiosResponse, ...statuses: number[]) => {
    if (!statuses.includes(response.status)) throw new UnexpectedAnswer(response);
    return response;
  };
  const firstOf = (response: AxiosResponse): VendorObject => {
    const first = (response.data as { data?: VendorObject[] } | undefined)?.data?.[0];
    if (!first) throw new UnexpectedAnswer(response);
    return first;
  };
  const created = async (path: string, data: unknown, params?: Record<string, string | number>) =>
    String(firstOf(expect(await send('POST', path, { data, params }), 200, 201)).id);

  /** Every page of a list: offset/limit until offset reaches the total (queryTotal, or totalNum on the location service). */
  async function listAll(
    path: string,
    params: Record<string, string | number>,
    limit = PAGE_SIZE,
  ): Promise<VendorObject[]> {
    const all: VendorObject[] = [];
    for (let offset = 0; ;) {
      const response = expect(await send('GET', path, { params: { ...params, offset, limit, sortOrder: 'asc' } }), 200);
      const body = response.data as { data?: VendorObject[]; queryTotal?: number; totalNum?: number };
      const data = body.data ?? [];
      all.push(...data);
      offset += data.length;
      const total = Number(body.queryTotal ?? body.totalNum ?? all.length);
      if (data.length === 0 || offset >= total) return all;
    }
  }

  /** A single object, or null when the platform says it does not exist. */
  async function getOne(path: string): Promise<VendorObject | null> {
    const response = await send('GET', path);
    if (response.status === 404) return null;
    return firstOf(expect(response, 200));
  }

  let regionNames: Map<number, { name: string; isoCode: string }[]> | undefined;
  /** The location service names regions without codes: the codes come from the same public data set. */
  async function regionCode(countryId: number, name: string): Promise<string> {
    const iso = COUNTRY_ISO_CODES[countryId];
    if (!iso) return '';
    regionNames ??= new Map();
    let states = regionNames.get(countryId);
    if (!states) {
      const { State } = await import('country-state-city');
      states = State.getStatesOfCountry(iso).map((state) => ({
        name: state.name.toLowerCase(),
        isoCode: state.isoCode,
      }));
      regionNames.set(countryId, states);
    }
    const wanted = name.toLowerCase();
    const match =
      states.find((state) => state.name === wanted) ??
      states.find((state) => state.name.startsWith(wanted) || wanted.startsWith(state.name));
    return match?.isoCode ?? '';
  }

  const campaign = (path: string) => `${CAMPAIGN}${path}`;
  const id = (value: string) => encodeURIComponent(value);

  return {
    getAccessToken: () =>
      call('getAccessToken', {}, async () => {
        const current = await accessToken();
        return { accessToken: current.accessToken, expiresAt: new Date(current.expiresAt).toISOString() };
      }),

    createAdvertiser: (input) =>
      call('createAdvertiser', { name: input.name }, async () => {
        const accountId = input.accountId ?? options.accountId;
        if (!accountId) throw new AdPlatformError('400', 'No account to create the advertiser under', null);
        const body = advertiserBody(
          { name: input.name, primaryUrl: input.primaryUrl ?? options.advertiserPrimaryUrl },
          defaults,
        );
        return { id: await created(campaign(`/accounts/${id(accountId)}/advertisers`), body) };
      }),

    listAdvertisers: () =>
      call('listAdvertisers', {}, async () =>
        (await listAll(campaign('/advertisers'), { marketId: options.marketId })).map((advertiser) => ({
          id: String(advertiser.id),
          name: String(advertiser.name ?? ''),
        })),
      ),

    createInsertionOrder: (advertiserId, input) =>
      call('createInsertionOrder', { advertiserId, name: input.name }, async () => ({
        id: await created(
          campaign(`/advertisers/${id(advertiserId)}/insertionOrders`),
          insertionOrderBody(input, defaults),
        ),
      })),

    getInsertionOrder: (orderId) =>
      call('getInsertionOrder', { insertionOrderId: orderId }, async () => {
        const order = await getOne(campaign(`/insertionOrders/${id(orderId)}`));
        return order ? portInsertionOrder(order) : null;
      }),

    listInsertionOrders: (advertiserId) =>
      call('listInsertionOrders', { advertiserId }, async () =>
        (await listAll(campaign('/insertionOrders'), { advertiserId, sortKey: 'id' })).map(portInsertionOrder),
      ),

    findInsertionOrderByExternalId: (advertiserId, externalInsertionOrderId) =>
      call('findInsertionOrderByExternalId', { advertiserId, externalInsertionOrderId }, async () => {
        // The platform cannot filter by our id: the advertiser's orders are few, so they are all read.
        const orders = await listAll(campaign('/insertionOrders'), { advertiserId, sortKey: 'id' });
        const found = orders.find((order) => order.externalInsertionOrderId === externalInsertionOrderId);
        return found ? portInsertionOrder(found) : null;
      }),

    updateInsertionOrder: (orderId, changes) =>
      call('updateInsertionOrder', { insertionOrderId: orderId }, async () => {
        // The edit replaces every setting: read them, change ours, send them all back.
        const current = firstOf(expect(await send('GET', campaign(`/insertionOrders/${id(orderId)}`)), 200));
        expect(
          await send('PUT', campaign(`/insertionOrders/${id(orderId)}`), {
            data: insertionOrderEdit(current, changes),
          }),
          204,
          200,
        );
      }),

    createLineItem: (insertionOrderId, input) =>
      call('createLineItem', { insertionOrderId, name: input.name }, async () => ({
        id: await created(
          campaign(`/insertionOrders/${id(insertionOrderId)}/lineItems`),
          lineItemBody(input, defaults, US_COUNTRY_ID),
        ),
      })),

    getLineItem: (lineItemId) =>
      call('getLineItem', { lineItemId }, async () => {
        const item = await getOne(campaign(`/lineItems/${id(lineItemId)}`));
        return item ? portLineItem(item) : null;
      }),

    listLineItems: (insertionOrderId) =>
      call('listLineItems', { insertionOrderId }, async () =>
        // One filter only: the platform refuses insertionOrderId together with advertiserId.
        (await listAll(campaign('/lineItems'), { insertionOrderId, sortKey: 'id' })).map(portLineItem),
      ),

    findLineItemByExternalId: (insertionOrderId, externalLineItemId) =>
      call('findLineItemByExternalId', { insertionOrderId, externalLineItemId }, async () => {
        const items = await listAll(campaign('/lineItems'), { insertionOrderId, sortKey: 'id' });
        const found = items.find((item) => item.externalLineItemId === externalLineItemId);
        return found ? portLineItem(found) : null;
      }),

    uploadCreativeAsset: (input) =>
      call('uploadCreativeAsset', { fileName: input.fileName, mediaFormat: input.mediaFormat }, async () => {
        const form = new FormData();
        form.append('file', new Blob([Buffer.from(input.content)], { type: input.contentType }), input.fileName);
        const response = expect(
          await send('POST', campaign(`/creativeAssets/${input.mediaFormat}`), {
            params: { marketId: options.marketId },
            data: form,
          }),
          200,
          201,
        );
        const asset = firstOf(response);
        return { creativeAssetKey: String(asset.creativeAssetKey), adSizeId: String(asset.adSizeId) };
      }),

    createCreative: (advertiserId, input) =>
      call('createCreative', { advertiserId, name: input.name }, async () => ({
        id: await created(campaign(`/advertisers/${id(advertiserId)}/creatives`), creativeBody(input), {
          validateClickUrl: 'true',
          requirePreviewApproval: 'true',
        }),
      })),

    listCreatives: (advertiserId) =>
      call('listCreatives', { advertiserId }, async () =>
        (await listAll(campaign('/creatives'), { advertiserId, sortKey: 'id' })).map(portCreative),
      ),

    createAd: (lineItemId, input) =>
      call('createAd', { lineItemId, name: input.name }, async () => ({
        id: await created(campaign(`/lineItems/${id(lineItemId)}/ads`), adBody(input)),
      })),

    listAds: (lineItemId) =>
      call('listAds', { lineItemId }, async () =>
        (await listAll(campaign('/ads'), { lineItemId, sortKey: 'id' })).map(portAd),
      ),

    createBeacon: (advertiserId, input) =>
      call('createBeacon', { advertiserId, name: input.name }, async () => {
        const beacon = firstOf(
          expect(
            await send('POST', campaign(`/advertisers/${id(advertiserId)}/beacons`), { data: beaconBody(input) }),
            200,
            201,
          ),
        );
        return { id: String(beacon.id), javascriptCode: String(beacon.beaconJavascriptCode ?? '') };
      }),

    listAdSizes: (mediaFormat) =>
      call('listAdSizes', { mediaFormat }, async () => {
        const sizes = await listAll(campaign('/adSizes'), mediaFormat ? { mediaChannel: mediaFormat } : {});
        return sizes
          .map((size): AdSize => ({
            id: String(size.id),
            width: Number(size.width),
            height: Number(size.height),
            mediaChannels: ((size.mediaChannels ?? []) as unknown[]).map(String),
          }))
          .filter((size) => size.mediaChannels.includes('display') || size.mediaChannels.includes('video'));
      }),

    listRegions: (countryId) =>
      call('listRegions', { countryId }, async () => {
        const regions = await listAll(`${LOCATION}/regions`, { countryId });
        return Promise.all(
          regions.map(async (region): Promise<Region> => ({
            id: Number(region.id),
            name: String(region.name ?? ''),
            code: await regionCode(countryId, String(region.name ?? '')),
            countryId: Number(region.countryId ?? countryId),
          })),
        );
      }),

    listCities: (regionId) =>
      call('listCities', { regionId }, async () => {
        // SPEC §9: one city first, to learn the total; then the total as the limit (paging on if the platform caps it).
        const first = expect(
          await send('GET', `${LOCATION}/cities`, { params: { regionId, offset: 0, sortOrder: 'asc', limit: 1 } }),
          200,
        ).data as { data?: VendorObject[]; totalNum?: number };
        const total = Number(first.totalNum ?? 0);
        const cities =
          first.data?.length === 1 && total > 1
            ? await listAll(`${LOCATION}/cities`, { regionId }, total)
            : (first.data ?? []);
        return cities.map((city): City => ({
          id: Number(city.id),
          name: String(city.name ?? ''),
          regionId: Number(city.regionId ?? regionId),
        }));
      }),

    setStatus: (object: AdPlatformObject, objectId, status) =>
      call('setStatus', { object, id: objectId, status }, async () => {
        // Ads have a client status (play, pause, stop) and a workflow status (archived or approved).
        const body =
          object === 'ads'
            ? status === 'archived'
              ? { workflowStatus: 'archived' }
              : { clientStatus: status, workflowStatus: 'approved' }
            : { status };
        expect(await send('PUT', campaign(`/${object}/${id(objectId)}/statuses`), { data: body }), 204, 200);
      }),

    requestDeliveryReport: (request) =>
      call('requestDeliveryReport', { insertionOrderIds: request.insertionOrderIds }, async () => {
        const response = expect(
          await send('POST', `${REPORTING}/reports`, {
            params: { marketId: options.marketId },
            data: {
              aggregationType: request.aggregation,
              startTime: vendorTime(request.startTime, 'start'),
              endTime: vendorTime(request.endTime, 'end'),
              outputPath: '',
              dimensions: [{ name: 'insertionOrderId', outputName: 'insertionOrderId' }],
              filters: [{ objectType: 'insertionOrder', objectIds: request.insertionOrderIds }],
              metrics: [
                { name: 'impressions', outputName: 'impressions' },
                { name: 'clicks', outputName: 'clicks' },
                { name: 'advertiserCost', outputName: 'spend', currencyAlphaCode: 'usd' },
              ],
            },
          }),
          202,
        );
        const location = String(response.headers.location ?? '');
        const reportId = location.split('?')[0]!.split('/').filter(Boolean).pop();
        if (!reportId) throw new UnexpectedAnswer(response);
        return { reportId: decodeURIComponent(reportId) };
      }),

    getDeliveryReport: (reportId) =>
      call('getDeliveryReport', { reportId }, async () => {
        const response = expect(await send('GET', `${REPORTING}/reports/${id(reportId)}`), 200, 202);
        if (response.status === 202) return { ready: false, rows: [] };
        const rows = (Array.isArray(response.data) ? response.data : []) as VendorObject[];
        const dated = Date.parse(String(response.headers.date ?? ''));
        return {
          ready: true,
          reportedAt: Number.isNaN(dated) ? null : new Date(dated).toISOString(),
          rows: rows.map((row): DeliveryRow => ({
            ...(row.day !== undefined ? { day: String(row.day).replace(/\//g, '-') } : {}),
            insertionOrderId: String(row.insertionOrderId),
            impressions: Number(row.impressions ?? 0),
            clicks: Number(row.clicks ?? 0),
            spend: Number(row.spend ?? 0),
          })),
        };
      }),
  };
}
