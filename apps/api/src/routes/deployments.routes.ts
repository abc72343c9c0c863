import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import { DeploymentResponse } from '@causeway/core/contracts/deployments.contract';
import { IdParams } from '@causeway/core/contracts/people.contract';
import type { DeploymentService } from '@causeway/core/deployment/deployment.service';
import { notFound } from '@causeway/core/shared/errors';
import { requireActor } from '../http/actor';
import { defineRoute } from '../http/route';

export function deploymentRoutes({
  deployments,
  registry,
}: {
  deployments: DeploymentService;
  registry: OpenAPIRegistry;
}): Router {
  const router = Router();
  const tag = 'Deployments';
  const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/pre-campaigns/{id}/deploy',
    tag,
    summary: 'Set an approved, paid campaign up on the ad platform',
    description:
      'Super users. Queues the 8 steps (SPEC §4) as a durable job and answers it at once (202); its progress ' +
      'is pushed live to the owner and the super users. Paying the budget starts it by itself.',
    params: IdParams,
    responses: { 202: DeploymentResponse, ...errors, 409: ErrorResponse },
    async handler({ params, res }) {
      const deployment = await deployments.start(requireActor(res), params.id);
      res.status(202);
      return { deployment };
    },
  });

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/pre-campaigns/{id}/deployment',
    tag,
    summary: 'The newest deployment of a campaign',
    params: IdParams,
    responses: { 200: DeploymentResponse, ...errors },
    async handler({ params, res }) {
      const deployment = await deployments.latestFor(requireActor(res), params.id);
      if (!deployment) throw notFound('This campaign has not been set up on the ad platform yet.');
      return { deployment };
    },
  });

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/deployments/{id}',
    tag,
    summary: 'A deployment: status, step k of 8, and its error report when it stopped',
    params: IdParams,
    responses: { 200: DeploymentResponse, ...errors },
    async handler({ params, res }) {
      return { deployment: await deployments.get(requireActor(res), params.id) };
    },
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/deployments/{id}/resume',
    tag,
    summary: 'Resume a deployment that stopped, at the step that failed',
    description: 'Nothing already made on the ad platform is made again. A super user, or the campaign’s own side.',
    params: IdParams,
    responses: { 202: DeploymentResponse, ...errors, 409: ErrorResponse },
    async handler({ params, res }) {
      const deployment = await deployments.resume(requireActor(res), params.id);
      res.status(202);
      return { deployment };
    },
  });
  return router;
}
