import { Filter, LoaderCircle, ScrollText, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from '@causeway/shells/shared/router';
import { EmptyState, ErrorPanel } from '@causeway/shells/shared/ui/states';
import { PageHeader } from '@causeway/shells/shared/ui/page-header';
import { useAuditLog } from '../api/audit-log.api';
import { usePeople } from '../api/people.api';
import {
  actionText,
  authorNamer,
  documentLabel,
  eventLabel,
  knownDocuments,
  knownEvents,
  mergePages,
  recordPathOf,
} from '../model/audit-log';
import { formatDateTime, formatRelative } from '../model/format';
import { TableSkeleton } from '../ui/states';
import { useUrlFilter } from '../ui/use-url-filter';
import { AuditLogQuery } from '@causeway/core/contracts/people.contract';
import { maxLengthOf } from '@causeway/core/contracts/max-length';

export function AuditLogPage() {
  const { params, update } = useUrlFilter();
  const document = params.get('document') ?? '';
  const event = params.get('event') ?? '';
  const [draft, setDraft] = useState({ document, event });
  // The address holds the filters: when it changes without the form (the menu's link), the fields follow.
  const [addressFilters, setAddressFilters] = useState({ document, event });
  if (addressFilters.document !== document || addressFilters.event !== event) {
    setAddressFilters({ document, event });
    setDraft({ document, event });
  }
  const log = useAuditLog({ document, event });
  const people = usePeople({ includeDeleted: true }, { every: true });
  const nameOf = authorNamer(people.data);
  const entries = mergePages(log.data?.pages ?? []);
  const filtered = document !== '' || event !== '';

  const apply = (next: { document: string; event: string }) => {
    setDraft(next);
    update({ document: next.document.trim(), event: next.event.trim() });
  };

  return (
    <div className="cw-admin-page">
      <PageHeader
        eyebrow="Administration"
        title="Audit log"
        description="Every change admins and the approval workflow made, newest first."
      />
      <section className="cw-card cw-admin-table-card" aria-label="Audit log">
        <form
          className="cw-admin-toolbar cw-admin-toolbar--filters"
          onSubmit={(submitEvent) => {
            submitEvent.preventDefault();
            apply(draft);
          }}
        >
          <div className="cw-admin-filter">
            <label htmlFor="cw-admin-log-document" className="cw-admin-filter__label">
              Document
            </label>
            <input
              id="cw-admin-log-document"
              className="cw-input"
              list="cw-admin-log-documents"
              placeholder="All documents"
              value={draft.document}
              maxLength={maxLengthOf(AuditLogQuery.shape.document)}
              onChange={(changeEvent) => setDraft((current) => ({ ...current, document: changeEvent.target.value }))}
              autoComplete="off"
              spellCheck={false}
            />
            <datalist id="cw-admin-log-documents">
              {knownDocuments.map((value) => (
                <option key={value} value={value} label={documentLabel(value)} />
              ))}
            </datalist>
          </div>
          <div className="cw-admin-filter">
            <label htmlFor="cw-admin-log-event" className="cw-admin-filter__label">
              Event
            </label>
            <input
              id="cw-admin-log-event"
              className="cw-input"
              list="cw-admin-log-events"
              placeholder="All events"
              value={draft.event}
              maxLength={maxLengthOf(AuditLogQuery.shape.event)}
              onChange={(changeEvent) => setDraft((current) => ({ ...current, event: changeEvent.target.value }))}
              autoComplete="off"
              spellCheck={false}
            />
            <datalist id="cw-admin-log-events">
              {knownEvents.map((value) => (
                <option key={value} value={value} label={eventLabel(value)} />
              ))}
            </datalist>
          </div>
          <div className="cw-admin-toolbar__buttons">
            <button type="submit" className="cw-button cw-button--secondary">
              <Filter size={16} aria-hidden="true" />
              Filter
            </button>
            {filtered && (
              <button
                type="button"
                className="cw-button cw-button--ghost"
                onClick={() => apply({ document: '', event: '' })}
              >
                <X size={16} aria-hidden="true" />
                Clear
              </button>
            )}
          </div>
        </form>
        {log.isPending ? (
          <TableSkeleton label="Loading the audit log…" rows={8} />
        ) : log.isError && entries.length === 0 ? (
          <ErrorPanel title="The audit log couldn't be loaded" error={log.error} onRetry={() => void log.refetch()} />
        ) : entries.length === 0 ? (
          <EmptyState
            icon={ScrollText}
            title={filtered ? 'No entries match' : 'Nothing logged yet'}
            text={
              filtered
                ? 'No change matches these filters. Try another document or event.'
                : 'Changes to organizations, people and settings will be listed here.'
            }
          />
        ) : (
          <>
            <div className="cw-admin-table-wrap">
              <table className="cw-admin-table cw-admin-table--stack cw-admin-table--log">
                <caption className="cw-visually-hidden">Audit log entries, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Who</th>
                    <th scope="col">Event</th>
                    <th scope="col">Action</th>
                    <th scope="col">Record</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry) => {
                    const author = nameOf(entry.created_by);
                    const recordPath = recordPathOf(entry);
                    return (
                      <tr key={entry.id}>
                        <td data-label="When">
                          <div>
                            <time dateTime={entry.created_date}>{formatDateTime(entry.created_date)}</time>
                            <span className="cw-admin-identity__meta">{formatRelative(entry.created_date)}</span>
                          </div>
                        </td>
                        <td data-label="Who">
                          {author.platform ? (
                            author.name
                          ) : author.known ? (
                            <Link
                              to={`/admin/people/${encodeURIComponent(entry.created_by)}`}
                              className="cw-admin-link"
                            >
                              {author.name}
                            </Link>
                          ) : (
                            <code className="cw-admin-code" title="Not found among the people on Causeway">
                              {author.name}
                            </code>
                          )}
                        </td>
                        <td data-label="Event">
                          <div className="cw-admin-event-cell">
                            <span className={`cw-badge cw-admin-event cw-admin-event--${entry.event}`}>
                              {eventLabel(entry.event)}
                            </span>
                            <span className="cw-admin-identity__meta">{documentLabel(entry.document)}</span>
                          </div>
                        </td>
                        <td data-label="Action" className="cw-admin-table__action">
                          {actionText(entry)}
                        </td>
                        <td data-label="Record">
                          {(entry.trigger_name ?? entry.trigger_id) ? (
                            recordPath ? (
                              <Link to={recordPath} className="cw-admin-link">
                                {entry.trigger_name ?? entry.trigger_id}
                              </Link>
                            ) : (
                              (entry.trigger_name ?? entry.trigger_id)
                            )
                          ) : (
                            <span className="cw-admin-muted">—</span>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <div className="cw-admin-table-footer">
              <p className="cw-admin-muted">
                {entries.length} entr{entries.length === 1 ? 'y' : 'ies'} shown
              </p>
              {log.isFetchNextPageError && (
                <p className="cw-field__error" role="alert">
                  Older entries couldn't be loaded: {log.error?.message}
                </p>
              )}
              {log.hasNextPage ? (
                <button
                  type="button"
                  className="cw-button cw-button--secondary"
                  onClick={() => void log.fetchNextPage()}
                  disabled={log.isFetchingNextPage}
                >
                  {log.isFetchingNextPage && <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />}
                  {log.isFetchNextPageError ? 'Try again' : 'Load older'}
                </button>
              ) : (
                <p className="cw-admin-muted">That’s the beginning of the log.</p>
              )}
            </div>
          </>
        )}
      </section>
    </div>
  );
}
