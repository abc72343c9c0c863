import type { StatementRepository } from '@causeway/core/ports/statement.repository';
import type { StatementRun, StatementSend } from '@causeway/core/statements/statement-run.entity';
import { changeWithMemoryEvent, copy, type MemoryContext } from './memory-state';

/** Instants are kept as Postgres gives them back: UTC, millisecond precision. */
const utc = (value: string): string => new Date(value).toISOString();
const runKey = (organizationId: string, year: number) => `${organizationId}|${year}`;
const sendKey = (organizationId: string, year: number, email: string) => `${organizationId}|${year}|${email}`;

export function createMemoryStatementRepository(context: MemoryContext): StatementRepository {
  const runs = () => context.state().table<StatementRun>('statementRuns');
  const sends = () => context.state().table<StatementSend>('statementSends');
  const exclusive = <T>(change: () => T) => changeWithMemoryEvent(context, change, () => null);

  return {
    startRun(input) {
      return exclusive(() => {
        const key = runKey(input.organizationId, input.year);
        const current = runs().get(key);
        if (current?.status === 'running') return { run: copy(current), started: false };
        const run: StatementRun = {
          ...input,
          startedAt: utc(input.startedAt),
          finishedAt: input.finishedAt === null ? null : utc(input.finishedAt),
        };
        runs().set(key, run);
        return { run: copy(run), started: true };
      });
    },
    async findRun(organizationId, year) {
      const run = runs().get(runKey(organizationId, year));
      return run ? copy(run) : null;
    },
    async listRuns(organizationId) {
      return [...runs().values()]
        .filter((run) => run.organizationId === organizationId)
        .sort((a, b) => b.year - a.year)
        .map(copy);
    },
    async listRunning() {
      return [...runs().values()].filter((run) => run.status === 'running').map(copy);
    },
    updateRun(organizationId, year, runId, patch) {
      return exclusive(() => {
        const key = runKey(organizationId, year);
        const run = runs().get(key);
        if (!run || run.runId !== runId) return false;
        runs().set(key, {
          ...run,
          ...(patch.total === undefined ? {} : { total: patch.total }),
          ...(patch.status === undefined ? {} : { status: patch.status }),
          ...(patch.finishedAt === undefined
            ? {}
            : { finishedAt: patch.finishedAt === null ? null : utc(patch.finishedAt) }),
        });
        return true;
      });
    },
    claimSend(claim, staleBefore) {
      return exclusive(() => {
        const email = claim.email.trim().toLowerCase();
        const key = sendKey(claim.organizationId, claim.year, email);
        const current = sends().get(key);
        const stale = new Date(staleBefore).getTime();
        const claimable =
          !current ||
          current.status === 'failed' ||
          (current.status === 'sending' && new Date(current.claimedAt).getTime() < stale);
        if (!claimable) return false;
        sends().set(key, {
          organizationId: claim.organizationId,
          year: claim.year,
          email,
          runId: claim.runId,
          status: 'sending',
          claimedAt: utc(claim.claimedAt),
          finishedAt: null,
          error: null,
        });
        return true;
      });
    },
    async finishSend(key, outcome) {
      await exclusive(() => {
        const id = sendKey(key.organizationId, key.year, key.email.trim().toLowerCase());
        const current = sends().get(id);
        if (!current || current.runId !== key.runId || current.status !== 'sending') return;
        sends().set(id, {
          ...current,
          status: outcome.status,
          finishedAt: utc(outcome.at),
          error: outcome.error ?? null,
        });
      });
    },
    async listSends(organizationId, year) {
      return [...sends().values()]
        .filter((send) => send.organizationId === organizationId && send.year === year)
        .sort((a, b) => a.email.localeCompare(b.email))
        .map(copy);
    },
  };
}
