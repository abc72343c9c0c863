import { existsSync, readFileSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { LinkPreview } from '@causeway/core/campaigns/campaign-page.service';
import { sendBuilt, type BuiltResponse } from '../modules/public-pages/built-response';

import { REPO_ROOT } from '../repo-root';
export const REMOTES = ['campaigner', 'donor', 'admin', 'reporting'] as const;

/** Paths the shell never answers: they belong to the API and the servers beside it. */
const NOT_THE_SHELL = /^\/(api|remotes|sandbox|dev|files|healthz|readyz)(\/|$)/;

/** The public campaign page (SPEC §2): its links are shared, so it is served with its preview tags. */
const CAMPAIGN_PAGE = /^\/campaign\/([^/]+)\/details\/?$/;
/** A promoter's fundraising page, shared likewise. */
const FUNDRAISER_PAGE = /^\/campaign\/([^/]+)\/fundraisers\/([^/]+)\/?$/;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * The shell's index.html with a campaign's title and Open Graph and Twitter card tags, and `content`
 * (the campaign's prerendered HTML) in its root element.
 */
export function withLinkPreview(html: string, preview: LinkPreview, content = ''): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const tags = [
    meta('name', 'description', preview.description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Causeway'),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', preview.url),
    ...(preview.image ? [meta('property', 'og:image', preview.image)] : []),
    meta('name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    ...(preview.image ? [meta('name', 'twitter:image', preview.image)] : []),
    `<link rel="canonical" href="${escapeHtml(preview.url)}">`,
  ].join('\n    ');
  return html
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(preview.title)}</title>`)
    .replace('</head>', `    ${tags}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${content}</div>`);
}

/** Where the built shell is. */
export const shellDistOf = (root = REPO_ROOT) => join(root, 'shells', 'web', 'dist');

export interface WebAssetOptions {
  /** A live campaign's page (its preview tags and content), or null when it does not exist (404). */
  campaignPage?: (campaignId: string) => Promise<BuiltResponse | null>;
  /** A fundraising page (its preview tags and content), or null when there is none to show (404). */
  fundraiserPage?: (campaignId: string, promoterId: string) => Promise<BuiltResponse | null>;
}

/**
 * Serves the built shell at / (with a fallback to its index.html for client-side routes) and each
 * remote's build at /remotes/<name>/. Hashed assets are cached for a year; entry files never. The
 * campaign page gets its link preview tags, and a 404 status when there is no such campaign.
 */
export function webAssetRoutes(root = REPO_ROOT, options: WebAssetOptions = {}): Router {
  const router = Router();
  // The builds' brotli and gzip copies (`.br`, `.gz`) are named after the file they stand for.
  const noCache = (path: string) => /(index\.html|remoteEntry\.js|mf-manifest\.json)(\.br|\.gz)?$/.test(path);
  const staticOptions = {
    index: false,
    setHeaders: (res: ServerResponse, path: string) => {
      res.setHeader('Cache-Control', noCache(path) ? 'no-cache' : 'public, max-age=31536000, immutable');
    },
  };
  /** A build's files, each sent as its precompressed copy when the browser accepts that encoding. */
  const serveBuild = (dist: string) =>
    expressStaticGzip(dist, {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      index: false,
      serveStatic: staticOptions,
    });
  for (const remote of REMOTES) {
    const dist = join(root, 'apps', remote, 'dist');
    router.use(`/remotes/${remote}`, serveBuild(dist));
  }
  const shellDist = shellDistOf(root);
  router.use(serveBuild(shellDist));
  router.get(/.*/, (req, res, next) => {
    if (NOT_THE_SHELL.test(req.path) || !req.accepts('html')) return next();
    const index = join(shellDist, 'index.html');
    if (!existsSync(index)) {
      res
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm start` (it builds what is missing) or `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    const campaign = CAMPAIGN_PAGE.exec(req.path);
    const fundraiser = FUNDRAISER_PAGE.exec(req.path);
    const built =
      campaign && options.campaignPage
        ? () => options.campaignPage!(decodeURIComponent(campaign[1]!))
        : fundraiser && options.fundraiserPage
          ? () => options.fundraiserPage!(decodeURIComponent(fundraiser[1]!), decodeURIComponent(fundraiser[2]!))
          : null;
    if (!built) return res.sendFile(index);
    void (async () => {
      const page = await built();
      // The page itself says the campaign is gone; the status tells crawlers and link previewers.
      if (!page)
        res
          .status(404)
          .type('html')
          .send(indexHtml(index) ?? '');
      else sendBuilt(req, res, page);
    })().catch(next);
  });
  return router;
}

let cachedIndex: { path: string; modified: number; checkedAt: number; html: string | null } | null = null;

/**
 * The shell's index.html, or null while it is not built: read again only when a build replaced it
 * (its time looked at once a second at most, so a page served from memory costs no file system call).
 */
export function indexHtml(path: string): string | null {
  const at = Date.now();
  if (cachedIndex?.path === path && at - cachedIndex.checkedAt < 1_000) return cachedIndex.html;
  let modified: number;
  try {
    modified = statSync(path).mtimeMs;
  } catch {
    cachedIndex = { path, modified: Number.NaN, checkedAt: at, html: null };
    return null;
  }
  if (cachedIndex?.path !== path || cachedIndex.modified !== modified) {
    cachedIndex = { path, modified, checkedAt: at, html: readFileSync(path, 'utf8') };
  } else cachedIndex.checkedAt = at;
  return cachedIndex.html;
}
