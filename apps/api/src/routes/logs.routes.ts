import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import type { AuditLogService } from '@causeway/core/audit/audit-log.service';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import { AuditLogQuery, AuditLogResponse } from '@causeway/core/contracts/people.contract';
import { DEFAULT_AUDIT_LOG_LIMIT } from '@causeway/core/ports/audit-log.repository';
import { requireActor } from '../http/actor';
import { defineRoute } from '../http/route';

export interface LogRoutesOptions {
  auditLog: AuditLogService;
  registry: OpenAPIRegistry;
}

export function logRoutes({ auditLog, registry }: LogRoutesOptions): Router {
  const router = Router();

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/logs',
    tag: 'Audit log',
    summary: 'The audit log, newest first',
    description:
      'What admins and the workflow did; super users and platform admins only. Filter by `document` ' +
      '(collection), `event`, `createdBy` (who acted) and `triggerId` (the record acted upon); page with ' +
      `\`limit\` (${DEFAULT_AUDIT_LOG_LIMIT} unless said) and the \`cursor\` the previous page answered as ` +
      '`nextCursor` (or `before`: entries strictly older than that instant).',
    query: AuditLogQuery,
    responses: { 200: AuditLogResponse, 401: ErrorResponse, 403: ErrorResponse },
    async handler({ query, res }) {
      const actor = requireActor(res);
      const filter = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
      return auditLog.list(actor, filter);
    },
  });

  return router;
}
