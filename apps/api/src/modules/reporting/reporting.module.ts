import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { ContainerModule, type Container, type ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import { createPostgresReportingQueries } from '@causeway/adapters/postgres/reporting/reporting.queries';
import type { ReportingQueries } from '@causeway/core/ports/reporting-queries.port';
import { campaignDirectoryServiceFactory } from '@causeway/core/reporting/campaign-directory.service';
import {
  REPORTS_CHANGED_TOPIC,
  reportingServiceFactory,
  type ReportChange,
  type ReportingService,
} from '@causeway/core/reporting/reporting.service';
import { REPORTING_DATABASE } from '../reporting-database';
import { TYPES } from '../../types';
import { reportingRoutes } from './reporting.routes';

export const REPORTING_QUERIES: ServiceIdentifier<ReportingQueries> = Symbol.for('causeway.ReportingQueries');
export const REPORTING_SERVICE: ServiceIdentifier<ReportingService> = Symbol.for('causeway.ReportingService');

/**
 * The reports: their queries over the mirror's database (bound as REPORTING_DATABASE) and the use cases;
 * and the directory of live campaigns and their figures, open to everyone, read from the data store.
 */
export const reportingModule = new ContainerModule(({ bind }) => {
  bind(REPORTING_QUERIES)
    .toDynamicValue((context) => {
      const mirror = context.get(REPORTING_DATABASE);
      const config = context.get(TYPES.Config);
      // On a Postgres server (its own, or the store's) downloads stream through a cursor; PGlite reads batches.
      const onServer =
        mirror.location === 'own-database' ||
        (mirror.location === 'same-database' && config.DATA_STORE === 'postgres' && Boolean(config.DATABASE_URL));
      return createPostgresReportingQueries(mirror.db, {
        cursor: onServer,
        ...(onServer && mirror.copyOut ? { copyOut: mirror.copyOut } : {}),
      });
    })
    .inSingletonScope();
  bind(REPORTING_SERVICE)
    .toDynamicValue((context) => {
      const outbox = context.get(TYPES.DataStore).outbox;
      return reportingServiceFactory({
        queries: context.get(REPORTING_QUERIES),
        clock: context.get(TYPES.Clock),
        // The store's outbox holds exactly the changes not yet applied (applied ones are pruned).
        backlog: () => outbox.backlog(),
        overviewCacheMs: context.get(TYPES.Config).REPORT_OVERVIEW_CACHE_MS,
        fundraiserPages: context.get(TYPES.Repositories).fundraiserPages,
      });
    })
    .inSingletonScope();
  bind(TYPES.CampaignDirectoryService)
    .toDynamicValue((context) => {
      const repositories = context.get(TYPES.Repositories);
      return campaignDirectoryServiceFactory({
        campaigns: repositories.campaigns,
        organizations: repositories.organizations,
        donations: repositories.donations,
        clock: context.get(TYPES.Clock),
        cacheMs: context.get(TYPES.Config).CAMPAIGN_LIST_CACHE_MS,
      });
    })
    .inSingletonScope();
});

/** The report routes of a container that loaded the module. */
export function reportRoutesOf(container: { get<T>(id: ServiceIdentifier<T>): T }, registry: OpenAPIRegistry) {
  return reportingRoutes({ reporting: container.get(REPORTING_SERVICE), registry });
}

/**
 * Every instance reads again the reports the mirror changed: the projector applies a batch on one
 * instance at a time (under the mirror's lease), which tells its own reports at once and the others on
 * the event bus (each hears its own too, harmlessly). Answers what stops following.
 */
export async function followReportChanges(
  container: Container,
  logger: Logger,
): Promise<{ changed(change: ReportChange): void; stop(): Promise<void> }> {
  const eventBus = container.get(TYPES.EventBus);
  const reporting = () => container.get(REPORTING_SERVICE);
  const stop = await eventBus.subscribe(REPORTS_CHANGED_TOPIC, ({ payload }) => {
    const ids = Array.isArray(payload.organizationIds)
      ? payload.organizationIds.filter((id): id is string => typeof id === 'string')
      : [];
    // A message not understood is taken as the widest change.
    reporting().mirrorChanged({ organizationIds: ids, all: payload.all !== false });
  });
  return {
    changed(change) {
      reporting().mirrorChanged(change);
      eventBus
        .publish({ topic: REPORTS_CHANGED_TOPIC, payload: { ...change } })
        .catch((error: unknown) =>
          logger.warn({ err: error, change }, 'Other instances could not be told of a change to the reports'),
        );
    },
    stop,
  };
}
