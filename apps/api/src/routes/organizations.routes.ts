import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import express, { Router, type ErrorRequestHandler } from 'express';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import {
  CreateOrganizationBody,
  IdParams,
  OrganizationImageParams,
  OrganizationListQuery,
  OrganizationListResponse,
  OrganizationResponse,
  UpdateOrganizationBody,
} from '@causeway/core/contracts/people.contract';
import { ORGANIZATION_IMAGE_LIMITS, type OrganizationService } from '@causeway/core/organizations/organization.service';
import { requireActor } from '../http/actor';
import type { ErrorBody } from '../http/errors';
import { defineRoute } from '../http/route';

export interface OrganizationRoutesOptions {
  organizations: OrganizationService;
  registry: OpenAPIRegistry;
}

const IMAGE_PATH = '/api/organizations/{id}/images/{kind}';
const IMAGE_EXPRESS_PATH = '/api/organizations/:id/images/:kind';
const MAX_MB = ORGANIZATION_IMAGE_LIMITS.maxBytes / (1024 * 1024);

export function organizationRoutes({ organizations, registry }: OrganizationRoutesOptions): Router {
  const router = Router();
  const signedIn = { 401: ErrorResponse, 403: ErrorResponse };
  const oneOrganization = { ...signedIn, 404: ErrorResponse };

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/organizations',
    tag: 'Organizations',
    summary: 'Every organization, alphabetically',
    description: 'Platform staff only. `includeDeleted=true` lists soft-deleted organizations too.',
    query: OrganizationListQuery,
    responses: { 200: OrganizationListResponse, ...signedIn },
    async handler({ query, res }) {
      const list = await organizations.list(requireActor(res), { includeDeleted: query.includeDeleted === 'true' });
      return { organizations: list };
    },
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/organizations',
    tag: 'Organizations',
    summary: 'Create an organization',
    description: 'Platform staff only. The id and creation date are given by the platform.',
    body: CreateOrganizationBody,
    responses: { 201: OrganizationResponse, ...signedIn },
    async handler({ body, res }) {
      const organization = await organizations.create(requireActor(res), body);
      res.status(201);
      return { organization };
    },
  });

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/organizations/{id}',
    tag: 'Organizations',
    summary: 'One organization',
    description: 'Platform staff see any organization; its members see their own while it is active.',
    params: IdParams,
    responses: { 200: OrganizationResponse, ...oneOrganization },
    async handler({ params, res }) {
      return { organization: await organizations.get(requireActor(res), params.id) };
    },
  });

  defineRoute(router, registry, {
    method: 'patch',
    path: '/api/organizations/{id}',
    tag: 'Organizations',
    summary: 'Change an organization',
    description:
      'Platform staff, or the admin of the organization. Only the supplied fields change; null clears a field. ' +
      'Editing a deleted organization makes it active again.',
    params: IdParams,
    body: UpdateOrganizationBody,
    responses: { 200: OrganizationResponse, ...oneOrganization },
    async handler({ params, body, res }) {
      return { organization: await organizations.update(requireActor(res), params.id, body) };
    },
  });

  defineRoute(router, registry, {
    method: 'delete',
    path: '/api/organizations/{id}',
    tag: 'Organizations',
    summary: 'Delete an organization (soft)',
    description: 'Platform staff only. The organization is kept, marked deleted, and can be restored.',
    params: IdParams,
    responses: { 200: OrganizationResponse, ...oneOrganization },
    async handler({ params, res }) {
      return { organization: await organizations.softDelete(requireActor(res), params.id) };
    },
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/organizations/{id}/restore',
    tag: 'Organizations',
    summary: 'Restore a deleted organization',
    description: 'Platform staff only.',
    params: IdParams,
    responses: { 200: OrganizationResponse, ...oneOrganization },
    async handler({ params, res }) {
      return { organization: await organizations.restore(requireActor(res), params.id) };
    },
  });

  // The image is the raw request body; only this route reads one, only up to the limit, and only
  // from someone signed in.
  router.put(
    IMAGE_EXPRESS_PATH,
    (_req, res, next) => {
      requireActor(res);
      next();
    },
    express.raw({ type: 'image/*', limit: ORGANIZATION_IMAGE_LIMITS.maxBytes }),
  );
  defineRoute(router, registry, {
    method: 'put',
    path: IMAGE_PATH,
    tag: 'Organizations',
    summary: "Upload the organization's logo or login image",
    description:
      'The body is the image itself, with its Content-Type (PNG, JPEG, GIF, WebP or SVG), ' +
      `at most ${MAX_MB} MB and from 16×16 to 4096×4096 pixels. The format is read from the bytes. ` +
      'Platform staff, or the admin of the organization.',
    params: OrganizationImageParams,
    responses: { 200: OrganizationResponse, ...oneOrganization, 413: ErrorResponse },
    async handler({ params, req, res }) {
      const actor = requireActor(res);
      // Only image/* bodies are read as bytes; anything else is refused by the declared type.
      const body: unknown = req.body;
      const organization = await organizations.setImage(actor, params.id, params.kind, {
        content: body instanceof Uint8Array ? body : new Uint8Array(0),
        contentType: req.get('content-type') ?? '',
      });
      return { organization };
    },
  });
  const imageTooLarge: ErrorRequestHandler = (error: { type?: string }, _req, res, next) => {
    if (error.type !== 'entity.too.large') return next(error);
    const message = `The image is larger than ${MAX_MB} MB. Choose one of ${MAX_MB} MB or less.`;
    const answer: ErrorBody = { error: { code: 'too_large', message, fields: { image: message } } };
    res.status(413).json(answer);
  };
  router.use(IMAGE_EXPRESS_PATH, imageTooLarge);

  return router;
}
