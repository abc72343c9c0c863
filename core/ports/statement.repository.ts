import type {
  StatementRun,
  StatementRunStatus,
  StatementSend,
  StatementSendStatus,
} from '../statements/statement-run.entity';

/** The runs sending an organization's year-end statements (`statementRuns`) and each donor's mark (`statementSends`). */
export interface StatementRepository {
  /**
   * Keeps `run` as its organization's run of its year, unless a run of that year is running: then answers
   * that one and `started: false`. Of two concurrent calls at most one starts.
   */
  startRun(run: StatementRun): Promise<{ run: StatementRun; started: boolean }>;
  findRun(organizationId: string, year: number): Promise<StatementRun | null>;
  /** The organization's runs, newest year first. */
  listRuns(organizationId: string): Promise<StatementRun[]>;
  /** Every run still running, across organizations (to resume them after a restart). */
  listRunning(): Promise<StatementRun[]>;
  /** Changes the run only while it is still the run `runId`; answers whether it was. */
  updateRun(
    organizationId: string,
    year: number,
    runId: string,
    patch: { total?: number; status?: StatementRunStatus; finishedAt?: string | null },
  ): Promise<boolean>;
  /**
   * Claims a donor's statement before sending it: creates the mark (`sending`) when absent, and takes
   * over one that failed or was left `sending` since before `staleBefore`. True for the one call that
   * claimed; a statement sent, or being sent, is never claimed again. The e-mail is stored lowercased.
   */
  claimSend(
    claim: { organizationId: string; year: number; email: string; runId: string; claimedAt: string },
    staleBefore: string,
  ): Promise<boolean>;
  /** Marks a claimed statement sent or failed (only while `runId` holds the claim). */
  finishSend(
    key: { organizationId: string; year: number; email: string; runId: string },
    outcome: { status: Exclude<StatementSendStatus, 'sending'>; at: string; error?: string | null },
  ): Promise<void>;
  /** The marks of an organization's year, in e-mail order. */
  listSends(organizationId: string, year: number): Promise<StatementSend[]>;
}
