import { CircleDollarSign, Inbox } from 'lucide-react';
import { useState } from 'react';
import type { PreCampaign } from '@causeway/core/campaigns/campaign.entity';
import type { Organization } from '@causeway/core/organizations/organization.entity';
import { Link, navigate } from '@causeway/shells/shared/router';
import { OpenableRow } from '../ui/openable-row';
import { EmptyState, ErrorPanel } from '@causeway/shells/shared/ui/states';
import { OrganizationFilter } from '../ui/organization-filter';
import { PageHeader } from '@causeway/shells/shared/ui/page-header';
import { useOrganizations } from '../api/organizations.api';
import { useApprovalQueue } from '../api/pre-campaigns.api';
import {
  approvalListOf,
  approvalPaths,
  campaignName,
  earlierSendBack,
  hasWaitedLong,
  queuedAt,
  sortQueue,
  waitingTime,
  type ApprovalList,
} from '../model/approvals';
import { money } from '../model/campaign-review';
import { formatDate, formatDateTime } from '../model/format';
import { PersonName } from '../ui/person-name';
import { TableSkeleton } from '../ui/states';
import { Tabs } from '../ui/tabs';
import { useNow } from '../ui/use-now';
import { useUrlFilter } from '../ui/use-url-filter';

const NO_IDS: ReadonlySet<string> = new Set();

/**
 * The campaigns that arrived in a queue while the page was open (the shell refreshes the queue when a
 * workflow notification comes), so the reviewer sees at once which rows are new.
 */
function useArrivals(key: string, drafts: PreCampaign[] | undefined): ReadonlySet<string> {
  const [baseline, setBaseline] = useState<{ key: string; ids: ReadonlySet<string> } | null>(null);
  if (drafts === undefined) return NO_IDS;
  if (baseline === null || baseline.key !== key) {
    setBaseline({ key, ids: new Set(drafts.map((draft) => draft.id)) });
    return NO_IDS;
  }
  return new Set(drafts.filter((draft) => !baseline.ids.has(draft.id)).map((draft) => draft.id));
}

const COPY: Record<ApprovalList, { since: string; waited: string; emptyTitle: string; emptyText: string }> = {
  pending: {
    since: 'Submitted',
    waited: 'Waiting',
    emptyTitle: 'Nothing to review',
    emptyText: 'Campaigns sent for approval appear here as soon as they are submitted.',
  },
  'pending-publish': {
    since: 'Approved',
    waited: 'Unpaid for',
    emptyTitle: 'No approved campaigns awaiting payment',
    emptyText: 'Once you approve a campaign it waits here until its campaigner pays the ad budget.',
  },
  publishing: {
    since: 'Approved',
    waited: 'Since approval',
    emptyTitle: 'Nothing is being published',
    emptyText: 'A paid campaign is listed here while it is set up on the ad platform, or if a step stopped.',
  },
};

const LIST_LABELS: Record<ApprovalList, string> = {
  pending: 'Waiting for review',
  'pending-publish': 'Approved, awaiting payment',
  publishing: 'Paid, publishing',
};

