import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { imageSize } from 'image-size';
import multer from 'multer';
import { z } from 'zod';
import type { Clock } from '@causeway/core/ports/clock.port';
import { systemClock } from '../system/system-clock';
import { AD_SIZES, locationCatalog, type SandboxAdSize } from './amobee-sandbox.catalog';
import { CONTINENTS, COUNTRIES, type SandboxContinent, type SandboxCountry } from './amobee-sandbox.countries';
import {
  createDeliveryLedger,
  DAY_MS,
  utcDay,
  type DeliveringInsertionOrder,
  type DeliveringLineItem,
  type DeliveryParameters,
  type Flight,
  type LedgerEntries,
} from './amobee-sandbox.delivery';
import {
  AdBody,
  AdStatusBody,
  AdvertiserBody,
  BeaconBody,
  ClockBody,
  CreativeBody,
  FaultBody,
  InsertionOrderBody,
  InsertionOrderEdit,
  LineItemBody,
  PlayStatusBody,
  ReportBody,
  SettingsBody,
  StatusBody,
  TokenRequest,
  type Budget,
} from './amobee-sandbox.schemas';
import { videoDimensions } from './video-dimensions';

/**
 * A sandbox of the Nexxen (formerly Amobee) DSP API, speaking the vendor's API as its Postman
 * collection documents it: the token service, the campaign service (advertisers, insertion orders,
 * line items, creative assets, creatives, ads, beacons, ad sizes, statuses), the location service
 * (continents, countries, regions and cities; not DMAs, addresses or places, which need the vendor's
 * own geographic data) and the asynchronous reporting service, with the vendor's envelope, its three
 * error shapes, paging and sorting. State lives in memory, per sandbox. Delivery is simulated on the
 * sandbox's clock. A control API under `/_sandbox` (not part of the vendor's API) moves the clock,
 * injects faults, changes the simulation's parameters, lists the requests received and resets it all:
 *
 *   GET    /_sandbox                 clock, settings, object counts, pending faults
 *   POST   /_sandbox/clock           {advanceMs | advanceHours | advanceDays | to}: forward only
 *   POST   /_sandbox/settings        {ctr, cpm, reportPendingPolls, rateLimitPerSecond (null: none)}
 *   POST   /_sandbox/faults          {method, path, action: fail|delay|drop|dropAfter|holdAnswer, status, shape:
 *                                     gateway|service|framework|empty, message, latencyMs,
 *                                     retryAfterSeconds, times (default 1) | always}
 *   DELETE /_sandbox/faults[/:id]
 *   GET    /_sandbox/requests        the vendor calls received (method, path, query, status; 0 = no answer)
 *   GET    /_sandbox/delivery        delivered impressions, clicks and spend per line item
 *   POST   /_sandbox/reset           everything back to a fresh sandbox (tokens included)
 *
 * `exportState`/`restoreState` carry the objects, the id counter, the clock offset, the delivery ledger
 * and the reports over a restart (the embedded app keeps them in a file); not tokens, which each
 * start's client asks for again, nor faults, settings or the request log.
 */

export interface AmobeeSandboxOptions {
  clientId: string;
  clientSecret: string;
  /** The one market the sandbox's credential sees (default 2011). */
  marketId?: number;
  /** Time outside the sandbox; the control API adds its own offset on top. */
  clock?: Clock;
  /** Token lifetime (the vendor's: 43200 s). */
  tokenTtlSeconds?: number;
  /** Delivery simulation: click-through rate (default 0.001) and CPM in dollars (default 2.5). */
  delivery?: Partial<DeliveryParameters>;
  /** How many polls a report answers "not ready" (202) before its rows (default 1). */
  reportPendingPolls?: number;
  /** Requests per second per client before 429 (default none; the vendor allows about 8). */
  rateLimitPerSecond?: number | null;
  /** Serve the `/_sandbox` control API (default true). */
  controlApi?: boolean;
  /** The first id an empty sandbox hands out (default 1610000001). */
  firstId?: number;
}

export interface SandboxFault extends FaultBody {
  id: string;
  remaining: number | null;
}

export interface SandboxRequestRecord {
  at: string;
  method: string;
  path: string;
  query: Record<string, unknown>;
  status: number;
}

export interface AmobeeSandbox {
  /** Mount it anywhere (`app.use('/sandbox/amobee', sandbox.router)`). */
  router: Router;
  /** The sandbox's simulated time. */
  now(): Date;
  advance(milliseconds: number): void;
  addFault(fault: z.input<typeof FaultBody>): SandboxFault;
  clearFaults(): void;
  requests(): SandboxRequestRecord[];
  reset(): void;
  /** The whole state as JSON-ready data (see above). */
  exportState(): AmobeeSandboxState;
  /** Replaces the state with an exported one; throws, changing nothing, on one it cannot read. */
  restoreState(state: unknown): void;
  /** Told after each change (a vendor call that writes, the control API, advance, reset); answers an unsubscribe. */
  onChange(listener: () => void): () => void;
}

const DEFAULT_DELIVERY: DeliveryParameters = { ctr: 0.001, cpm: 2.5 };
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;
const REQUEST_LOG_SIZE = 1000;
const REPORT_LIFETIME_MS = DAY_MS;
const FIRST_ID = 1_610_000_001;
const CAMPAIGN = '/campaign/v5/api';
const LOCATION = '/location/v1/api';
const REPORTING = '/reporting/v2/api';

type ErrorShape = 'gateway' | 'service' | 'framework' | 'empty';

class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly shape: ErrorShape,
    readonly messages: string[],
  ) {
    super(messages.join('; '));
  }
}

const invalid = (...messages: string[]) => new SandboxError(400, 'service', messages);
const notFound = (message: string) => new SandboxError(404, 'service', [message]);

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The vendor's three error shapes (gateway, service, framework default), or an empty body. */
function sendError(req: Request, res: Response, status: number, shape: ErrorShape, messages: string[]): void {
  if (res.headersSent) return;
  res.status(status);
  if (shape === 'empty') {
    res.end();
    return;
  }
  if (shape === 'gateway') {
    res.json({
      errors: messages.map((message) => ({
        message,
        errorCode: (REASONS[status] ?? 'error').toLowerCase().replace(/ /g, '_'),
        statusCode: status,
      })),
    });
    return;
  }
  if (shape === 'service') {
    res.json({
      data: [],
      errors: [
        {
          messages: messages.map((message) => ({
            type: status === 400 ? 'validation' : 'other',
            code: String(status),
            message,
          })),
        },
      ],
    });
    return;
  }
  res.json({
    timestamp: new Date().toISOString(),
    path: req.originalUrl.split('?')[0],
    status,
    error: REASONS[status] ?? 'Error',
    message: messages.join('; '),
    requestId: randomBytes(4).toString('hex'),
  });
}

function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  throw invalid(
    ...result.error.issues.map((issue) => {
      const path = issue.path.join('.');
      const message = issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message;
      return path ? `${path} ${message}` : message;
    }),
  );
}

const omit = <T extends Record<string, unknown>>(value: T, keys: string[]) =>
  Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));

/** `*` one path segment, `**` any; a pattern starting with ^ is a regular expression. */
function pathMatcher(pattern: string): RegExp {
  if (pattern.startsWith('^')) return new RegExp(pattern);
  const escaped = pattern
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]+'),
    )
    .join('.*');
  return new RegExp(`^${escaped}/?$`);
}

