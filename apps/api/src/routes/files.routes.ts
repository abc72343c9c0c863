import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router, type ErrorRequestHandler } from 'express';
import multer from 'multer';
import { z } from 'zod';
import type { CampaignFileService } from '@causeway/core/campaigns/campaign-file.service';
import { sizeText, UPLOAD_RULES } from '@causeway/core/campaigns/upload.rules';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import { UploadFields, UploadResponse } from '@causeway/core/contracts/campaigns.contract';
import { invalid } from '@causeway/core/shared/errors';
import { requireActor } from '../http/actor';
import type { ErrorBody } from '../http/errors';
import { InputError } from '../http/errors';

/** The largest file any upload purpose accepts; each purpose then applies its own limit. */
const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_RULES).map((rule) => rule.maxBytes));

export interface FileRoutesOptions {
  campaignFiles: CampaignFileService;
  registry: OpenAPIRegistry;
}

/** `POST /api/files`: a campaign's cover, header, footer or ad file, as multipart form data. */
export function campaignFileRoutes({ campaignFiles, registry }: FileRoutesOptions): Router {
  const router = Router();
  registry.registerPath({
    method: 'post',
    path: '/api/files',
    tags: ['Campaign drafts'],
    summary: 'Upload a file of a draft',
    description:
      'Multipart form data: `file` (the file), `purpose` (cover-image, cover-video, header-image, footer-image or ' +
      'ad-file) and `preCampaignId`. The platform reads the format, pixels, length and weight from the bytes: ' +
      'display ads must be a standard IAB size within its weight, video ads a 16:9 H.264 MP4 of 15 or 30 s. ' +
      'Covers are stored at `preCampaigns/cover_{id}.{ext}`, other files at `campaigns/{campaignId}-{filename}`. ' +
      `At most ${sizeText(MAX_UPLOAD_BYTES)}.`,
    request: {
      body: {
        content: {
          'multipart/form-data': {
            schema: UploadFields.extend({ file: z.string().meta({ format: 'binary' }) }),
          },
        },
      },
    },
    responses: {
      201: { description: 'Stored', content: { 'application/json': { schema: UploadResponse } } },
      400: { description: 'The file cannot be used', content: { 'application/json': { schema: ErrorResponse } } },
      401: { description: 'Signed out', content: { 'application/json': { schema: ErrorResponse } } },
      403: { description: 'Not allowed', content: { 'application/json': { schema: ErrorResponse } } },
      404: { description: 'No such draft', content: { 'application/json': { schema: ErrorResponse } } },
      413: { description: 'Too large', content: { 'application/json': { schema: ErrorResponse } } },
    },
  });

  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 },
    // Browsers send file names as UTF-8 without saying so.
    defParamCharset: 'utf8',
  });

  router.post(
    '/api/files',
    // Nothing is read from someone signed out.
    (_req, res, next) => {
      requireActor(res);
      next();
    },
    upload.single('file'),
    async (req, res) => {
      const actor = requireActor(res);
      const fields = UploadFields.safeParse(req.body ?? {});
      if (!fields.success) throw new InputError('body', fields.error);
      if (!req.file) throw invalid('Choose a file to upload.', { file: 'Choose a file to upload.' });
      const file = await campaignFiles.upload(actor, fields.data, {
        name: req.file.originalname,
        content: new Uint8Array(req.file.buffer.buffer, req.file.buffer.byteOffset, req.file.buffer.byteLength),
      });
      res.status(201).json({ file });
    },
  );

  const uploadErrors: ErrorRequestHandler = (error: unknown, _req, res, next) => {
    if (!(error instanceof multer.MulterError)) return next(error);
    const tooLarge = error.code === 'LIMIT_FILE_SIZE';
    const message = tooLarge
      ? `The file is larger than ${sizeText(MAX_UPLOAD_BYTES)}. Choose a smaller one.`
      : error.code === 'LIMIT_UNEXPECTED_FILE'
        ? 'Send one file, in the field named "file".'
        : `The upload could not be read (${error.message}).`;
    const answer: ErrorBody = {
      error: { code: tooLarge ? 'too_large' : 'invalid_input', message, fields: { file: message } },
    };
    res.status(tooLarge ? 413 : 400).json(answer);
  };
  router.use('/api/files', uploadErrors);
  return router;
}