function QueueTable({
  list,
  drafts,
  organizationsById,
  arrivals,
  showOrganization,
}: {
  list: ApprovalList;
  drafts: PreCampaign[];
  organizationsById: Map<string, Organization>;
  arrivals: ReadonlySet<string>;
  showOrganization: boolean;
}) {
  const now = useNow();
  const copy = COPY[list];
  return (
    <div className="cw-admin-table-wrap">
      <table className="cw-admin-table cw-admin-table--stack cw-admin-queue">
        <caption className="cw-visually-hidden">
          {drafts.length} campaign{drafts.length === 1 ? '' : 's'}, newest first
        </caption>
        <thead>
          <tr>
            <th scope="col">Campaign</th>
            {showOrganization && <th scope="col">Organization</th>}
            <th scope="col" className="cw-admin-col--lg">
              Owner
            </th>
            <th scope="col" className="cw-admin-num">
              Goal
            </th>
            <th scope="col" className="cw-admin-num">
              Budget
            </th>
            <th scope="col">{copy.since}</th>
            <th scope="col">{copy.waited}</th>
            <th scope="col" className="cw-admin-col--chevron">
              <span className="cw-visually-hidden">Open</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {drafts.map((draft) => {
            const to = approvalPaths.review(draft.id);
            const since = queuedAt(draft, list);
            const organization = draft.organizationId ? organizationsById.get(draft.organizationId) : undefined;
            const resubmitted = list === 'pending' && earlierSendBack(draft) !== null;
            const long = hasWaitedLong(since, now);
            return (
              <OpenableRow
                key={draft.id}
                className={arrivals.has(draft.id) ? 'is-new' : undefined}
                data-campaign-id={draft.id}
                onOpen={() => navigate(to)}
              >
                <td data-label="Campaign">
                  <div className="cw-admin-identity__text">
                    <span className="cw-admin-queue__name">
                      <Link to={to} className="cw-admin-identity__name">
                        {campaignName(draft)}
                      </Link>
                      {arrivals.has(draft.id) && <span className="cw-badge cw-admin-badge--new">New</span>}
                      {resubmitted && <span className="cw-badge cw-admin-badge--resubmitted">Resubmitted</span>}
                    </span>
                    {draft.campaignTitle && <span className="cw-admin-identity__meta">{draft.campaignTitle}</span>}
                  </div>
                </td>
                {showOrganization && (
                  <td data-label="Organization">
                    {organization?.name ?? <span className="cw-admin-muted">No organization</span>}
                  </td>
                )}
                <td data-label="Owner" className="cw-admin-col--lg">
                  <PersonName uid={draft.userId} />
                </td>
                <td data-label="Goal" className="cw-admin-num">
                  {money(draft.campaignRaiseGoal)}
                </td>
                <td data-label="Budget" className="cw-admin-num">
                  {money(draft.budgetLifetime)}
                </td>
                <td data-label={copy.since} className="cw-admin-nowrap">
                  <time dateTime={since} title={formatDateTime(since)}>
                    {formatDate(since)}
                  </time>
                </td>
                <td data-label={copy.waited} className="cw-admin-nowrap">
                  <span className={long ? 'cw-admin-wait cw-admin-wait--long' : 'cw-admin-wait'}>
                    {waitingTime(since, now)}
                  </span>
                </td>
              </OpenableRow>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The approval desk's queues: campaigns waiting for a decision, and approved ones waiting for payment. */
export function ApprovalQueuePage() {
  const { params, update } = useUrlFilter();
  const list = approvalListOf(params.get('list'));
  const organizationId = params.get('organizationId') || null;
  const pending = useApprovalQueue('pending', organizationId);
  const awaitingPayment = useApprovalQueue('pending-publish', organizationId);
  const publishing = useApprovalQueue('publishing', organizationId);
  const organizations = useOrganizations({ includeDeleted: true });
  const organizationsById = new Map((organizations.data ?? []).map((item) => [item.organizationId, item]));
  const queue = list === 'pending' ? pending : list === 'publishing' ? publishing : awaitingPayment;
  const drafts = sortQueue(queue.data ?? [], list);
  const arrivals = useArrivals(`pending:${organizationId ?? ''}`, pending.data);
  const shownArrivals = list === 'pending' ? arrivals : NO_IDS;
  const copy = COPY[list];
  const organizationName = organizationId ? organizationsById.get(organizationId)?.name : undefined;

  return (
    <div className="cw-admin-page">
      <PageHeader
        eyebrow="Approvals"
        title="Campaign approvals"
        description="Every campaign passes through here before it goes live. Open one to see it as donors will, then approve it or send it back with a note."
      />
      <p className="cw-visually-hidden" role="status">
        {arrivals.size > 0 ? `${arrivals.size} new campaign${arrivals.size === 1 ? '' : 's'} to review.` : ''}
      </p>
      <Tabs
        label="Queues"
        selected={list}
        onSelect={(next) => update({ list: next === 'pending' ? null : next })}
        tabs={[
          { id: 'pending', label: LIST_LABELS.pending, count: pending.data?.length ?? null },
          {
            id: 'pending-publish',
            label: LIST_LABELS['pending-publish'],
            count: awaitingPayment.data?.length ?? null,
          },
          { id: 'publishing', label: LIST_LABELS.publishing, count: publishing.data?.length ?? null },
        ]}
      >
        <section className="cw-card cw-admin-table-card" aria-label={LIST_LABELS[list]}>
          <div className="cw-admin-toolbar cw-admin-toolbar--filters">
            <OrganizationFilter
              id="cw-admin-approvals-organization"
              organizations={organizations.data}
              value={organizationId ?? ''}
              onChange={(value) => update({ organizationId: value })}
            />
            <p className="cw-admin-hint cw-admin-toolbar__note">
              Newest first. The list updates by itself when a campaign is submitted or decided.
            </p>
          </div>
          {queue.isPending ? (
            <TableSkeleton label="Loading campaigns…" />
          ) : queue.isError ? (
            <ErrorPanel
              title="The campaigns couldn't be loaded"
              error={queue.error}
              onRetry={() => void queue.refetch()}
            />
          ) : drafts.length === 0 ? (
            <EmptyState
              icon={list === 'pending' ? Inbox : CircleDollarSign}
              title={copy.emptyTitle}
              text={organizationName ? `${copy.emptyText} Nothing from ${organizationName} right now.` : copy.emptyText}
              action={
                organizationId && (
                  <button
                    type="button"
                    className="cw-button cw-button--secondary"
                    onClick={() => update({ organizationId: null })}
                  >
                    Show every organization
                  </button>
                )
              }
            />
          ) : (
            <QueueTable
              list={list}
              drafts={drafts}
              organizationsById={organizationsById}
              arrivals={shownArrivals}
              showOrganization={organizationId === null}
            />
          )}
        </section>
      </Tabs>
    </div>
  );
}
