import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Router, type RequestHandler } from 'express';
import { CAMPAIGN_PATHS, DONATE_BUTTON_SCRIPT_PATH } from '@causeway/core/contracts/campaign-screens';
import type { DonateFormService } from '@causeway/core/donations/donate-form.service';
import { Id } from '@causeway/core/shared/primitives';
import { DomainError } from '@causeway/core/shared/errors';
import { withFrameAncestors } from '../http/framing';
import { DONATE_FORM_SCRIPT_PATH, donateFormHtml } from '../modules/public-pages/donate-form.page';
import { REPO_ROOT } from '../repo-root';

const BROWSER_SCRIPTS = join(REPO_ROOT, 'apps', 'api', 'src', 'modules', 'public-pages', 'browser');

const MISSING_FORM_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Not found</title></head>
<body style="font:15px/1.5 system-ui,sans-serif;margin:18px">
<p>This campaign is not taking gifts here: it does not exist, or it has ended and been removed.</p>
</body></html>
`;

/** A script of the donate form, read once; `crossOrigin` when other sites load it (the Donate button). */
function scriptOf(file: string, { crossOrigin }: { crossOrigin: boolean }): RequestHandler {
  let source: string | null = null;
  return (_req, res) => {
    source ??= readFileSync(join(BROWSER_SCRIPTS, file), 'utf8');
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    // Not fingerprinted: pasted once into other sites, so a fix reaches them within minutes.
    res.setHeader('Cache-Control', 'public, max-age=300');
    if (crossOrigin) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.send(source);
  };
}

/**
 * The donate form for other sites (`GET /campaign/{id}/donate-form`): framed only by the platform and
 * the sites its organization lists (`frame-ancestors`, no X-Frame-Options), every other page keeping
 * the platform's refusal; and the scripts of the form and of the Donate button a nonprofit pastes.
 * The page around it (`?return=`, which the Donate button sets, else the Referer a plain frame sends)
 * is where the donor comes back to after giving, when it is a page of a listed site.
 */
export function donateFormRoutes({ forms }: { forms: Pick<DonateFormService, 'form'> }): Router {
  const router = Router();
  router.get('/campaign/:id/donate-form', async (req, res) => {
    const id = Id.safeParse(req.params.id);
    res.setHeader('X-Robots-Tag', 'noindex');
    const form = id.success
      ? await forms.form(id.data, { returnFrom: [req.query.return, req.get('referer')] }).catch((error: unknown) => {
          if (error instanceof DomainError && error.code === 'not_found') return null;
          throw error;
        })
      : null;
    if (!form) {
      res.status(404).type('html').send(MISSING_FORM_PAGE);
      return;
    }
    const policy = String(res.getHeader('Content-Security-Policy') ?? '');
    res.setHeader('Content-Security-Policy', withFrameAncestors(policy, form.frameAncestors));
    res.removeHeader('X-Frame-Options');
    // A site that isolates itself (COEP) may still frame it; its own listing is what lets it.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    // The raised amount and the organization's sites change: asked again each time.
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(donateFormHtml(form.page, CAMPAIGN_PATHS.page(form.page.campaignId), form.returnUrl));
  });
  router.get(DONATE_FORM_SCRIPT_PATH, scriptOf('donate-form.js', { crossOrigin: false }));
  router.get(DONATE_BUTTON_SCRIPT_PATH, scriptOf('donate-button.js', { crossOrigin: true }));
  return router;
}
