import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { createPostgresReportingQueries } from '@causeway/adapters/postgres/reporting/reporting.queries';
import type { ReportingQueries } from '@causeway/core/ports/reporting-queries.port';
import { campaignDirectoryServiceFactory } from '@causeway/core/reporting/campaign-directory.service';
import { reportingServiceFactory, type ReportingService } from '@causeway/core/reporting/reporting.service';
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
      });
    })
    .inSingletonScope();
});

/** The report routes of a container that loaded the module. */
export function reportRoutesOf(container: { get<T>(id: ServiceIdentifier<T>): T }, registry: OpenAPIRegistry) {
  return reportingRoutes({ reporting: container.get(REPORTING_SERVICE), registry });
}
