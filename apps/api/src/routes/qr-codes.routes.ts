import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { Actor } from '@causeway/core/auth/authorization';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import { IdParams } from '@causeway/core/contracts/people.contract';
import type { FundraiserPageService } from '@causeway/core/promotion/fundraiser-page.service';
import type { PromotionService } from '@causeway/core/promotion/promotion.service';
import { requireActor } from '../http/actor';
import { qrFileName, qrImage, QR_DEFAULT_SIZE, QR_MAX_SIZE, QR_MIN_SIZE, type QrFormat } from '../http/qr-image';
import { parseInput } from '../http/route';

const QrQuery = z.object({
  /** The PNG's width in pixels (the SVG scales freely; this is its nominal size). */
  size: z.coerce.number().int().min(QR_MIN_SIZE).max(QR_MAX_SIZE).default(QR_DEFAULT_SIZE),
});

const FORMATS: QrFormat[] = ['png', 'svg'];

type QrLink = (actor: Actor, campaignId: string) => Promise<{ url: string; campaignName: string }>;

/**
 * QR codes to print, as PNG and SVG downloads: a live campaign's own (`/q/{id}`, for its campaigners),
 * a promoter's (their short link of channel `qr`) and a promoter's fundraising page's
 * (`/q/{id}/{promoterId}`). A scan is counted as a click of channel qr.
 */
export function qrCodeRoutes({
  promotions,
  fundraisers,
  registry,
}: {
  promotions: PromotionService;
  fundraisers: Pick<FundraiserPageService, 'qrLink'>;
  registry: OpenAPIRegistry;
}) {
  const router = Router();

  const serve =
    (link: QrLink, format: QrFormat, kind?: string) =>
    async (req: Request, res: Response, next: (e: unknown) => void) => {
      try {
        const { id } = parseInput(IdParams, req.params, 'params');
        const { size } = parseInput(QrQuery, req.query, 'query');
        const { url, campaignName } = await link(requireActor(res), id);
        const { body, contentType } = await qrImage(url, format, size);
        res.setHeader('Content-Type', contentType);
        res.setHeader('Content-Disposition', `attachment; filename="${qrFileName(campaignName, format, kind)}"`);
        // The code of a link never changes; it is kept a day by the signed-in browser only.
        res.setHeader('Cache-Control', 'private, max-age=86400');
        res.send(body);
      } catch (error) {
        next(error);
      }
    };

  const routes: {
    path: string;
    express: string;
    tag: string;
    link: QrLink;
    /** Said in the file name when the code opens something other than the campaign page. */
    kind?: string;
    summary: string;
    description: string;
  }[] = [
    {
      tag: 'Promotion',
      path: '/api/campaigns/{id}/qr',
      express: '/api/campaigns/:id/qr',
      link: (actor, id) => promotions.campaignQrLink(actor, id),
      summary: "A live campaign's QR code",
      description:
        'Encodes `{host}/q/{id}`: a scan is counted as a click of channel `qr` (no promoter) and leads to the ' +
        "campaign page with `utm_source=qr`, so gifts made there are reported under that channel. For the campaign's " +
        'organization and platform staff; 404 when the campaign is unknown or not live.',
    },
    {
      tag: 'Promotion',
      path: '/api/promotions/{id}/qr',
      express: '/api/promotions/:id/qr',
      link: (actor, id) => promotions.promoterQrLink(actor, id),
      summary: "The signed-in promoter's QR code for a campaign they promote (`id`: the campaign)",
      description:
        'Encodes their short link of channel `qr` (`{host}/s/{code}`): a scan is their click of that channel and ' +
        'gifts made after it are credited to them. 404 when the campaign is not live or they do not promote it.',
    },
    {
      tag: 'Fundraising pages',
      path: '/api/campaigns/{id}/fundraisers/me/qr',
      express: '/api/campaigns/:id/fundraisers/me/qr',
      link: (actor, id) => fundraisers.qrLink(actor, id),
      kind: 'fundraiser',
      summary: "The QR code of the signed-in promoter's fundraising page for a campaign they promote",
      description:
        'Encodes `{host}/q/{id}/{promoterId}`: a scan is their click of channel `qr` (counted as a scan of their ' +
        'own QR code link is) and leads to their fundraising page with `ref` and `utm_source=qr`, so gifts made ' +
        'there are credited to them under that channel; while the page is hidden it leads to the campaign page, ' +
        'still crediting them. 404 when the campaign is not live, they do not promote it, or they have no ' +
        'fundraising page for it yet.',
    },
  ];

  for (const route of routes) {
    for (const format of FORMATS) {
      registry.registerPath({
        method: 'get',
        path: `${route.path}.${format}`,
        tags: [route.tag],
        summary: `${route.summary} as ${format.toUpperCase()}`,
        description: `${route.description} A download (Content-Disposition: attachment); \`size\` sets the width in pixels (${QR_MIN_SIZE} to ${QR_MAX_SIZE}, ${QR_DEFAULT_SIZE} unless given).`,
        request: { params: IdParams, query: QrQuery },
        responses: {
          200: {
            description: 'The QR code',
            content: {
              [format === 'png' ? 'image/png' : 'image/svg+xml']: { schema: z.string().meta({ format: 'binary' }) },
            },
          },
          ...Object.fromEntries(
            [400, 401, 403, 404].map((status) => [
              status,
              { description: 'Error', content: { 'application/json': { schema: ErrorResponse } } },
            ]),
          ),
        },
      });
      router.get(`${route.express}.${format}`, serve(route.link, format, route.kind));
    }
  }
  return router;
}