interface Stamped {
  id: string;
  createdAt: string;
  updatedAt: string;
}
interface AdvertiserRecord extends Stamped {
  accountId: string;
  status: string;
  body: z.output<typeof AdvertiserBody>;
}
interface InsertionOrderRecord extends Stamped {
  advertiserId: string;
  status: string;
  body: z.output<typeof InsertionOrderEdit>;
}
interface LineItemRecord extends Stamped {
  advertiserId: string;
  insertionOrderId: string;
  status: string;
  body: z.output<typeof LineItemBody>;
}
interface AssetRecord {
  key: string;
  mediaFormat: 'display' | 'video';
  adSize: SandboxAdSize;
}
interface CreativeRecord extends Stamped {
  advertiserId: string;
  status: string;
  adSizeId: number;
  body: z.output<typeof CreativeBody>;
}
interface AdRecord extends Stamped {
  lineItemId: string;
  clientStatus: string;
  workflowStatus: string;
  body: z.output<typeof AdBody>;
}
interface BeaconRecord extends Stamped {
  advertiserId: string;
  workflowStatus: string;
  body: z.output<typeof BeaconBody>;
}
interface ReportRecord {
  id: string;
  rows: Record<string, unknown>[];
  expiresAt: number;
  pendingPolls: number;
}

const SNAPSHOT_FORMAT = 'causeway.amobee-sandbox';

const stamped = { id: z.string().regex(/^\d+$/), createdAt: z.string(), updatedAt: z.string() };
const objectBody = z.record(z.string(), z.unknown());
const budgetBody = z.looseObject({ schedules: z.array(z.looseObject({ startDate: z.string() })).optional() });
const figures = z.object({ spend: z.number(), impressions: z.number(), clicks: z.number() });

/** What `exportState` answers: checked in full on restore, since it comes back from a file. */
const SandboxStateSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  version: z.literal(1),
  nextId: z.number().int().positive(),
  offsetMs: z.number().min(0),
  /** Sandbox time (ms) up to which delivery was accrued: a restart accrues the time it was away. */
  settledAt: z.number(),
  advertisers: z.array(z.object({ ...stamped, accountId: z.string(), status: z.string(), body: objectBody })),
  insertionOrders: z.array(
    z.object({ ...stamped, advertiserId: z.string(), status: z.string(), body: z.looseObject({ budget: budgetBody }) }),
  ),
  lineItems: z.array(
    z.object({
      ...stamped,
      advertiserId: z.string(),
      insertionOrderId: z.string(),
      status: z.string(),
      body: z.looseObject({ budget: budgetBody, mediaFormat: z.string() }),
    }),
  ),
  assets: z.array(z.object({ key: z.string(), mediaFormat: z.enum(['display', 'video']), adSizeId: z.number() })),
  creatives: z.array(
    z.object({ ...stamped, advertiserId: z.string(), status: z.string(), adSizeId: z.number(), body: objectBody }),
  ),
  ads: z.array(
    z.object({
      ...stamped,
      lineItemId: z.string(),
      clientStatus: z.string(),
      workflowStatus: z.string(),
      body: z.looseObject({ creatives: z.array(z.looseObject({ creativeId: z.string() })).min(1) }),
    }),
  ),
  beacons: z.array(z.object({ ...stamped, advertiserId: z.string(), workflowStatus: z.string(), body: objectBody })),
  reports: z.array(
    z.object({
      id: z.string(),
      rows: z.array(z.record(z.string(), z.unknown())),
      expiresAt: z.number(),
      pendingPolls: z.number().int().min(0),
    }),
  ),
  ledger: z.record(z.string(), z.record(z.string(), figures)),
});

export type AmobeeSandboxState = z.infer<typeof SandboxStateSchema>;

/**
 * A first id from the time a sandbox starts (100 a second since 2026): an empty sandbox numbered so
 * never hands out again an id that a lost state gave, which stored campaigns may still name.
 */
export const firstIdAt = (at: Date): number =>
  FIRST_ID + 100 * Math.max(0, Math.floor((at.getTime() - Date.UTC(2026, 0, 1)) / 1000));

function emptyState(firstId = FIRST_ID) {
  return {
    nextId: firstId,
    tokens: new Map<string, number>(),
    advertisers: new Map<string, AdvertiserRecord>(),
    insertionOrders: new Map<string, InsertionOrderRecord>(),
    lineItems: new Map<string, LineItemRecord>(),
    assets: new Map<string, AssetRecord>(),
    creatives: new Map<string, CreativeRecord>(),
    ads: new Map<string, AdRecord>(),
    beacons: new Map<string, BeaconRecord>(),
    reports: new Map<string, ReportRecord>(),
  };
}

/** Schedules as flights; an end is inclusive to its second. */
function flightsOf(budget: Budget): Flight[] {
  return (budget.schedules ?? []).map((schedule) => {
    const start = Date.parse(schedule.startDate);
    const end = schedule.endDate ? Date.parse(schedule.endDate) + 1000 : start + 30 * DAY_MS;
    return { start, end, budget: schedule.budget ?? 0, dailyCap: schedule.dailyCap ?? 0 };
  });
}

