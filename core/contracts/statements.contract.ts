/**
 * HTTP contracts of year-end giving statements: a donor's own, downloaded from the gifts page, and an
 * organization's, sent by e-mail by its admin.
 */
import { z } from 'zod';
import { Id, Timestamp } from '../shared/primitives';
import { FIRST_STATEMENT_YEAR, LAST_STATEMENT_YEAR } from '../statements/statement';
import { MY_GIFTS_API } from './donor-gifts-paths';

export const STATEMENT_PATHS = {
  /** The visit's statements: one per organization and year with gifts. */
  mine: `${MY_GIFTS_API}/statements`,
  /** A statement of the visit's address as a PDF. */
  minePdf: (organizationId: string, year: number) =>
    `${MY_GIFTS_API}/statements/${encodeURIComponent(organizationId)}/${year}/statement.pdf`,
  /** An organization's years with gifts and its runs. */
  organization: (organizationId: string) => `/api/organizations/${encodeURIComponent(organizationId)}/statements`,
  /** The run of a year: GET its progress, POST to start it. */
  run: (organizationId: string, year: number) =>
    `/api/organizations/${encodeURIComponent(organizationId)}/statements/${year}`,
} as const;

const YEAR_MESSAGE = `Give a year from ${FIRST_STATEMENT_YEAR} to ${LAST_STATEMENT_YEAR}.`;
export const StatementYear = z.coerce
  .number({ error: YEAR_MESSAGE })
  .int(YEAR_MESSAGE)
  .min(FIRST_STATEMENT_YEAR, YEAR_MESSAGE)
  .max(LAST_STATEMENT_YEAR, YEAR_MESSAGE);

export const StatementParams = z.object({ organizationId: Id, year: StatementYear });
export const OrganizationStatementsParams = z.object({ organizationId: Id });

export const DonorStatement = z.object({
  organizationId: Id,
  /** The organization as donors know it. */
  organization: z.string(),
  year: z.number().int(),
  gifts: z.number().int(),
  /** Given net of refunds, in cents, and written out. */
  net: z.number().int(),
  formattedNet: z.string(),
  /** The statement as a PDF (the visit's cookie opens it). */
  pdfUrl: z.string(),
});
export type DonorStatement = z.infer<typeof DonorStatement>;

/** Newest year first, then by organization. */
export const DonorStatementsResponse = z.object({ statements: z.array(DonorStatement) });
export type DonorStatementsResponse = z.infer<typeof DonorStatementsResponse>;

export const StatementRunView = z.object({
  year: z.number().int(),
  status: z.enum(['running', 'done']),
  /** The year's donors with an e-mail address. */
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  startedAt: Timestamp,
  finishedAt: Timestamp.nullable(),
  /** The statements that could not be sent (a later run tries them again), the first 20. */
  failures: z.array(z.object({ email: z.string(), error: z.string() })),
});
export type StatementRunView = z.infer<typeof StatementRunView>;

export const StatementYearSummary = z.object({
  year: z.number().int(),
  /** Donors of the year with an e-mail address: the statements a run sends. */
  donors: z.number().int(),
  gifts: z.number().int(),
});

export const OrganizationStatementsResponse = z.object({
  organizationId: Id,
  /** The years with gifts, newest first. */
  years: z.array(StatementYearSummary),
  /** The latest run of each year that had one, newest year first. */
  runs: z.array(StatementRunView),
});
export type OrganizationStatementsResponse = z.infer<typeof OrganizationStatementsResponse>;

export const StartStatementRunResponse = z.object({
  /** False when a run of the year was already running: this is that run. */
  started: z.boolean(),
  run: StatementRunView,
});
export type StartStatementRunResponse = z.infer<typeof StartStatementRunResponse>;
