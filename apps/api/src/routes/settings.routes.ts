import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import { SettingsResponse, UpdateSettingsBody } from '@causeway/core/contracts/people.contract';
import type { SettingsService } from '@causeway/core/settings/settings.service';
import { requireActor } from '../http/actor';
import { defineRoute } from '../http/route';

export interface SettingsRoutesOptions {
  settings: SettingsService;
  registry: OpenAPIRegistry;
}

export function settingsRoutes({ settings, registry }: SettingsRoutesOptions): Router {
  const router = Router();

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/settings',
    tag: 'Settings',
    summary: 'The platform settings',
    description:
      'Any signed-in user. Before any settings were saved the defaults are answered (donation percentage 80) ' +
      'with `saved: false`.',
    responses: { 200: SettingsResponse, 401: ErrorResponse },
    async handler({ res }) {
      return settings.get(requireActor(res));
    },
  });

  defineRoute(router, registry, {
    method: 'patch',
    path: '/api/settings',
    tag: 'Settings',
    summary: 'Change the platform settings',
    description: 'Platform staff only. Only the supplied fields change; null clears a text.',
    body: UpdateSettingsBody,
    responses: { 200: SettingsResponse, 401: ErrorResponse, 403: ErrorResponse },
    async handler({ body, res }) {
      return settings.update(requireActor(res), body);
    },
  });

  return router;
}
