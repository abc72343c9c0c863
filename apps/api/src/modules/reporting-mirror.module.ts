import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { createPostgresReportingMirror } from '@causeway/adapters/postgres/reporting/reporting.mirror';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import {
  REPORTING_API,
  ReportingRebuildResponse,
  ReportingStatusResponse,
} from '@causeway/core/contracts/reporting.contract';
import type { ReportingMirror } from '@causeway/core/ports/reporting.port';
import { mirrorStatusServiceFactory, type MirrorStatusService } from '@causeway/core/reporting/mirror-status.service';
import { rebuildMirror, reportingProjector, type ReportingProjector } from '@causeway/core/reporting/projector.service';
import type { ReportChange } from '@causeway/core/reporting/reporting.service';
import { requireActor } from '../http/actor';
import { defineRoute } from '../http/route';
import { wakeableWait } from '../worker/wakeable-wait';
import { TYPES } from '../types';
import { REPORTING_DATABASE } from './reporting-database';

export const REPORTING_MIRROR: ServiceIdentifier<ReportingMirror> = Symbol.for('causeway.ReportingMirror');
export const REPORTING_PROJECTOR: ServiceIdentifier<ReportingProjector> = Symbol.for('causeway.ReportingProjector');
export const REPORTING_PROJECTOR_RUNNER: ServiceIdentifier<ProjectorRunner> = Symbol.for(
  'causeway.ReportingProjectorRunner',
);
export const MIRROR_STATUS_SERVICE: ServiceIdentifier<MirrorStatusService> = Symbol.for('causeway.MirrorStatus');

/** The bus topic the outbox's insert trigger (Postgres) publishes on; wakes every instance's projector. */
export const OUTBOX_WRITTEN_TOPIC = 'outbox.written';

export interface ReportingMirrorOptions {
  /** This instance's name in the mirror's lease. */
  holder: string;
  /** Events per batch. */
  batchSize?: number;
  /** How often to look at the outbox without being woken. */
  pollMs?: number;
  /** The least time from one drain's start to the next, so a burst's events are applied together. */
  gapMs?: number;
  leaseMs?: number;
  /** Told what the mirror changed: each batch applied by this instance's projector, and a rebuild. */
  onApplied?: (change: ReportChange) => void;
}

/** The projector's settings unless told otherwise. */
export const PROJECTOR_DEFAULTS = { batchSize: 500, pollMs: 250, gapMs: 100, leaseMs: 30_000 };

