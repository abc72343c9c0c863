import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { parse as parseQueryString } from 'node:querystring';
import type { Request, Response } from 'express';
import { ContainerModule, type Container, type ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import {
  CAMPAIGN_PAGE_CHANGED_TOPIC,
  linkPreviewOf,
  type CampaignPageChange,
  type CampaignPageService,
  type CampaignPageSnapshot,
} from '@causeway/core/campaigns/campaign-page.service';
import type { CampaignPage } from '@causeway/core/contracts/campaigns.contract';
import type { LeaderboardResponse, PublicFundraiserPage } from '@causeway/core/contracts/fundraiser-pages.contract';
import {
  fundraiserLinkPreviewOf,
  type FundraiserPageService,
  type FundraiserPageSnapshot,
} from '@causeway/core/promotion/fundraiser-page.service';
import { PublicCampaignListQuery, type PublicCampaign } from '@causeway/core/contracts/payments.contract';
import type { CampaignDirectoryService, LiveListQuery } from '@causeway/core/reporting/campaign-directory.service';
import type { KeptRead } from '@causeway/core/shared/kept-reads';
import type { Page } from '@causeway/core/shared/paging';
import { Id } from '@causeway/core/shared/primitives';
import type { EventBus } from '@causeway/core/ports/event-bus.port';
import { requestIdOf } from '../../http/request-id';
import { requestLogLevel } from '../../http/request-log-level';
import { parseInput } from '../../http/route';
import { indexHtml, shellDistOf, withLinkPreview } from '../../http/web-assets';
import { TYPES } from '../../types';
import { FUNDRAISER_PAGE_SERVICE } from '../promotion.module';
import { builtResponse, sendBuilt, type BuiltResponse } from './built-response';

/** How long a page's HTML is answered before it is built again though its page did not change. */
const HTML_REBUILD_MS = 60_000;

/** A page's HTML may be held by a CDN a moment: it carries the preview tags and the figures of its build. */
export const CAMPAIGN_HTML_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60';

export interface PublicPagesOptions {
  pages: CampaignPageService;
  /** The live campaign list (`GET /api/campaigns`), kept by the directory. */
  directory?: Pick<CampaignDirectoryService, 'liveSnapshot'>;
  /** The built shell's index.html (the page is answered by the usual routes while there is none). */
  indexPath: string;
  /**
   * The campaign's content as HTML, painted before any script runs (none when not given): its markup, and
   * its data with the instant it was read.
   */
  prerender?: (page: CampaignPage, readAt: number) => Promise<{ markup: string; data: string }>;
  /** Promoters' fundraising pages and campaigns' leaderboards, kept as the campaign page is. */
  fundraisers?: Pick<FundraiserPageService, 'snapshot' | 'leaderboard' | 'pageUrl'>;
  /** A fundraising page's content as HTML, painted before any script runs. */
  prerenderFundraiser?: (fundraiser: PublicFundraiserPage, readAt: number) => Promise<{ markup: string; data: string }>;
  now?: () => number;
}

/** The live list's JSON may be kept by a browser, and asked again with its ETag (as the page's JSON). */
export const CAMPAIGN_LIST_CACHE_CONTROL = 'no-cache';

/**
 * The public campaign page's answers, built once per change of the page and kept beside its snapshot:
 * the JSON of `GET /api/campaigns/{id}/page` and the HTML of `/campaign/{id}/details/` (with its preview
 * tags and its content), each with its ETag and compressed copies; and the live list's pages
 * (`GET /api/campaigns`), built once per change of each.
 */
export function publicPagesFactory({
  pages,
  directory,
  indexPath,
  prerender,
  fundraisers,
  prerenderFundraiser,
  now = Date.now,
}: PublicPagesOptions) {
  const leaderboards = new WeakMap<LeaderboardResponse, BuiltResponse>();
  const fundraiserBuilt = new WeakMap<
    FundraiserPageSnapshot,
    { json?: BuiltResponse; html?: { index: string; builtAt: number; response: Promise<BuiltResponse> } }
  >();
  const fundraiserKeptFor = (snapshot: FundraiserPageSnapshot) => {
    let kept = fundraiserBuilt.get(snapshot);
    if (!kept) fundraiserBuilt.set(snapshot, (kept = {}));
    return kept;
  };
  const lists = new WeakMap<KeptRead<Page<PublicCampaign>>, BuiltResponse>();
  const built = new WeakMap<
    CampaignPageSnapshot,
    { json?: BuiltResponse; html?: { index: string; builtAt: number; response: Promise<BuiltResponse> } }
  >();
  const keptFor = (snapshot: CampaignPageSnapshot) => {
    let kept = built.get(snapshot);
    if (!kept) built.set(snapshot, (kept = {}));
    return kept;
  };
  return {
    /** A page of the live list, as `GET /api/campaigns` answers it (null without a directory). */
    async list(query: LiveListQuery): Promise<BuiltResponse | null> {
      if (!directory) return null;
      const snapshot = await directory.liveSnapshot(query);
      let built = lists.get(snapshot);
      if (!built) {
        const { items, nextCursor } = snapshot.value;
        built = builtResponse(JSON.stringify({ campaigns: items, nextCursor }), {
          type: 'application/json; charset=utf-8',
          cacheControl: CAMPAIGN_LIST_CACHE_CONTROL,
        });
        lists.set(snapshot, built);
      }
      return built;
    },

    /** The page's JSON answer, or null when there is no such live campaign. */
    async json(campaignId: string): Promise<BuiltResponse | null> {
      const snapshot = await pages.snapshot(campaignId);
      if (!snapshot.page) return null;
      const kept = keptFor(snapshot);
      kept.json ??= builtResponse(JSON.stringify({ page: snapshot.page }), {
        type: 'application/json; charset=utf-8',
        cacheControl: 'no-cache',
      });
      return kept.json;
    },

    /** The page's HTML, or null when there is no such live campaign or no built shell. */
    async html(campaignId: string): Promise<BuiltResponse | null> {
      const index = indexHtml(indexPath);
      if (index === null) return null;
      const snapshot = await pages.snapshot(campaignId);
      if (!snapshot.page) return null;
      const kept = keptFor(snapshot);
      const at = now();
      // Built again when the shell was, and every minute (the days left are counted at the build).
      if (kept.html?.index !== index || at - kept.html.builtAt >= HTML_REBUILD_MS) {
        const page = snapshot.page;
        const building = (async () => {
          const { markup, data } = prerender ? await prerender(page, snapshot.readAt) : { markup: '', data: '' };
          const html = withLinkPreview(index, linkPreviewOf(page, pages.pageUrl(campaignId)), markup + data);
          return builtResponse(html, {
            type: 'text/html; charset=utf-8',
            cacheControl: CAMPAIGN_HTML_CACHE_CONTROL,
            // The ETag follows what the page shows (the shell, the painted campaign, its data), not when
            // the data was read: a page read again that shows the same is the same page.
            tag: [index, markup, JSON.stringify(page)].join('\0'),
          });
        })();
        kept.html = { index, builtAt: at, response: building };
        // A failed build is not kept: the next reader builds again.
        building.catch(() => {
          if (kept.html?.response === building) kept.html = undefined;
        });
      }
      return kept.html.response;
    },

    /** A campaign's leaderboard as JSON (null without fundraising pages). */
    async leaderboard(campaignId: string): Promise<BuiltResponse | null> {
      if (!fundraisers) return null;
      const value = await fundraisers.leaderboard(campaignId);
      let built = leaderboards.get(value);
      if (!built) {
        built = builtResponse(JSON.stringify(value), {
          type: 'application/json; charset=utf-8',
          cacheControl: 'no-cache',
        });
        leaderboards.set(value, built);
      }
      return built;
    },

    /** A fundraising page's JSON, or null when there is none to show (the usual route answers 404). */
    async fundraiserJson(campaignId: string, promoterId: string): Promise<BuiltResponse | null> {
      if (!fundraisers) return null;
      const snapshot = await fundraisers.snapshot(campaignId, promoterId);
      if (!snapshot.fundraiser) return null;
      const kept = fundraiserKeptFor(snapshot);
      kept.json ??= builtResponse(JSON.stringify({ fundraiser: snapshot.fundraiser }), {
        type: 'application/json; charset=utf-8',
        cacheControl: 'no-cache',
      });
      return kept.json;
    },

    /** A fundraising page's HTML with its link preview, or null when there is none to show or no built shell. */
    async fundraiserHtml(campaignId: string, promoterId: string): Promise<BuiltResponse | null> {
      if (!fundraisers) return null;
      const index = indexHtml(indexPath);
      if (index === null) return null;
      const snapshot = await fundraisers.snapshot(campaignId, promoterId);
      if (!snapshot.fundraiser) return null;
      const kept = fundraiserKeptFor(snapshot);
      const at = now();
      if (kept.html?.index !== index || at - kept.html.builtAt >= HTML_REBUILD_MS) {
        const fundraiser = snapshot.fundraiser;
        const building = (async () => {
          const { markup, data } = prerenderFundraiser
            ? await prerenderFundraiser(fundraiser, snapshot.readAt)
            : { markup: '', data: '' };
          const preview = fundraiserLinkPreviewOf(fundraiser, fundraisers.pageUrl(campaignId, promoterId));
          return builtResponse(withLinkPreview(index, preview, markup + data), {
            type: 'text/html; charset=utf-8',
            cacheControl: CAMPAIGN_HTML_CACHE_CONTROL,
            tag: [index, markup, JSON.stringify(fundraiser)].join('\0'),
          });
        })();
        kept.html = { index, builtAt: at, response: building };
        building.catch(() => {
          if (kept.html?.response === building) kept.html = undefined;
        });
      }
      return kept.html.response;
    },
  };
}
export type PublicPages = ReturnType<typeof publicPagesFactory>;

export const PUBLIC_PAGES: ServiceIdentifier<PublicPages> = Symbol.for('causeway.PublicPages');

/** React's server renderer loads with the first page painted, not at start. */
const prerenderCampaignPage = async (page: CampaignPage, readAt: number) =>
  (await import('./campaign-page.prerender')).prerenderCampaignPage(page, readAt);
const prerenderFundraiserPage = async (fundraiser: PublicFundraiserPage, readAt: number) =>
  (await import('./fundraiser-page.prerender')).prerenderFundraiserPage(fundraiser, readAt);

/** The public campaign page's built answers. */
export const publicPagesModule = (options: { root?: string } = {}) =>
  new ContainerModule(({ bind }) => {
    bind(PUBLIC_PAGES)
      .toDynamicValue((context) =>
        publicPagesFactory({
          pages: context.get(TYPES.CampaignPageService),
          directory: context.get(TYPES.CampaignDirectoryService),
          indexPath: join(shellDistOf(options.root), 'index.html'),
          prerender: prerenderCampaignPage,
          fundraisers: context.get(FUNDRAISER_PAGE_SERVICE),
          prerenderFundraiser: prerenderFundraiserPage,
        }),
      )
      .inSingletonScope();
  });

/**
 * Every instance drops its copy of a changed page and of the live list's pages: a change is forgotten
 * here at once and published on the event bus for the others (each hears its own too, harmlessly).
 * Answers what stops following.
 */
export async function followCampaignPageChanges(
  container: Container,
  logger: Logger,
): Promise<{ changed(change: CampaignPageChange): void; stop(): Promise<void> }> {
  const eventBus: EventBus = container.get(TYPES.EventBus);
  const forget = (change: CampaignPageChange) => {
    container.get(TYPES.CampaignPageService).forget(change);
    container.get(TYPES.CampaignDirectoryService).forget(change);
    container.get(FUNDRAISER_PAGE_SERVICE).forget(change);
  };
  const stop = await eventBus.subscribe(CAMPAIGN_PAGE_CHANGED_TOPIC, ({ payload }) => {
    const ids = (value: unknown) => (Array.isArray(value) ? value.filter((id) => typeof id === 'string') : []);
    forget({
      campaignIds: ids(payload.campaignIds),
      organizationIds: ids(payload.organizationIds),
      figuresOnly: ids(payload.figuresOnly),
    });
  });
  return {
    changed(change) {
      forget(change);
      eventBus
        .publish({ topic: CAMPAIGN_PAGE_CHANGED_TOPIC, payload: { ...change } })
        .catch((error: unknown) =>
          logger.warn({ err: error, change }, 'Other instances could not be told of a campaign page change'),
        );
    },
    stop,
  };
}

const HTML_PAGE = /^\/campaign\/([^/?#]+)\/details\/?(?:\?.*)?$/;
const JSON_PAGE = /^\/api\/campaigns\/([^/?#]+)\/page(?:\?.*)?$/;
const LIVE_LIST = /^\/api\/campaigns\/?(?:\?(.*))?$/;
const FUNDRAISER_HTML = /^\/campaign\/([^/?#]+)\/fundraisers\/([^/?#]+)\/?(?:\?.*)?$/;
const FUNDRAISER_JSON = /^\/api\/campaigns\/([^/?#]+)\/fundraisers\/([^/?#]+)\/page(?:\?.*)?$/;
const LEADERBOARD = /^\/api\/campaigns\/([^/?#]+)\/fundraisers(?:\?.*)?$/;

/** The live list's query as the usual route reads it (Express's simple parser, the contract), or null when it would refuse it. */
function liveListQueryOf(search: string | undefined): LiveListQuery | null {
  try {
    return parseInput(PublicCampaignListQuery, search ? parseQueryString(search) : {}, 'query');
  } catch {
    return null;
  }
}

/** Ids of plain letters, digits, `-` and `_` only (every id the app makes): anything else goes the usual way. */
const PLAIN_ID = /^[A-Za-z0-9_-]{1,128}$/;
const campaignIdOf = (encoded: string): string | null =>
  PLAIN_ID.test(encoded) && Id.safeParse(encoded).success ? encoded : null;

const acceptsHtml = (req: IncomingMessage) => {
  const accept = req.headers.accept;
  return !accept || accept.includes('text/html') || accept.includes('*/*') || accept.includes('text/*');
};

/** What a public read asks for: its built answer (null: the usual routes answer), or null when it is not one. */
function publicReadOf(
  req: IncomingMessage,
  url: string,
  publicPages: PublicPages,
): (() => Promise<BuiltResponse | null>) | null {
  if (url.startsWith('/campaign/')) {
    const fundraiser = FUNDRAISER_HTML.exec(url);
    if (fundraiser) {
      const campaignId = acceptsHtml(req) ? campaignIdOf(fundraiser[1]!) : null;
      const promoterId = campaignIdOf(fundraiser[2]!);
      return campaignId === null || promoterId === null
        ? null
        : () => publicPages.fundraiserHtml(campaignId, promoterId);
    }
    const match = HTML_PAGE.exec(url);
    const campaignId = match && acceptsHtml(req) ? campaignIdOf(match[1]!) : null;
    return campaignId === null ? null : () => publicPages.html(campaignId);
  }
  if (!url.startsWith('/api/campaigns')) return null;
  const fundraiser = FUNDRAISER_JSON.exec(url);
  if (fundraiser) {
    const campaignId = campaignIdOf(fundraiser[1]!);
    const promoterId = campaignIdOf(fundraiser[2]!);
    return campaignId === null || promoterId === null ? null : () => publicPages.fundraiserJson(campaignId, promoterId);
  }
  const board = LEADERBOARD.exec(url);
  if (board) {
    const campaignId = campaignIdOf(board[1]!);
    return campaignId === null ? null : () => publicPages.leaderboard(campaignId);
  }
  const page = JSON_PAGE.exec(url);
  if (page) {
    const campaignId = campaignIdOf(page[1]!);
    return campaignId === null ? null : () => publicPages.json(campaignId);
  }
  const list = LIVE_LIST.exec(url);
  const query = list ? liveListQueryOf(list[1]) : null;
  return query === null ? null : () => publicPages.list(query);
}

/**
 * The public campaign page's two reads and the live campaign list, answered first and from memory: no
 * session, cookie or body parsing (they show the same to everyone), the app's security headers as
 * computed once, and the request's one log line with its id. Anything else (an unknown campaign, an id
 * or a query the route refuses, a shell not built) goes on to the usual routes.
 */
export function publicPageFastPath({
  publicPages,
  headers,
  logger,
}: {
  publicPages: PublicPages;
  /** The security headers every page gets (helmet's), as name and value. */
  headers: readonly (readonly [string, string])[];
  logger: Logger;
}) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = req.url ?? '';
    const read = publicReadOf(req, url, publicPages);
    if (!read) return next();
    const startedAt = performance.now();
    void read().then(
      (built) => {
        if (!built) return next();
        const id = requestIdOf(req);
        const status = sendBuilt(req, res, built, headers, id);
        const path = url.split('?')[0]!;
        logger[requestLogLevel(path, status)](
          {
            req: { id, method: req.method, url },
            res: { statusCode: status },
            responseTime: performance.now() - startedAt,
          },
          `${req.method} ${path} ${status} ${Math.round(performance.now() - startedAt)} ms`,
        );
      },
      // A failed read (a cursor no list answered, a store's failure) goes the usual way, which answers
      // it with the app's error shape.
      () => next(),
    );
  };
}

/** The headers a middleware sets on every answer (helmet's), computed once. */
export function headersOf(middleware: (req: Request, res: Response, next: () => void) => void): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
    getHeader: () => undefined,
    locals: {},
  } as unknown as Response;
  middleware({ headers: {}, method: 'GET' } as Request, res, () => undefined);
  return headers;
}
