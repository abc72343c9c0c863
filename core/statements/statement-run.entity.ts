/**
 * An organization's year-end statements sent by e-mail: the run an admin starts for a year, and each
 * donor's mark, claimed before their mail is sent so that each donor of a year gets one statement however
 * many runs, clicks or restarts there are.
 */

export type StatementRunStatus = 'running' | 'done';

/** The run of an organization's year: one kept per organization and year (the latest). */
export interface StatementRun {
  organizationId: string;
  year: number;
  /** Which run this is: a finished run is replaced by the next one started for the year. */
  runId: string;
  status: StatementRunStatus;
  /** The year's donors (e-mail addresses) when the run counted them. */
  total: number;
  /** Who started it (uid). */
  startedBy: string;
  startedAt: string;
  finishedAt: string | null;
}

export type StatementSendStatus = 'sending' | 'sent' | 'failed';

/** A donor's statement of a year from an organization: claimed, then sent or failed. */
export interface StatementSend {
  organizationId: string;
  year: number;
  /** Lowercased. */
  email: string;
  /** The run that claimed it last. */
  runId: string;
  status: StatementSendStatus;
  claimedAt: string;
  /** When it was sent, or failed. */
  finishedAt: string | null;
  error: string | null;
}

/**
 * A claim left `sending` this long is taken for one whose run stopped with the process (the mail may or
 * may not have gone): it counts as failed, and a later run may claim it again.
 */
export const STALE_CLAIM_MS = 15 * 60 * 1000;

/** The figures a run shows while it goes and once done. */
export interface StatementProgress {
  total: number;
  sent: number;
  failed: number;
}