export function createAmobeeSandbox(options: AmobeeSandboxOptions): AmobeeSandbox {
  const clock = options.clock ?? systemClock;
  const marketId = options.marketId ?? 2011;
  const tokenTtlSeconds = options.tokenTtlSeconds ?? 43_200;
  const defaults = {
    delivery: { ...DEFAULT_DELIVERY, ...options.delivery },
    reportPendingPolls: options.reportPendingPolls ?? 1,
    rateLimitPerSecond: options.rateLimitPerSecond ?? null,
  };
  let settings = structuredClone(defaults);
  let offsetMs = 0;
  let state = emptyState(options.firstId);
  let faults: SandboxFault[] = [];
  let requestLog: SandboxRequestRecord[] = [];
  const ledger = createDeliveryLedger();
  const rateWindows = new Map<string, { second: number; count: number }>();
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };

  const now = () => new Date(clock.now().getTime() + offsetMs);
  let settledAt = now().getTime();
  const stamp = () =>
    now()
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');
  const newId = () => String(state.nextId++);

  /** Brings simulated delivery up to now; called before anything reads or changes state. */
  function settle(): void {
    const at = now().getTime();
    if (at > settledAt) {
      const lineItems: DeliveringLineItem[] = [...state.lineItems.values()].map((item) => ({
        id: item.id,
        insertionOrderId: item.insertionOrderId,
        flights: flightsOf(item.body.budget),
        live:
          item.status === 'play' &&
          state.insertionOrders.get(item.insertionOrderId)?.status === 'play' &&
          [...state.ads.values()].some(
            (ad) => ad.lineItemId === item.id && ad.clientStatus === 'play' && ad.workflowStatus !== 'archived',
          ),
      }));
      const orders = new Map<string, DeliveringInsertionOrder>(
        [...state.insertionOrders.values()].map((order) => [
          order.id,
          { id: order.id, flights: flightsOf(order.body.budget) },
        ]),
      );
      ledger.accrue(settledAt, at, lineItems, orders, settings.delivery);
    }
    settledAt = Math.max(settledAt, at);
  }

  /** A play object before its first flight shows as stopStartDate, as the vendor's answers do. */
  function shownStatus(status: string, budget: Budget): string {
    if (status !== 'play') return status;
    const starts = (budget.schedules ?? []).map((schedule) => Date.parse(schedule.startDate));
    return starts.length > 0 && now().getTime() < Math.min(...starts) ? 'stopStartDate' : status;
  }

  const market = String(marketId);
  const views = {
    advertiser: (advertiser: AdvertiserRecord) => ({
      id: advertiser.id,
      marketId: market,
      resourceType: 'advertiser',
      status: advertiser.status,
      accountId: advertiser.accountId,
      createdAt: advertiser.createdAt,
      updatedAt: advertiser.updatedAt,
      ...omit(advertiser.body, ['status']),
    }),
    insertionOrder: (order: InsertionOrderRecord) => ({
      id: order.id,
      marketId: market,
      resourceType: 'insertionOrder',
      status: shownStatus(order.status, order.body.budget),
      ...omit(order.body, ['status']),
      managerAccountId: String(order.body.managerAccountId),
      advertiserId: order.advertiserId,
      createdAt: order.createdAt,
      updatedAt: order.updatedAt,
      currency: 'usd',
    }),
    lineItem: (item: LineItemRecord) => ({
      id: item.id,
      marketId: market,
      resourceType: 'lineItem',
      status: shownStatus(item.status, item.body.budget),
      advertiserId: item.advertiserId,
      insertionOrderId: item.insertionOrderId,
      mediaFormat: item.body.mediaFormat,
      createdAt: item.createdAt,
      updatedAt: item.updatedAt,
      currency: 'usd',
      ...omit(item.body, ['status', 'mediaFormat']),
      // The platform adds its own compliance cost to every line item, as its answers show.
      thirdPartyCosts: [
        ...(item.body.thirdPartyCosts ?? []),
        { costType: 'obaCompliance', provider: 'tRUSTe', cpmCost: 0.015, paidBy: 'amobee' },
      ],
    }),
    creative: (creative: CreativeRecord) => ({
      id: creative.id,
      marketId: market,
      resourceType: 'creative',
      status: creative.status,
      advertiserId: creative.advertiserId,
      createdAt: creative.createdAt,
      updatedAt: creative.updatedAt,
      language: 'en',
      startDate: '',
      endDate: '',
      advancedCreative: false,
      ...omit(creative.body, ['status']),
    }),
    ad: (ad: AdRecord) => {
      const item = state.lineItems.get(ad.lineItemId)!;
      const first = state.creatives.get(ad.body.creatives[0]!.creativeId);
      return {
        id: ad.id,
        resourceType: 'ad',
        adFormat: first?.body.adFormat ?? 'standard',
        adSizeId: String(first?.adSizeId ?? ''),
        advertiserId: item.advertiserId,
        createdAt: ad.createdAt,
        clientStatus: ad.clientStatus,
        hasCompanion: Boolean(first?.body.companion),
        insertionOrderId: item.insertionOrderId,
        lineItemId: ad.lineItemId,
        updatedAt: ad.updatedAt,
        workflowStatus: ad.workflowStatus,
        ...omit(ad.body, ['rotation']),
        rotation: ad.body.rotation ?? 'random',
      };
    },
    beacon: (beacon: BeaconRecord, baseUrl: string) => {
      const code = beacon.id;
      const advertiser = state.advertisers.get(beacon.advertiserId);
      const src = `${baseUrl}/beacons/${code}/beacon_call.js`;
      return {
        id: beacon.id,
        marketId: market,
        resourceType: 'beacon',
        advertiserId: beacon.advertiserId,
        createdAt: beacon.createdAt,
        updatedAt: beacon.updatedAt,
        ...omit(beacon.body, ['workflowStatus']),
        workflowStatus: beacon.workflowStatus,
        beaconJavascriptCode: [
          '<!-- Do Not Remove - Tracking Beacon Code - Do Not Remove -->',
          `<!-- Advertiser Name : ${advertiser?.body.name ?? ''} -->`,
          `<!-- Beacon Name : ${beacon.body.name} -->`,
          '<script type="text/javascript">\n  turn_beacon_price = "";\n  turn_client_track_id = "";\n</script>',
          `<script type="text/javascript" src="${src}">\n</script>`,
          `<noscript>\n  <img border="0" src="${baseUrl}/beacons/${code}/r?cid=&bprice=">\n</noscript>`,
          '<!-- End Tracking Beacon Code Do Not Remove -->',
        ].join('\n'),
        beaconImageCode: `<img border="0" src="${baseUrl}/beacons/${code}/r?cid=&bprice=">`,
      };
    },
    adSize: (size: SandboxAdSize) => ({
      id: String(size.id),
      resourceType: 'adSize',
      width: size.width,
      height: size.height,
      mediaChannels: size.mediaChannels,
    }),
  };

  function find<T>(map: Map<string, T>, id: string, what: string): T {
    const found = map.get(id);
    if (!found) throw notFound(`${what} ${id} not found`);
    return found;
  }

  /** The list filters the vendor allows one at a time; a marketId must be the credential's own. */
  function exclusiveFilter(req: Request, names: string[]): { name: string; value: string } | null {
    const given = names.filter((name) => req.query[name] !== undefined && req.query[name] !== '');
    if (given.length > 1) throw invalid(`${given.join(' and ')} cannot be used at the same time`);
    const name = given[0];
    if (!name) return null;
    const value = String(req.query[name]);
    if (name === 'marketId' && value !== market) {
      throw new SandboxError(403, 'service', [`Market ${value} is not accessible with these credentials`]);
    }
    return { name, value };
  }

  /** Sorting and offset/limit paging, answered in the vendor's list envelope. */
  function sendPage<T>(
    req: Request,
    res: Response,
    items: T[],
    view: (item: T) => Record<string, unknown>,
    sortKeys: Record<string, (item: Record<string, unknown>) => string | number>,
    totalKey: 'queryTotal' | 'totalNum' = 'queryTotal',
    defaultSortKey = 'id',
  ): void {
    const offset = req.query.offset === undefined ? 0 : Number(req.query.offset);
    const limit = req.query.limit === undefined ? DEFAULT_LIMIT : Number(req.query.limit);
    const sortOrder = req.query.sortOrder === undefined ? 'asc' : String(req.query.sortOrder);
    const sortKey = req.query.sortKey === undefined ? defaultSortKey : String(req.query.sortKey);
    const problems: string[] = [];
    if (!Number.isInteger(offset) || offset < 0) problems.push('offset must be a whole number, 0 or more');
    if (!Number.isInteger(limit) || limit < 1) problems.push('limit must be a whole number, 1 or more');
    if (sortOrder !== 'asc' && sortOrder !== 'desc') problems.push('sortOrder must be asc or desc');
    const key = sortKeys[sortKey];
    if (!key) problems.push(`sortKey must be one of ${Object.keys(sortKeys).join(', ')}`);
    if (problems.length > 0) throw invalid(...problems);
    const direction = sortOrder === 'desc' ? -1 : 1;
    const viewed = items.map(view);
    viewed.sort((a, b) => {
      const left = key!(a);
      const right = key!(b);
      const order =
        typeof left === 'number' && typeof right === 'number'
          ? left - right
          : String(left).localeCompare(String(right));
      return order * direction;
    });
    const data = viewed.slice(offset, offset + Math.min(limit, MAX_LIMIT));
    const self = `${req.protocol}://${req.get('host')}${req.originalUrl}`;
    const links: Record<string, string> = { self };
    if (offset + data.length < viewed.length) {
      const next = new URL(self);
      next.searchParams.set('offset', String(offset + data.length));
      links.next = next.toString();
    }
    res.json({ [totalKey]: viewed.length, data, errors: [], links });
  }

  const byId = (item: Record<string, unknown>) => Number(item.id);
  const byName = (item: Record<string, unknown>) => String(item.name ?? '');
  const created = (res: Response, data: unknown) => res.status(201).json({ data: [data], errors: [] });
  const single = (res: Response, data: unknown) => res.json({ data: [data], errors: [] });

  const router = express.Router();
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: 100 * 1024 * 1024, files: 1 } });

  // Every answer is dated by the platform's clock, as an HTTP server dates its answers: moved with the
  // sandbox clock, so a report made "three days later" says so.
  router.use((_req, res, next) => {
    res.setHeader('Date', now().toUTCString());
    next();
  });
  router.use((req, res, next) => {
    // The control API's own calls are not the vendor's: they stay out of the log.
    const control = req.path.startsWith('/_sandbox');
    const record: SandboxRequestRecord = {
      at: now().toISOString(),
      method: req.method,
      path: req.path,
      query: { ...req.query },
      status: 0,
    };
    // Whatever writes (a vendor call or the control API) may have changed the state; reads only accrue
    // delivery, which a restored sandbox accrues again from where it was.
    const writes = req.method !== 'GET' && req.method !== 'HEAD';
    let told = false;
    const tell = () => {
      if (!writes || told) return;
      told = true;
      changed();
    };
    if (writes) {
      // Told as the answer is ended, before it goes out: whoever keeps the state (and answers only once
      // it is saved) then saves this change before the caller hears of it.
      const end = res.end.bind(res) as (...args: unknown[]) => Response;
      res.end = ((...args: unknown[]) => {
        tell();
        return end(...args);
      }) as typeof res.end;
    }
    const done = () => {
      // An answer that was never ended (its connection dropped) may still have changed the state.
      tell();
      if (record.status !== 0 || control) return;
      record.status = res.writableFinished ? res.statusCode : 0;
      requestLog.push(record);
      if (requestLog.length > REQUEST_LOG_SIZE) requestLog = requestLog.slice(-REQUEST_LOG_SIZE);
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  });

  if (options.controlApi !== false) router.use('/_sandbox', controlRoutes());

  // The body is read first, so a delayed request is still done after its caller gave up (as when a
  // client times out on a slow platform).
  router.use(express.json({ limit: '2mb' }));

  // Injected faults, then the optional rate limit: both before any work is done.
  router.use(async (req, res, next) => {
    const fault = faults.find(
      (candidate) =>
        (candidate.method === '*' || candidate.method === req.method) && pathMatcher(candidate.path).test(req.path),
    );
    if (!fault) return next();
    if (fault.remaining !== null && --fault.remaining <= 0) faults = faults.filter((other) => other !== fault);
    if (fault.action === 'holdAnswer') {
      // The work is done and told to whoever keeps the state; only then is the answer held back.
      const end = res.end.bind(res) as (...args: unknown[]) => Response;
      res.end = ((...args: unknown[]) => {
        changed();
        setTimeout(() => end(...args), fault.latencyMs);
        return res;
      }) as typeof res.end;
      return next();
    }
    if (fault.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.latencyMs));
    if (fault.action === 'delay') return next();
    if (fault.action === 'drop') {
      req.socket.destroy();
      return;
    }
    if (fault.action === 'dropAfter') {
      // The work is done; only the answer is lost (as after a client timeout).
      res.end = (() => {
        req.socket.destroy();
        return res;
      }) as typeof res.end;
      return next();
    }
    if (fault.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(fault.retryAfterSeconds));
    const shape = fault.shape ?? (fault.status === 429 ? 'empty' : 'service');
    sendError(req, res, fault.status, shape, [
      fault.message ?? `Injected fault: ${REASONS[fault.status] ?? fault.status}`,
    ]);
  });

  router.use((req, res, next) => {
    const limit = settings.rateLimitPerSecond;
    if (!limit) return next();
    const caller = req.headers.authorization ?? req.ip ?? '';
    const second = Math.floor(Date.now() / 1000);
    const window = rateWindows.get(caller);
    if (!window || window.second !== second) {
      rateWindows.set(caller, { second, count: 1 });
      return next();
    }
    if (++window.count <= limit) return next();
    res.setHeader('Retry-After', '1');
    sendError(req, res, 429, 'empty', []);
  });

  router.post('/accounts/v1/api/token', (req, res) => {
    const body = parse(TokenRequest, req.body);
    if (body.client_id !== options.clientId || body.client_secret !== options.clientSecret) {
      throw new SandboxError(401, 'gateway', ['Invalid client credentials']);
    }
    const token = randomBytes(32).toString('base64url');
    state.tokens.set(token, now().getTime() + tokenTtlSeconds * 1000);
    res.json({ access_token: token, token_type: 'Bearer', expires_in: tokenTtlSeconds });
  });

  router.use((req, _res, next) => {
    const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const expiresAt = match ? state.tokens.get(match[1]!) : undefined;
    if (expiresAt === undefined)
      throw new SandboxError(401, 'gateway', ['Full authentication is required: a valid bearer token']);
    if (expiresAt <= now().getTime()) {
      state.tokens.delete(match![1]!);
      throw new SandboxError(401, 'gateway', ['The access token has expired']);
    }
    settle();
    next();
  });

  // --- Advertisers
  router.post(`${CAMPAIGN}/accounts/:accountId/advertisers`, (req, res) => {
    if (!/^\d+$/.test(req.params.accountId!)) throw invalid('accountId must be a numeric id');
    const body = parse(AdvertiserBody, req.body);
    const at = stamp();
    const advertiser: AdvertiserRecord = {
      id: newId(),
      accountId: req.params.accountId!,
      status: body.status,
      body,
      createdAt: at,
      updatedAt: at,
    };
    state.advertisers.set(advertiser.id, advertiser);
    created(res, views.advertiser(advertiser));
  });
  router.get(`${CAMPAIGN}/advertisers`, (req, res) => {
    exclusiveFilter(req, ['marketId']);
    sendPage(req, res, [...state.advertisers.values()], views.advertiser, { id: byId, name: byName });
  });
  router.get(`${CAMPAIGN}/advertisers/:id`, (req, res) => {
    single(res, views.advertiser(find(state.advertisers, req.params.id!, 'Advertiser')));
  });
  router.put(`${CAMPAIGN}/advertisers/:id/statuses`, (req, res) => {
    const advertiser = find(state.advertisers, req.params.id!, 'Advertiser');
    advertiser.status = parse(PlayStatusBody, req.body).status;
    advertiser.updatedAt = stamp();
    res.status(204).end();
  });

  // --- Insertion orders
  router.post(`${CAMPAIGN}/advertisers/:advertiserId/insertionOrders`, (req, res) => {
    const advertiser = find(state.advertisers, req.params.advertiserId!, 'Advertiser');
    const body = parse(InsertionOrderBody, req.body);
    const at = stamp();
    const order: InsertionOrderRecord = {
      id: newId(),
      advertiserId: advertiser.id,
      status: body.status,
      body: omit(body, ['status']) as InsertionOrderRecord['body'],
      createdAt: at,
      updatedAt: at,
    };
    state.insertionOrders.set(order.id, order);
    created(res, views.insertionOrder(order));
  });
  router.get(`${CAMPAIGN}/insertionOrders`, (req, res) => {
    const filter = exclusiveFilter(req, ['marketId', 'advertiserId']);
    const orders = [...state.insertionOrders.values()].filter(
      (order) => filter?.name !== 'advertiserId' || order.advertiserId === filter.value,
    );
    sendPage(req, res, orders, views.insertionOrder, {
      id: byId,
      name: byName,
      advertiserId: (item) => Number(item.advertiserId),
    });
  });
  router.get(`${CAMPAIGN}/insertionOrders/:id`, (req, res) => {
    single(res, views.insertionOrder(find(state.insertionOrders, req.params.id!, 'Insertion order')));
  });
  router.put(`${CAMPAIGN}/insertionOrders/:id`, (req, res) => {
    const order = find(state.insertionOrders, req.params.id!, 'Insertion order');
    const body = parse(InsertionOrderEdit, req.body);
    const fixed = (['customPackageMode', 'pacingBasis'] as const).filter((field) => body[field] !== order.body[field]);
    if (fixed.length > 0)
      throw invalid(...fixed.map((field) => `${field} cannot be edited once the insertion order is created`));
    order.body = omit(body, ['status']) as InsertionOrderRecord['body'];
    order.updatedAt = stamp();
    res.status(204).end();
  });
  router.put(`${CAMPAIGN}/insertionOrders/:id/statuses`, (req, res) => {
    const order = find(state.insertionOrders, req.params.id!, 'Insertion order');
    order.status = parse(PlayStatusBody, req.body).status;
    order.updatedAt = stamp();
    res.status(204).end();
  });

  // --- Line items
  async function checkGeography(body: z.output<typeof LineItemBody>): Promise<void> {
    const geographies = body.targeting.locale?.geographic?.geographies;
    if (!geographies) return;
    const catalog = await locationCatalog();
    const unknownRegions = (geographies.regions ?? []).filter((id) => !catalog.region(Number(id)));
    const unknownCities = (geographies.cities ?? []).filter((id) => !catalog.city(Number(id)));
    const problems = [
      ...unknownRegions.map((id) => `targeting.locale.geographic.geographies.regions ${id} is not a region`),
      ...unknownCities.map((id) => `targeting.locale.geographic.geographies.cities ${id} is not a city`),
    ];
    if (problems.length > 0) throw invalid(...problems);
  }

  router.post(`${CAMPAIGN}/insertionOrders/:insertionOrderId/lineItems`, async (req, res) => {
    const order = find(state.insertionOrders, req.params.insertionOrderId!, 'Insertion order');
    const body = parse(LineItemBody, req.body);
    await checkGeography(body);
    const at = stamp();
    const item: LineItemRecord = {
      id: newId(),
      advertiserId: order.advertiserId,
      insertionOrderId: order.id,
      status: body.status,
      body,
      createdAt: at,
      updatedAt: at,
    };
    state.lineItems.set(item.id, item);
    created(res, views.lineItem(item));
  });
  router.get(`${CAMPAIGN}/lineItems`, (req, res) => {
    const filter = exclusiveFilter(req, ['marketId', 'advertiserId', 'insertionOrderId', 'packageId']);
    const items = [...state.lineItems.values()].filter((item) => {
      if (filter?.name === 'advertiserId') return item.advertiserId === filter.value;
      if (filter?.name === 'insertionOrderId') return item.insertionOrderId === filter.value;
      // Two-level insertion orders only: no line item sits under a package here.
      if (filter?.name === 'packageId') return false;
      return true;
    });
    sendPage(req, res, items, views.lineItem, { id: byId, name: byName });
  });
  router.get(`${CAMPAIGN}/lineItems/:id`, (req, res) => {
    single(res, views.lineItem(find(state.lineItems, req.params.id!, 'Line item')));
  });
  router.put(`${CAMPAIGN}/lineItems/:id`, async (req, res) => {
    const item = find(state.lineItems, req.params.id!, 'Line item');
    const body = parse(LineItemBody, req.body);
    if (body.mediaFormat !== item.body.mediaFormat) throw invalid('mediaFormat cannot be edited');
    await checkGeography(body);
    item.body = body;
    item.updatedAt = stamp();
    res.status(204).end();
  });
  router.put(`${CAMPAIGN}/lineItems/:id/statuses`, (req, res) => {
    const item = find(state.lineItems, req.params.id!, 'Line item');
    item.status = parse(StatusBody, req.body).status;
    item.updatedAt = stamp();
    res.status(204).end();
  });

  // --- Creative assets and creatives
  router.post(`${CAMPAIGN}/creativeAssets/:mediaFormat`, upload.single('file'), (req, res) => {
    const mediaFormat = req.params.mediaFormat;
    if (mediaFormat !== 'display' && mediaFormat !== 'video') {
      throw new SandboxError(404, 'framework', [`No creative assets of type ${mediaFormat} here`]);
    }
    if (req.query.marketId !== undefined && String(req.query.marketId) !== market) {
      throw new SandboxError(403, 'service', [
        `Market ${String(req.query.marketId)} is not accessible with these credentials`,
      ]);
    }
    const file = req.file;
    if (!file) throw invalid('file is required (multipart/form-data)');
    let dimensions: { width: number; height: number } | null;
    if (mediaFormat === 'display') {
      try {
        const found = imageSize(file.buffer);
        dimensions = found.width && found.height ? { width: found.width, height: found.height } : null;
      } catch {
        dimensions = null;
      }
      if (!dimensions) throw invalid(`${file.originalname} is not a readable image`);
    } else {
      dimensions = videoDimensions(file.buffer);
      if (!dimensions) throw invalid(`${file.originalname} is not a readable video (MP4, MOV or WebM)`);
    }
    const adSize = AD_SIZES.find(
      (size) =>
        size.mediaChannels.includes(mediaFormat) &&
        size.width === dimensions.width &&
        size.height === dimensions.height,
    );
    if (!adSize) throw invalid(`No ${mediaFormat} ad size is ${dimensions.width}x${dimensions.height}`);
    const extension =
      /\.([a-z0-9]{1,5})$/i.exec(file.originalname)?.[1]?.toLowerCase() ?? (mediaFormat === 'display' ? 'png' : 'mp4');
    const month = stamp().slice(0, 7).replace('-', '_');
    const key = `${month}/${randomBytes(16).toString('hex')}.${extension}`;
    state.assets.set(key, { key, mediaFormat, adSize });
    res.json({
      data: [{ creativeAssetKey: key, adSizeId: String(adSize.id), resourceType: 'CreativeAsset' }],
      errors: [],
    });
  });

  router.post(`${CAMPAIGN}/advertisers/:advertiserId/creatives`, (req, res) => {
    const advertiser = find(state.advertisers, req.params.advertiserId!, 'Advertiser');
    const body = parse(CreativeBody, req.body);
    const server = body.amobeeAdServer ?? body.thirdPartyAdServer!;
    const adSizeId = Number(server.adSizeId);
    const adSize = AD_SIZES.find((size) => size.id === adSizeId);
    if (!adSize) throw invalid(`adSizeId ${adSizeId} is not an ad size`);
    const clickUrl = body.amobeeAdServer ? body.amobeeAdServer.clickAction.url : body.thirdPartyAdServer!.clickUrl;
    if (
      req.query.validateClickUrl === 'true' &&
      clickUrl !== undefined &&
      // A host name with a dot, or this machine (the embedded platform's own pages live on localhost).
      !/^https?:\/\/(localhost|127\.0\.0\.1|[^\s/:]+\.[^\s/:]+)(:\d+)?(\/\S*)?$/.test(clickUrl)
    ) {
      throw invalid(`The click URL ${clickUrl} is not valid`);
    }
    // A third-party creative's size is the tag's business; a hosted one must fit its uploaded asset.
    if (body.amobeeAdServer) {
      if (!adSize.mediaChannels.includes(body.mediaFormat))
        throw invalid(`adSizeId ${adSizeId} is not a ${body.mediaFormat} size`);
      const asset = state.assets.get(body.amobeeAdServer.creativeAssetKey);
      if (!asset)
        throw invalid(`creativeAssetKey ${body.amobeeAdServer.creativeAssetKey} is not an uploaded creative asset`);
      if (asset.mediaFormat !== body.mediaFormat) throw invalid(`The creative asset is a ${asset.mediaFormat} asset`);
      if (asset.adSize.id !== adSizeId) {
        throw invalid(
          `adSizeId ${adSizeId} does not fit the creative asset (${asset.adSize.width}x${asset.adSize.height}: adSizeId ${asset.adSize.id})`,
        );
      }
    }
    const at = stamp();
    const creative: CreativeRecord = {
      id: newId(),
      advertiserId: advertiser.id,
      status: body.status,
      adSizeId,
      body: { ...body, ...(body.amobeeAdServer ? { amobeeAdServer: { ...body.amobeeAdServer, adSizeId } } : {}) },
      createdAt: at,
      updatedAt: at,
    };
    if (body.thirdPartyAdServer) creative.body.thirdPartyAdServer = { ...body.thirdPartyAdServer, adSizeId };
    if (body.mediaFormat === 'audio' && !body.companion) {
      // Audio gets a companion frame of the platform's own when none is given, as its answers show.
      const provider = body.thirdPartyAdServer?.provider ?? 'amobee';
      creative.body.companion = { thirdPartyAdServer: { provider, isCompanionOptional: false, adSizeId: 3 } };
    }
    state.creatives.set(creative.id, creative);
    created(res, views.creative(creative));
  });
  router.get(`${CAMPAIGN}/creatives`, (req, res) => {
    const filter = exclusiveFilter(req, ['marketId', 'advertiserId']);
    const creatives = [...state.creatives.values()].filter(
      (creative) => filter?.name !== 'advertiserId' || creative.advertiserId === filter.value,
    );
    sendPage(req, res, creatives, views.creative, { id: byId, name: byName });
  });
  router.get(`${CAMPAIGN}/creatives/:id`, (req, res) => {
    single(res, views.creative(find(state.creatives, req.params.id!, 'Creative')));
  });
  router.put(`${CAMPAIGN}/creatives/:id/statuses`, (req, res) => {
    const creative = find(state.creatives, req.params.id!, 'Creative');
    creative.status = parse(StatusBody, req.body).status;
    creative.updatedAt = stamp();
    res.status(204).end();
  });

  // --- Ads
  function checkAdCreatives(item: LineItemRecord, body: z.output<typeof AdBody>): void {
    const problems: string[] = [];
    for (const { creativeId } of body.creatives) {
      const creative = state.creatives.get(creativeId);
      if (!creative) problems.push(`Creative ${creativeId} not found`);
      else if (creative.advertiserId !== item.advertiserId)
        problems.push(`Creative ${creativeId} belongs to another advertiser`);
      else if (creative.body.mediaFormat !== item.body.mediaFormat) {
        problems.push(`Creative ${creativeId} is ${creative.body.mediaFormat}, the line item ${item.body.mediaFormat}`);
      }
    }
    if (problems.length > 0) throw invalid(...problems);
  }
  router.post(`${CAMPAIGN}/lineItems/:lineItemId/ads`, (req, res) => {
    const item = find(state.lineItems, req.params.lineItemId!, 'Line item');
    const body = parse(AdBody, req.body);
    checkAdCreatives(item, body);
    const at = stamp();
    const ad: AdRecord = {
      id: newId(),
      lineItemId: item.id,
      clientStatus: 'play',
      workflowStatus: 'approved',
      body,
      createdAt: at,
      updatedAt: at,
    };
    state.ads.set(ad.id, ad);
    created(res, views.ad(ad));
  });
  router.get(`${CAMPAIGN}/ads`, (req, res) => {
    const filter = exclusiveFilter(req, ['advertiserId', 'insertionOrderId', 'lineItemId']);
    const ads = [...state.ads.values()].filter((ad) => {
      const item = state.lineItems.get(ad.lineItemId)!;
      if (filter?.name === 'advertiserId') return item.advertiserId === filter.value;
      if (filter?.name === 'insertionOrderId') return item.insertionOrderId === filter.value;
      if (filter?.name === 'lineItemId') return ad.lineItemId === filter.value;
      return true;
    });
    sendPage(req, res, ads, views.ad, { id: byId, name: byName });
  });
  router.get(`${CAMPAIGN}/ads/:id`, (req, res) => {
    single(res, views.ad(find(state.ads, req.params.id!, 'Ad')));
  });
  router.put(`${CAMPAIGN}/ads/:id`, (req, res) => {
    const ad = find(state.ads, req.params.id!, 'Ad');
    const body = parse(AdBody, req.body);
    checkAdCreatives(state.lineItems.get(ad.lineItemId)!, body);
    ad.body = body;
    ad.updatedAt = stamp();
    res.status(204).end();
  });
  router.put(`${CAMPAIGN}/ads/:id/statuses`, (req, res) => {
    const ad = find(state.ads, req.params.id!, 'Ad');
    const body = parse(AdStatusBody, req.body);
    if (body.clientStatus) ad.clientStatus = body.clientStatus;
    if (body.workflowStatus) ad.workflowStatus = body.workflowStatus;
    ad.updatedAt = stamp();
    res.status(204).end();
  });

  // --- Beacons
  const beaconBase = (req: Request) => `${req.protocol}://${req.get('host')}${req.baseUrl}`;
  router.post(`${CAMPAIGN}/advertisers/:advertiserId/beacons`, (req, res) => {
    const advertiser = find(state.advertisers, req.params.advertiserId!, 'Advertiser');
    const body = parse(BeaconBody, req.body);
    const at = stamp();
    const beacon: BeaconRecord = {
      id: newId(),
      advertiserId: advertiser.id,
      workflowStatus: body.workflowStatus,
      body,
      createdAt: at,
      updatedAt: at,
    };
    state.beacons.set(beacon.id, beacon);
    created(res, views.beacon(beacon, beaconBase(req)));
  });
  router.get(`${CAMPAIGN}/beacons`, (req, res) => {
    const filter = exclusiveFilter(req, ['marketId', 'advertiserId']);
    const beacons = [...state.beacons.values()].filter(
      (beacon) => filter?.name !== 'advertiserId' || beacon.advertiserId === filter.value,
    );
    sendPage(req, res, beacons, (beacon) => views.beacon(beacon, beaconBase(req)), {
      id: byId,
      name: byName,
      beaconPlacement: (item) => String(item.beaconPlacement),
    });
  });
  router.get(`${CAMPAIGN}/beacons/:id`, (req, res) => {
    single(res, views.beacon(find(state.beacons, req.params.id!, 'Beacon'), beaconBase(req)));
  });
  router.put(`${CAMPAIGN}/beacons/:id/statuses`, (req, res) => {
    const beacon = find(state.beacons, req.params.id!, 'Beacon');
    const body = parse(AdStatusBody, req.body);
    if (body.workflowStatus) beacon.workflowStatus = body.workflowStatus;
    beacon.updatedAt = stamp();
    res.status(204).end();
  });

  // --- Ad sizes
  router.get(`${CAMPAIGN}/adSizes`, (req, res) => {
    const channel = req.query.mediaChannel === undefined ? undefined : String(req.query.mediaChannel);
    if (channel !== undefined && !['display', 'audio', 'video', 'mobile'].includes(channel)) {
      throw invalid('mediaChannel must be one of display, audio, video, mobile');
    }
    const sizes = AD_SIZES.filter((size) => !channel || size.mediaChannels.includes(channel));
    sendPage(req, res, sizes, views.adSize, { id: byId });
  });
  router.get(`${CAMPAIGN}/adSizes/:id`, (req, res) => {
    const size = AD_SIZES.find((candidate) => String(candidate.id) === req.params.id);
    if (!size) throw notFound(`Ad size ${req.params.id} not found`);
    single(res, views.adSize(size));
  });

  // --- Location service (sorted by name; totals as totalNum)
  // Continents and countries come whole, in the vendor's order, as its lists of them do.
  const continentView = (continent: SandboxContinent) => ({
    id: String(continent.id),
    resourceType: 'continent',
    name: continent.name,
  });
  const countryView = (country: SandboxCountry) => ({
    id: String(country.id),
    resourceType: 'country',
    name: country.name,
    continentId: String(country.continentId),
  });
  const whole = <T>(res: Response, items: readonly T[], view: (item: T) => Record<string, unknown>) =>
    res.json({ totalNum: items.length, data: items.map(view), errors: [] });
  router.get(`${LOCATION}/continents`, (_req, res) => whole(res, CONTINENTS, continentView));
  router.get(`${LOCATION}/continents/:id`, (req, res) => {
    const continent = CONTINENTS.find((candidate) => String(candidate.id) === req.params.id);
    if (!continent) throw notFound(`Continent ${req.params.id} not found`);
    single(res, continentView(continent));
  });
  router.get(`${LOCATION}/countries`, (_req, res) => whole(res, COUNTRIES, countryView));
  router.get(`${LOCATION}/countries/:id`, (req, res) => {
    const country = COUNTRIES.find((candidate) => String(candidate.id) === req.params.id);
    if (!country) throw notFound(`Country ${req.params.id} not found`);
    single(res, countryView(country));
  });
  router.get(`${LOCATION}/regions`, async (req, res) => {
    const countryId = Number(req.query.countryId);
    const catalog = await locationCatalog();
    const regions =
      req.query.countryId === undefined
        ? catalog.regions
        : catalog.regions.filter((region) => region.countryId === countryId);
    sendPage(
      req,
      res,
      regions,
      (region) => ({
        id: String(region.id),
        resourceType: 'region',
        name: region.name,
        countryId: String(region.countryId),
      }),
      { name: byName, id: byId },
      'totalNum',
      'name',
    );
  });
  router.get(`${LOCATION}/regions/:id`, async (req, res) => {
    const region = (await locationCatalog()).region(Number(req.params.id));
    if (!region) throw notFound(`Region ${req.params.id} not found`);
    single(res, {
      id: String(region.id),
      resourceType: 'region',
      name: region.name,
      countryId: String(region.countryId),
    });
  });
  router.get(`${LOCATION}/cities`, async (req, res) => {
    if (req.query.regionId === undefined) throw invalid('regionId is required');
    const cities = (await locationCatalog()).cities(Number(req.query.regionId));
    sendPage(
      req,
      res,
      cities,
      (city) => ({ id: String(city.id), resourceType: 'city', name: city.name, regionId: String(city.regionId) }),
      { name: byName, id: byId },
      'totalNum',
      'name',
    );
  });
  router.get(`${LOCATION}/cities/:id`, async (req, res) => {
    const city = (await locationCatalog()).city(Number(req.params.id));
    if (!city) throw notFound(`City ${req.params.id} not found`);
    single(res, { id: String(city.id), resourceType: 'city', name: city.name, regionId: String(city.regionId) });
  });

  // --- Reporting (asynchronous: 202 and Location, then poll)
  router.post(`${REPORTING}/reports`, (req, res) => {
    if (req.query.marketId === undefined) throw invalid('marketId is required');
    if (String(req.query.marketId) !== market) {
      throw new SandboxError(403, 'service', [
        `Market ${String(req.query.marketId)} is not accessible with these credentials`,
      ]);
    }
    const body = parse(ReportBody, req.body);
    if (body.aggregationType !== 'summary' && body.aggregationType !== 'daily') {
      throw invalid(`aggregationType ${body.aggregationType} is not offered by this sandbox (summary, daily)`);
    }
    const report: ReportRecord = {
      id: [8, 4, 4, 4, 11]
        .map((length) =>
          randomBytes(length)
            .toString('base64url')
            .toLowerCase()
            .replace(/[^a-z0-9]/g, '0')
            .slice(0, length),
        )
        .join('-'),
      rows: reportRows(body),
      expiresAt: now().getTime() + REPORT_LIFETIME_MS,
      pendingPolls: settings.reportPendingPolls,
    };
    state.reports.set(report.id, report);
    res
      .status(202)
      .setHeader('Location', `${req.baseUrl}${REPORTING}/reports/${report.id}`)
      .setHeader('Retry-After', '3')
      .end();
  });
  router.get(`${REPORTING}/reports/:id`, (req, res) => {
    const report = state.reports.get(req.params.id!);
    if (!report) throw new SandboxError(404, 'gateway', ['error_message_not_found']);
    if (now().getTime() > report.expiresAt) {
      throw notFound('Requested report is no longer available, 24 hour availability window has passed.');
    }
    if (report.pendingPolls > 0) {
      report.pendingPolls--;
      res.status(202).setHeader('Retry-After', '3').end();
      return;
    }
    res.json(report.rows);
  });

  function reportRows(body: z.output<typeof ReportBody>): Record<string, unknown>[] {
    const items = [...state.lineItems.values()];
    const ids = (type: string) =>
      new Set((body.filters ?? []).filter((f) => f.objectType === type).flatMap((f) => f.objectIds));
    const filtered = (body.filters ?? []).length > 0;
    const [advertiserIds, orderIds, itemIds, adIds, creativeIds] = [
      'advertiser',
      'insertionOrder',
      'lineItem',
      'ad',
      'creative',
    ].map(ids);
    const adItems = new Set(
      [...state.ads.values()]
        .filter(
          (ad) => adIds!.has(ad.id) || ad.body.creatives.some((creative) => creativeIds!.has(creative.creativeId)),
        )
        .map((ad) => ad.lineItemId),
    );
    const inScope = (item: LineItemRecord) =>
      !filtered ||
      advertiserIds!.has(item.advertiserId) ||
      orderIds!.has(item.insertionOrderId) ||
      itemIds!.has(item.id) ||
      adItems.has(item.id);
    const names = body.dimensions.map((dimension) => dimension.name);
    const level = names.some((name) => name.startsWith('lineItem'))
      ? 'lineItem'
      : names.some((name) => name.startsWith('insertionOrder'))
        ? 'insertionOrder'
        : 'advertiser';
    const groups: { advertiserId: string; insertionOrderId?: string; lineItemId?: string; lineItemIds: string[] }[] =
      [];
    if (level === 'lineItem') {
      for (const item of items.filter(inScope)) {
        groups.push({
          advertiserId: item.advertiserId,
          insertionOrderId: item.insertionOrderId,
          lineItemId: item.id,
          lineItemIds: [item.id],
        });
      }
    } else if (level === 'insertionOrder') {
      const orders = [...state.insertionOrders.values()].filter(
        (order) =>
          !filtered ||
          orderIds!.has(order.id) ||
          advertiserIds!.has(order.advertiserId) ||
          items.some((item) => item.insertionOrderId === order.id && inScope(item)),
      );
      for (const order of orders) {
        const members = items.filter((item) => item.insertionOrderId === order.id && inScope(item));
        groups.push({
          advertiserId: order.advertiserId,
          insertionOrderId: order.id,
          lineItemIds: (orderIds!.has(order.id) || advertiserIds!.has(order.advertiserId) || !filtered
            ? items.filter((item) => item.insertionOrderId === order.id)
            : members
          ).map((item) => item.id),
        });
      }
    } else {
      const advertisers = [...state.advertisers.values()].filter(
        (advertiser) =>
          !filtered ||
          advertiserIds!.has(advertiser.id) ||
          items.some((item) => item.advertiserId === advertiser.id && inScope(item)),
      );
      for (const advertiser of advertisers) {
        groups.push({
          advertiserId: advertiser.id,
          lineItemIds: items
            .filter((item) => item.advertiserId === advertiser.id && inScope(item))
            .map((item) => item.id),
        });
      }
    }
    const firstDay = body.startTime.slice(0, 10);
    const lastDay = body.endTime.slice(0, 10);
    const days: (string | null)[] = [];
    if (body.aggregationType === 'daily') {
      for (let day = Date.parse(`${firstDay}T00:00:00Z`); utcDay(day) <= lastDay; day += DAY_MS) days.push(utcDay(day));
    } else {
      days.push(null);
    }
    const rows: Record<string, unknown>[] = [];
    for (const day of days) {
      for (const group of groups) {
        const figures = ledger.total(group.lineItemIds, day ?? firstDay, day ?? lastDay);
        const row: Record<string, unknown> = day ? { day: day.replace(/-/g, '/') } : {};
        for (const dimension of body.dimensions) {
          const value = {
            advertiserId: Number(group.advertiserId),
            advertiserName: state.advertisers.get(group.advertiserId)?.body.name ?? '',
            insertionOrderId: group.insertionOrderId ?? '',
            insertionOrderName: state.insertionOrders.get(group.insertionOrderId ?? '')?.body.name ?? '',
            lineItemId: group.lineItemId ?? '',
            lineItemName: state.lineItems.get(group.lineItemId ?? '')?.body.name ?? '',
          }[dimension.name];
          row[dimension.outputName || dimension.name] = value;
        }
        for (const metric of body.metrics) {
          const value = {
            impressions: figures.impressions,
            clicks: figures.clicks,
            advertiserCost: figures.spend,
            ctr: figures.impressions > 0 ? figures.clicks / figures.impressions : 0,
            // The vendor answers "Infinity" for a cost per click without clicks.
            advertiserEcpc: figures.clicks > 0 ? figures.spend / figures.clicks : 'Infinity',
            advertiserEcpm: figures.impressions > 0 ? (figures.spend / figures.impressions) * 1000 : 0,
          }[metric.name];
          row[metric.outputName || metric.name] = value;
        }
        rows.push(row);
      }
    }
    return rows;
  }

  router.use((req, res) => sendError(req, res, 404, 'framework', [`No handler for ${req.method} ${req.path}`]));
  router.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (error instanceof SandboxError) return sendError(req, res, error.status, error.shape, error.messages);
    if (error instanceof multer.MulterError) return sendError(req, res, 400, 'service', [`file: ${error.message}`]);
    const status = (error as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // Unreadable JSON and the like fail in the framework, before the service sees them.
      return sendError(req, res, status, 'framework', [(error as Error).message]);
    }
    sendError(req, res, 500, 'framework', ['Internal Server Error']);
  });

  function controlRoutes(): Router {
    const control = express.Router();
    control.use(express.json());
    control.get('/', (_req, res) => {
      settle();
      res.json({
        now: now().toISOString(),
        offsetMs,
        settings,
        counts: {
          advertisers: state.advertisers.size,
          insertionOrders: state.insertionOrders.size,
          lineItems: state.lineItems.size,
          creatives: state.creatives.size,
          ads: state.ads.size,
          beacons: state.beacons.size,
          reports: state.reports.size,
        },
        faults,
      });
    });
    control.post('/reset', (_req, res) => {
      sandbox.reset();
      res.status(204).end();
    });
    control.get('/clock', (_req, res) => res.json({ now: now().toISOString(), offsetMs }));
    control.post('/clock', (req, res) => {
      const body = parse(ClockBody, req.body);
      const target = body.to
        ? Date.parse(body.to)
        : now().getTime() +
          (body.advanceMs ?? 0) +
          (body.advanceHours ?? 0) * 3_600_000 +
          (body.advanceDays ?? 0) * DAY_MS;
      if (target < now().getTime()) throw invalid('The sandbox clock only moves forward');
      sandbox.advance(target - now().getTime());
      res.json({ now: now().toISOString(), offsetMs });
    });
    control.get('/settings', (_req, res) => res.json(settings));
    control.post('/settings', (req, res) => {
      const body = parse(SettingsBody, req.body);
      // Delivery so far keeps the old parameters.
      settle();
      settings = {
        delivery: { ctr: body.ctr ?? settings.delivery.ctr, cpm: body.cpm ?? settings.delivery.cpm },
        reportPendingPolls: body.reportPendingPolls ?? settings.reportPendingPolls,
        rateLimitPerSecond:
          body.rateLimitPerSecond === undefined ? settings.rateLimitPerSecond : body.rateLimitPerSecond,
      };
      res.json(settings);
    });
    control.get('/faults', (_req, res) => res.json(faults));
    control.post('/faults', (req, res) => res.status(201).json(sandbox.addFault(parse(FaultBody, req.body))));
    control.delete('/faults', (_req, res) => {
      sandbox.clearFaults();
      res.status(204).end();
    });
    control.delete('/faults/:id', (req, res) => {
      faults = faults.filter((fault) => fault.id !== req.params.id);
      res.status(204).end();
    });
    control.get('/requests', (_req, res) => res.json(requestLog));
    control.delete('/requests', (_req, res) => {
      requestLog = [];
      res.status(204).end();
    });
    control.get('/delivery', (_req, res) => {
      settle();
      res.json(
        [...state.lineItems.values()].map((item) => ({
          insertionOrderId: item.insertionOrderId,
          lineItemId: item.id,
          ...ledger.total([item.id], '0000-00-00', '9999-99-99'),
        })),
      );
    });
    control.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
      if (error instanceof SandboxError) return sendError(req, res, error.status, 'service', error.messages);
      sendError(req, res, 400, 'framework', [(error as Error).message]);
    });
    return control;
  }

  function exportState(): AmobeeSandboxState {
    const records = <T>(map: Map<string, T>) => structuredClone([...map.values()]);
    const at = now().getTime();
    return {
      format: SNAPSHOT_FORMAT,
      version: 1,
      nextId: state.nextId,
      offsetMs,
      settledAt,
      advertisers: records(state.advertisers),
      insertionOrders: records(state.insertionOrders),
      lineItems: records(state.lineItems),
      assets: [...state.assets.values()].map((asset) => ({
        key: asset.key,
        mediaFormat: asset.mediaFormat,
        adSizeId: asset.adSize.id,
      })),
      creatives: records(state.creatives),
      ads: records(state.ads),
      beacons: records(state.beacons),
      reports: records(state.reports).filter((report) => report.expiresAt > at),
      ledger: ledger.export(),
    } as AmobeeSandboxState;
  }

  function restoreState(input: unknown): void {
    const saved = SandboxStateSchema.parse(input);
    const next = emptyState(options.firstId);
    const byId = <T extends { id: string }>(records: T[]) => new Map(records.map((record) => [record.id, record]));
    next.advertisers = byId(saved.advertisers) as typeof next.advertisers;
    next.insertionOrders = byId(saved.insertionOrders) as unknown as typeof next.insertionOrders;
    next.lineItems = byId(saved.lineItems) as unknown as typeof next.lineItems;
    next.creatives = byId(saved.creatives) as typeof next.creatives;
    next.ads = byId(saved.ads) as unknown as typeof next.ads;
    next.beacons = byId(saved.beacons) as typeof next.beacons;
    next.reports = byId(saved.reports);
    for (const asset of saved.assets) {
      const adSize = AD_SIZES.find((size) => size.id === asset.adSizeId);
      if (!adSize) throw new Error(`Creative asset ${asset.key}: ad size ${asset.adSizeId} is not a sandbox ad size`);
      next.assets.set(asset.key, { key: asset.key, mediaFormat: asset.mediaFormat, adSize });
    }
    // The answers read each object's parent: every one must be there.
    const missing = [
      ...saved.insertionOrders.filter((order) => !next.advertisers.has(order.advertiserId)),
      ...saved.lineItems.filter((item) => !next.insertionOrders.has(item.insertionOrderId)),
      ...saved.creatives.filter((creative) => !next.advertisers.has(creative.advertiserId)),
      ...saved.ads.filter((ad) => !next.lineItems.has(ad.lineItemId)),
      ...saved.beacons.filter((beacon) => !next.advertisers.has(beacon.advertiserId)),
    ];
    if (missing.length > 0) throw new Error(`Objects whose parent is missing: ${missing.map((m) => m.id).join(', ')}`);
    // Ids continue after the highest kept, whatever the saved counter says.
    const highest = Math.max(
      0,
      ...[next.advertisers, next.insertionOrders, next.lineItems, next.creatives, next.ads, next.beacons].flatMap(
        (map) => [...map.keys()].map(Number),
      ),
    );
    next.nextId = Math.max(saved.nextId, highest + 1);
    state = next;
    offsetMs = saved.offsetMs;
    ledger.restore(saved.ledger as LedgerEntries);
    settledAt = saved.settledAt;
    rateWindows.clear();
  }

  let faultCount = 0;
  const sandbox: AmobeeSandbox = {
    router,
    now,
    advance(milliseconds) {
      settle();
      offsetMs += Math.max(0, milliseconds);
      settle();
      changed();
    },
    addFault(input) {
      const fault = FaultBody.parse(input);
      const stored: SandboxFault = {
        ...fault,
        id: `fault-${++faultCount}`,
        remaining: fault.always ? null : (fault.times ?? 1),
      };
      faults.push(stored);
      return stored;
    },
    clearFaults() {
      faults = [];
    },
    requests: () => [...requestLog],
    reset() {
      state = emptyState(options.firstId);
      faults = [];
      requestLog = [];
      offsetMs = 0;
      settings = structuredClone(defaults);
      ledger.clear();
      rateWindows.clear();
      settledAt = now().getTime();
      changed();
    },
    exportState,
    restoreState,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return sandbox;
}

export interface RunningAmobeeSandbox {
  /** The base URL to give the client, e.g. http://127.0.0.1:41234. */
  url: string;
  sandbox: AmobeeSandbox;
  close(): Promise<void>;
}

/** The sandbox alone on its own port (tests, demos): 127.0.0.1 and a free port unless told. */
export async function startAmobeeSandbox(
  options: AmobeeSandboxOptions & { port?: number; host?: string },
): Promise<RunningAmobeeSandbox> {
  const sandbox = createAmobeeSandbox(options);
  const app = express();
  app.disable('x-powered-by');
  app.use(sandbox.router);
  const host = options.host ?? '127.0.0.1';
  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(options.port ?? 0, host, () => resolve(listening));
    listening.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    sandbox,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