export interface ProjectorRunner {
  start(): Promise<void>;
  /** There are events: drain now instead of at the next poll. */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Drains the outbox on this instance: at start, whenever the bus says events were written, and every
 * `pollMs`, but never sooner than `gapMs` after the last drain began: a burst's events (each wakes it)
 * are then applied in a few batches rather than one drain each. While another instance holds the
 * lease it waits for the next turn.
 */
export function createProjectorRunner(options: {
  projector: Pick<ReportingProjector, 'drain'>;
  pollMs: number;
  gapMs?: number;
  subscribe?: (wake: () => void) => Promise<() => Promise<void>>;
  onError: (error: unknown) => void;
}): ProjectorRunner {
  let running = false;
  let loop: Promise<void> | null = null;
  let unsubscribe: (() => Promise<void>) | null = null;
  /** Between drains: the poll, which a wake-up ends. */
  const idle = wakeableWait();
  /** What is left of `gapMs` after a drain began, which only stop ends. */
  const gap = wakeableWait();

  return {
    async start() {
      if (running) return;
      running = true;
      unsubscribe = (await options.subscribe?.(idle.wake)) ?? null;
      loop = (async () => {
        while (running) {
          const began = Date.now();
          // What woke it before now is in this drain.
          idle.forget();
          try {
            await options.projector.drain();
          } catch (error) {
            options.onError(error);
          }
          if (running) await idle.wait(options.pollMs);
          if (running) await gap.wait(began + (options.gapMs ?? 0) - Date.now());
        }
      })();
    },
    wake: idle.wake,
    async stop() {
      running = false;
      idle.wake();
      gap.wake();
      const stopping = unsubscribe;
      unsubscribe = null;
      await stopping?.().catch(() => undefined);
      await loop;
    },
  };
}

/** The mirror's writer, the projector and its runner, and the status and rebuild use cases. */
export function reportingMirrorModule(options: ReportingMirrorOptions): ContainerModule {
  const settings = { ...PROJECTOR_DEFAULTS, ...options };
  return new ContainerModule(({ bind }) => {
    bind(REPORTING_MIRROR).toDynamicValue((context) =>
      createPostgresReportingMirror(context.get(REPORTING_DATABASE).db),
    );
    bind(REPORTING_PROJECTOR).toDynamicValue((context) => {
      const dataStore = context.get(TYPES.DataStore);
      if (!dataStore.reportingSource) throw new Error('This data store does not feed the reporting mirror.');
      return reportingProjector({
        outbox: dataStore.outbox,
        source: dataStore.reportingSource,
        mirror: context.get(REPORTING_MIRROR),
        clock: context.get(TYPES.Clock),
        holder: settings.holder,
        batchSize: settings.batchSize,
        leaseMs: settings.leaseMs,
        ...(settings.onApplied ? { onApplied: settings.onApplied } : {}),
      });
    });
    bind(REPORTING_PROJECTOR_RUNNER).toDynamicValue((context) => {
      const logger = context.get(TYPES.Logger).child({ component: 'reporting' });
      const eventBus = context.get(TYPES.EventBus);
      return createProjectorRunner({
        projector: context.get(REPORTING_PROJECTOR),
        pollMs: settings.pollMs,
        gapMs: settings.gapMs,
        subscribe: (wake) => eventBus.subscribe(OUTBOX_WRITTEN_TOPIC, wake),
        onError: (error) => logger.error({ err: error }, 'The reporting projector failed a batch; it will try again'),
      });
    });
    bind(MIRROR_STATUS_SERVICE).toDynamicValue((context) => {
      const dataStore = context.get(TYPES.DataStore);
      const projector = context.get(REPORTING_PROJECTOR);
      return mirrorStatusServiceFactory({
        projector,
        location: context.get(REPORTING_DATABASE).location,
        rebuild: async () => {
          const rebuilt = await rebuildMirror({
            source: dataStore.reportingSource!,
            mirror: context.get(REPORTING_MIRROR),
            clock: context.get(TYPES.Clock),
            // Not the projector's name: its lease must keep this instance's projector waiting too.
            holder: `${settings.holder}-rebuild`,
            leaseMs: settings.leaseMs,
          });
          settings.onApplied?.({ organizationIds: [], all: true });
          // Events written meanwhile are applied now rather than at the next poll.
          context.get(REPORTING_PROJECTOR_RUNNER).wake();
          return rebuilt;
        },
      });
    });
  });
}

/** GET /api/reporting/status and POST /api/reporting/rebuild (platform staff). */
export function reportingMirrorRoutes({
  service,
  registry,
}: {
  service: MirrorStatusService;
  registry: OpenAPIRegistry;
}): Router {
  const router = Router();
  defineRoute(router, registry, {
    method: 'get',
    path: REPORTING_API.status,
    tag: 'Reporting',
    summary: "The reporting mirror's health",
    description:
      'Platform staff only: the last event applied, events written and not yet applied (backlog), how far ' +
      'the mirror is behind (lagMs), and where it lives.',
    responses: { 200: ReportingStatusResponse, 401: ErrorResponse, 403: ErrorResponse },
    handler: ({ res }) => service.status(requireActor(res)),
  });
  defineRoute(router, registry, {
    method: 'post',
    path: REPORTING_API.rebuild,
    tag: 'Reporting',
    summary: 'Rebuilds the reporting mirror from the store',
    description: 'Platform staff only: empties the mirror and reads every record of the store into it again.',
    responses: { 200: ReportingRebuildResponse, 401: ErrorResponse, 403: ErrorResponse },
    handler: ({ res }) => service.rebuild(requireActor(res)),
  });
  return router;
}
