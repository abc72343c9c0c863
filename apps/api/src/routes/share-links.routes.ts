import { Router, type Response } from 'express';
import { FundraiserParams } from '@causeway/core/contracts/fundraiser-pages.contract';
import { IdParams } from '@causeway/core/contracts/people.contract';
import { ShareCodeParams } from '@causeway/core/contracts/promotion.contract';
import type { PromotionService } from '@causeway/core/promotion/promotion.service';

/** What an unknown short link answers: a page a person can read, with a real 404 status. */
export const UNKNOWN_SHARE_LINK_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>Link not found · Causeway</title>
    <style>
      body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f6f5f1;
        font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2a2e; }
      main { max-width: 30rem; margin: 1.5rem; padding: 2rem; background: #fff; border-radius: 12px;
        box-shadow: 0 1px 3px rgb(0 0 0 / 12%); }
      h1 { margin: 0 0 .5rem; font-size: 1.5rem; }
      p { margin: 0 0 1rem; }
      a { color: #0f5c5e; font-weight: 600; }
    </style>
  </head>
  <body>
    <main>
      <h1>This link doesn’t lead anywhere</h1>
      <p>The share link you followed is not one of ours, or it was mistyped. Check the address, or ask the
        person who shared it for the link again.</p>
      <p><a href="/">Go to Causeway</a></p>
    </main>
  </body>
</html>
`;

/**
 * Short share links, `GET /s/{code}`: the click is counted, then the visitor is sent (302) to the
 * campaign page with the promoter and UTM parameters. A HEAD request or a link previewer is not a click.
 */
/**
 * Sends the visitor of a short link on (302) to where it leads, or answers the unknown link's page (404).
 * Every visit asks again, so each click reaches the server and is counted.
 */
function sendOn(res: Response, found: { location: string } | null): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex');
  if (!found) {
    res.status(404).type('html').send(UNKNOWN_SHARE_LINK_PAGE);
    return;
  }
  res.redirect(302, found.location);
}

export function shareLinkRoutes({ promotions }: { promotions: PromotionService }): Router {
  const router = Router();
  router.get('/s/:code', async (req, res) => {
    const params = ShareCodeParams.safeParse(req.params);
    const found = params.success
      ? await promotions.follow(params.data.code, {
          userAgent: req.get('user-agent'),
          counts: req.method === 'GET',
        })
      : null;
    sendOn(res, found);
  });
  /** A live campaign's own QR code, `GET /q/{campaignId}`: counted as a click of channel qr, then sent on. */
  router.get('/q/:id', async (req, res) => {
    const params = IdParams.safeParse(req.params);
    const found = params.success
      ? await promotions.followCampaignQr(params.data.id, {
          userAgent: req.get('user-agent'),
          counts: req.method === 'GET',
        })
      : null;
    sendOn(res, found);
  });
  /**
   * A promoter's fundraising page's QR code, `GET /q/{campaignId}/{promoterId}`: counted as their click of
   * channel qr, then sent on to their page (the campaign page while it is not shown), crediting them.
   */
  router.get('/q/:id/:promoterId', async (req, res) => {
    const params = FundraiserParams.safeParse(req.params);
    const found = params.success
      ? await promotions.followFundraiserQr(params.data.id, params.data.promoterId, {
          userAgent: req.get('user-agent'),
          counts: req.method === 'GET',
        })
      : null;
    sendOn(res, found);
  });
  return router;
}
