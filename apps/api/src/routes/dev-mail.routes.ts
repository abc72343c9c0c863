import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { DevMailQuery, DevMailResponse } from '@causeway/core/contracts/dev-mail.contract';
import type { Mailbox } from '@causeway/core/ports/mailer.port';
import { notFound } from '@causeway/core/shared/errors';
import { renderDevMailbox } from '../http/dev-mailbox.page';
import { defineRoute } from '../http/route';

/**
 * The dev mailbox: mounted only where mail is kept instead of sent (never in production, never with
 * SMTP). Open without signing in, so an invitation can be followed from a fresh browser.
 */
export function devMailRoutes({
  mailbox,
  registry,
  publicUrl,
}: {
  mailbox: Mailbox;
  registry: OpenAPIRegistry;
  /** Mail links the platform's own images on its public URL, which is plain http on a laptop. */
  publicUrl: string;
}): Router {
  const router = Router();
  const recipient = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/dev/mail',
    tag: 'Development',
    summary: 'Mail kept by the dev mailbox',
    description: 'Development only. The mail the platform sent, newest first; `to` keeps one recipient’s.',
    query: DevMailQuery,
    responses: { 200: DevMailResponse },
    async handler({ query }) {
      const to = recipient(query.to);
      const mails = await mailbox.list(to ? { to } : {});
      return {
        mails: mails.map(({ attachments, ...mail }) =>
          attachments?.length
            ? {
                ...mail,
                attachments: attachments.map((file) => ({
                  filename: file.filename,
                  contentType: file.contentType,
                  size: file.content.byteLength,
                  content: Buffer.from(file.content).toString('base64'),
                })),
              }
            : mail,
        ),
      };
    },
  });

  router.get('/dev/mail', async (req, res) => {
    const to = recipient(req.query.to);
    const mails = await mailbox.list(to ? { to } : {});
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(renderDevMailbox(mails, { to }));
  });

  router.get('/dev/mail/html', async (req, res) => {
    const id = typeof req.query.id === 'string' ? req.query.id : '';
    const mail = (await mailbox.list()).find((candidate) => candidate.messageId === id);
    if (!mail?.html) throw notFound('No such mail in the dev mailbox.');
    // The mail's own markup, shown as a mail client would: no scripts, no forms, nothing loaded but images.
    res.setHeader(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'unsafe-inline'; img-src https: data: ${new URL(publicUrl).origin}; sandbox allow-popups allow-popups-to-escape-sandbox`,
    );
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(mail.html);
  });

  router.get('/dev/mail/attachment', async (req, res) => {
    const id = typeof req.query.id === 'string' ? req.query.id : '';
    const index = typeof req.query.n === 'string' && /^\d{1,3}$/.test(req.query.n) ? Number(req.query.n) : -1;
    const mail = (await mailbox.list()).find((candidate) => candidate.messageId === id);
    const file = mail?.attachments?.[index];
    if (!file) throw notFound('No such attachment in the dev mailbox.');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`);
    res.type(file.contentType).send(Buffer.from(file.content));
  });

  return router;
}
