import { ContainerModule, type ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import type { StatementDocument } from '@causeway/core/statements/statement';
import { statementsServiceFactory, type StatementsService } from '@causeway/core/statements/statements.service';
import type { Config } from '../config';
import { TYPES } from '../types';
import { DONOR_GIFTS_SERVICE } from './donor-gifts.module';

export const STATEMENTS_SERVICE: ServiceIdentifier<StatementsService> = Symbol.for('causeway.StatementsService');

/** The PDF library loads on the first statement asked for, not at start. */
export const renderStatementPdf = async (statement: StatementDocument) =>
  (await import('@causeway/adapters/pdf/statement.pdf')).renderStatementPdf(statement);

/** Year-end giving statements: a donor's download from the gifts page, and an organization's sent by e-mail. */
export const statementsModule = (config: Config, logger: Logger) =>
  new ContainerModule(({ bind }) => {
    bind(STATEMENTS_SERVICE).toDynamicValue((context) => {
      const repositories = context.get(TYPES.Repositories);
      const donorGifts = context.get(DONOR_GIFTS_SERVICE);
      return statementsServiceFactory({
        statements: repositories.statements,
        donations: repositories.donations,
        campaigns: repositories.campaigns,
        organizations: repositories.organizations,
        visitEmail: async (visitToken) => (await donorGifts.visitOf(visitToken)).email,
        mail: context.get(TYPES.MailService),
        renderPdf: renderStatementPdf,
        clock: context.get(TYPES.Clock),
        ids: context.get(TYPES.Ids),
        publicUrl: config.publicUrl,
        // The run, never a donor's address: the address is in the run's failures for its admins.
        onRunEvent: (event, run, error) => {
          const fields = { organizationId: run.organizationId, year: run.year, runId: run.runId };
          if (event === 'finished') logger.info(fields, 'Year-end statements sent');
          else if (event === 'sendFailed')
            logger.warn({ ...fields, err: error }, 'A year-end statement could not be sent');
          else
            logger.error(
              { ...fields, err: error },
              'Sending year-end statements stopped; it resumes at the next start',
            );
        },
      });
    });
  });
