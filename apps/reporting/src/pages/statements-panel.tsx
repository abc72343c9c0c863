import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, LoaderCircle, Send } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import {
  STATEMENT_PATHS,
  type OrganizationStatementsResponse,
  type StartStatementRunResponse,
  type StatementRunView,
} from '@causeway/core/contracts/statements.contract';
import { apiRequest } from '@causeway/shells/shared/http';
import { count } from '../model/format';

/** How often a running send's figures are asked again. */
const PROGRESS_MS = 1_000;

const statementsKey = (organizationId: string) => ['statements', organizationId] as const;

function RunProgress({ run }: { run: StatementRunView }) {
  const done = run.status === 'done';
  return (
    <div className="cw-rep-statements__run" data-run-status={run.status} aria-live="polite">
      <p>
        <strong>{done ? `Statements for ${run.year} sent.` : `Sending statements for ${run.year}…`}</strong>{' '}
        <span data-progress>
          {count(run.sent)} of {count(run.total)} sent
          {run.failed > 0 ? `, ${count(run.failed)} failed` : ''}
        </span>
      </p>
      <progress max={Math.max(run.total, 1)} value={run.sent + run.failed} aria-label={`Statements for ${run.year}`} />
      {run.failures.length > 0 && (
        <details>
          <summary>Not sent ({count(run.failed)}): sending again tries them once more</summary>
          <ul>
            {run.failures.map((failure) => (
              <li key={failure.email}>
                {failure.email}: {failure.error}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/**
 * "Send year-end statements": e-mails every donor of a chosen year their statement (a PDF), each once,
 * and follows the send's progress. For the organization's admins and platform staff.
 */
export function StatementsPanel({ organizationId }: { organizationId: string }) {
  const ids = { title: useId(), year: useId() };
  const queryClient = useQueryClient();
  const statements = useQuery({
    queryKey: statementsKey(organizationId),
    queryFn: () => apiRequest<OrganizationStatementsResponse>('GET', STATEMENT_PATHS.organization(organizationId)),
    refetchInterval: (query) => (query.state.data?.runs.some((run) => run.status === 'running') ? PROGRESS_MS : false),
  });
  const [year, setYear] = useState<number | null>(null);
  const years = statements.data?.years ?? [];
  useEffect(() => {
    if (year === null && years[0]) setYear(years[0].year);
  }, [year, years]);
  const start = useMutation({
    mutationFn: (chosen: number) =>
      apiRequest<StartStatementRunResponse>('POST', STATEMENT_PATHS.run(organizationId, chosen)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statementsKey(organizationId) }),
  });

  if (statements.isPending || statements.isError || years.length === 0) return null;
  const chosen = year ?? years[0]!.year;
  const run = statements.data.runs.find((candidate) => candidate.year === chosen);
  const donors = years.find((candidate) => candidate.year === chosen)?.donors ?? 0;
  return (
    <section className="cw-rep-panel cw-rep-statements" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="cw-rep-panel__title">
        Year-end statements
      </h2>
      <p className="cw-rep-chart__summary">
        E-mail each donor of a year their giving statement as a PDF: every gift, any refund and the total net of
        refunds, with your organization’s tax id and tax statement. Each donor gets one statement a year, however often
        it is sent. Years are calendar years in UTC.
      </p>
      <div className="cw-rep-statements__actions">
        <label htmlFor={ids.year}>Year</label>
        <select id={ids.year} value={chosen} onChange={(event) => setYear(Number(event.target.value))}>
          {years.map((candidate) => (
            <option key={candidate.year} value={candidate.year}>
              {candidate.year} ({count(candidate.donors)} {candidate.donors === 1 ? 'donor' : 'donors'})
            </option>
          ))}
        </select>
        <button
          type="button"
          className="cw-button cw-button--primary"
          disabled={start.isPending || donors === 0}
          onClick={() => start.mutate(chosen)}
        >
          {start.isPending ? (
            <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />
          ) : (
            <Send size={16} aria-hidden="true" />
          )}
          Send year-end statements for {chosen}
        </button>
      </div>
      {start.isSuccess && !start.data.started && start.data.run.year === chosen && (
        <p role="status">Statements for {chosen} are already being sent: here is how far they are.</p>
      )}
      {start.isError && (
        <p className="cw-alert" role="alert">
          <CircleAlert size={18} aria-hidden="true" />
          <span>{start.error.message}</span>
        </p>
      )}
      {run && <RunProgress run={run} />}
    </section>
  );
}
