import type { Selectable } from 'kysely';
import type { StatementRepository } from '@causeway/core/ports/statement.repository';
import type {
  StatementRun,
  StatementRunStatus,
  StatementSend,
  StatementSendStatus,
} from '@causeway/core/statements/statement-run.entity';
import type { StatementRunsTable, StatementSendsTable } from './tables/statement.tables';
import { iso, isoOrNull, type PgContext } from './transaction';

export function createPostgresStatementRepository(context: PgContext): StatementRepository {
  const { db } = context;
  const findRun = async (organizationId: string, year: number) => {
    const row = await db
      .selectFrom('statement_runs')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('year', '=', year)
      .executeTakeFirst();
    return row ? toRun(row) : null;
  };

  return {
    async startRun(run) {
      // One statement: a running run keeps its row (the update's condition fails), a finished one is replaced.
      const started = await db
        .insertInto('statement_runs')
        .values({
          organization_id: run.organizationId,
          year: run.year,
          run_id: run.runId,
          status: run.status,
          total: run.total,
          started_by: run.startedBy,
          started_at: run.startedAt,
          finished_at: run.finishedAt,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['organization_id', 'year'])
            .doUpdateSet((eb) => ({
              run_id: eb.ref('excluded.run_id'),
              status: eb.ref('excluded.status'),
              total: eb.ref('excluded.total'),
              started_by: eb.ref('excluded.started_by'),
              started_at: eb.ref('excluded.started_at'),
              finished_at: eb.ref('excluded.finished_at'),
            }))
            .where('statement_runs.status', '<>', 'running'),
        )
        .returningAll()
        .executeTakeFirst();
      if (started) return { run: toRun(started), started: true };
      const current = await findRun(run.organizationId, run.year);
      if (!current) throw new Error('A statement run neither started nor found.');
      return { run: current, started: false };
    },
    findRun,
    async listRuns(organizationId) {
      const rows = await db
        .selectFrom('statement_runs')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .orderBy('year', 'desc')
        .execute();
      return rows.map(toRun);
    },
    async listRunning() {
      const rows = await db.selectFrom('statement_runs').selectAll().where('status', '=', 'running').execute();
      return rows.map(toRun);
    },
    async updateRun(organizationId, year, runId, patch) {
      const set = {
        ...(patch.total === undefined ? {} : { total: patch.total }),
        ...(patch.status === undefined ? {} : { status: patch.status }),
        ...(patch.finishedAt === undefined ? {} : { finished_at: patch.finishedAt }),
      };
      const updated = await db
        .updateTable('statement_runs')
        .set(Object.keys(set).length > 0 ? set : { run_id: runId })
        .where('organization_id', '=', organizationId)
        .where('year', '=', year)
        .where('run_id', '=', runId)
        .returning('run_id')
        .executeTakeFirst();
      return updated !== undefined;
    },
    async claimSend(claim, staleBefore) {
      const claimed = await db
        .insertInto('statement_sends')
        .values({
          organization_id: claim.organizationId,
          year: claim.year,
          email: claim.email.trim().toLowerCase(),
          run_id: claim.runId,
          status: 'sending',
          claimed_at: claim.claimedAt,
          finished_at: null,
          error: null,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['organization_id', 'year', 'email'])
            .doUpdateSet((eb) => ({
              run_id: eb.ref('excluded.run_id'),
              status: 'sending',
              claimed_at: eb.ref('excluded.claimed_at'),
              finished_at: null,
              error: null,
            }))
            .where((eb) =>
              eb.or([
                eb('statement_sends.status', '=', 'failed'),
                eb.and([
                  eb('statement_sends.status', '=', 'sending'),
                  eb('statement_sends.claimed_at', '<', new Date(staleBefore)),
                ]),
              ]),
            ),
        )
        .returning('email')
        .executeTakeFirst();
      return claimed !== undefined;
    },
    async finishSend(key, outcome) {
      await db
        .updateTable('statement_sends')
        .set({ status: outcome.status, finished_at: outcome.at, error: outcome.error ?? null })
        .where('organization_id', '=', key.organizationId)
        .where('year', '=', key.year)
        .where('email', '=', key.email.trim().toLowerCase())
        .where('run_id', '=', key.runId)
        .where('status', '=', 'sending')
        .execute();
    },
    async listSends(organizationId, year) {
      const rows = await db
        .selectFrom('statement_sends')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('year', '=', year)
        .orderBy('email')
        .execute();
      return rows.map(toSend);
    },
  };
}

function toRun(row: Selectable<StatementRunsTable>): StatementRun {
  return {
    organizationId: row.organization_id,
    year: Number(row.year),
    runId: row.run_id,
    status: row.status as StatementRunStatus,
    total: Number(row.total),
    startedBy: row.started_by,
    startedAt: iso(row.started_at),
    finishedAt: isoOrNull(row.finished_at),
  };
}

function toSend(row: Selectable<StatementSendsTable>): StatementSend {
  return {
    organizationId: row.organization_id,
    year: Number(row.year),
    email: row.email,
    runId: row.run_id,
    status: row.status as StatementSendStatus,
    claimedAt: iso(row.claimed_at),
    finishedAt: isoOrNull(row.finished_at),
    error: row.error,
  };
}
