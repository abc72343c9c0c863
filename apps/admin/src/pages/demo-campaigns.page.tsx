import { ArrowRight, LoaderCircle, MousePointerClick, Plus, Presentation, Search } from 'lucide-react';
import { useState } from 'react';
import type { DemoCampaign } from '@causeway/core/campaigns/campaign.entity';
import type { Organization } from '@causeway/core/organizations/organization.entity';
import type { DemoCampaignStatus } from '@causeway/core/workflow/workflow.entity';
import { EmptyState, ErrorPanel } from '@causeway/shells/shared/ui/states';
import { Select } from '@causeway/shells/shared/ui/field';
import { OrganizationFilter } from '../ui/organization-filter';
import { PageHeader, Section } from '@causeway/shells/shared/ui/page-header';
import { useDemoCampaign, useDemoCampaigns, useMoveDemoCampaign } from '../api/demo-campaigns.api';
import { useOrganizations } from '../api/organizations.api';
import { isConflict } from '../api/query';
import {
  DEMO_MOVE_LABELS,
  DEMO_STATUSES,
  demoTransitionLegend,
  isDemoStatus,
  orderedMoves,
} from '../model/demo-campaigns';
import { formatDate, formatDateTime } from '../model/format';
import { TableSkeleton } from '../ui/states';
import { useToast } from '../ui/toast';
import { useUrlFilter } from '../ui/use-url-filter';
import { DemoStatusBadge } from '../ui/workflow-badges';
import { DemoCampaignDialog } from './demo-campaign-dialog';
import { OpenableRow } from '../ui/openable-row';

const demoName = (demo: Pick<DemoCampaign, 'campaignName'>) => demo.campaignName.trim() || 'Untitled demo campaign';

function organizationLabel(organizationId: string | null, organizationsById: Map<string, Organization>) {
  if (organizationId === null) return <span className="cw-admin-muted">No organization</span>;
  return organizationsById.get(organizationId)?.name ?? <span className="cw-admin-muted">Unknown organization</span>;
}

/** The open demo campaign: its facts, and a button for each status the API says it may move to now. */
function DemoCampaignPanel({
  id,
  organizationsById,
  onClose,
}: {
  id: string;
  organizationsById: Map<string, Organization>;
  onClose: () => void;
}) {
  const view = useDemoCampaign(id);
  const move = useMoveDemoCampaign(id);
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);

  const moveTo = (status: DemoCampaignStatus) => {
    setFailure(null);
    move.mutate(status, {
      onSuccess: (moved) =>
        toast.success(`“${demoName(moved.demoCampaign)}” is now ${moved.demoCampaign.workflowstatus}.`),
      onError: (error) => {
        setFailure(error.message);
        // Someone else moved it first: show where it is now and what it may do from there.
        if (isConflict(error)) void view.refetch();
      },
    });
  };

  return (
    <section className="cw-card cw-admin-demo-panel" aria-labelledby="cw-admin-demo-panel-title">
      {view.isPending ? (
        <div aria-busy="true" role="status" className="cw-admin-form-skeleton__card">
          <span className="cw-visually-hidden">Loading the demo campaign…</span>
          <span className="cw-admin-shimmer cw-admin-shimmer--title" />
          <span className="cw-admin-shimmer cw-admin-shimmer--input" />
        </div>
      ) : view.isError ? (
        <ErrorPanel
          compact
          title="The demo campaign couldn't be loaded"
          error={view.error}
          onRetry={() => void view.refetch()}
        />
      ) : (
        <>
          <div className="cw-section__header">
            <div>
              <p className="cw-eyebrow">Demo campaign</p>
              <h2 id="cw-admin-demo-panel-title" className="cw-section__title">
                {demoName(view.data.demoCampaign)}
              </h2>
            </div>
            <button type="button" className="cw-button cw-button--ghost" onClick={onClose}>
              Close
            </button>
          </div>
          <dl className="cw-admin-facts">
            <div>
              <dt>Status</dt>
              <dd>
                <DemoStatusBadge status={view.data.demoCampaign.workflowstatus} />
              </dd>
            </div>
            <div>
              <dt>Organization</dt>
              <dd>{organizationLabel(view.data.demoCampaign.organizationId, organizationsById)}</dd>
            </div>
            <div>
              <dt>Created</dt>
              <dd>{formatDateTime(view.data.demoCampaign.createdAt)}</dd>
            </div>
            <div>
              <dt>Last change</dt>
              <dd>{formatDateTime(view.data.demoCampaign.updatedAt)}</dd>
            </div>
          </dl>
          <div className="cw-admin-demo-moves">
            <h3 className="cw-admin-demo-moves__title" id="cw-admin-demo-moves-title">
              Move to
            </h3>
            {view.data.moves.length === 0 ? (
              <p className="cw-admin-muted">
                This demo campaign can't move from {view.data.demoCampaign.workflowstatus}.
              </p>
            ) : (
              <ul className="cw-admin-demo-moves__list" aria-labelledby="cw-admin-demo-moves-title">
                {orderedMoves(view.data.moves).map((status) => (
                  <li key={status}>
                    <button
                      type="button"
                      className={`cw-button ${status === 'Canceled' || status === 'Rejected' ? 'cw-button--danger-ghost' : 'cw-button--secondary'} cw-admin-demo-move`}
                      onClick={() => moveTo(status)}
                      disabled={move.isPending}
                      aria-label={`Move to ${status}`}
                    >
                      {move.isPending && move.variables === status ? (
                        <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />
                      ) : (
                        <ArrowRight size={16} aria-hidden="true" />
                      )}
                      <span className="cw-admin-demo-move__status">{status}</span>
                      <span className="cw-admin-demo-move__hint">{DEMO_MOVE_LABELS[status]}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {failure && (
              <p className="cw-alert" role="alert">
                {failure}
              </p>
            )}
          </div>
        </>
      )}
    </section>
  );
}

/** The transition table, so staff know where a demo campaign can go before they try. */
function TransitionLegend() {
  return (
    <Section
      id="cw-admin-demo-legend"
      title="How demo campaigns move"
      description="Each status and the statuses it may go to next. Any other move is refused."
    >
      <ul className="cw-admin-legend">
        {demoTransitionLegend().map(({ from, to }) => (
          <li key={from} className="cw-admin-legend__row">
            <DemoStatusBadge status={from} />
            <ArrowRight size={14} aria-hidden="true" className="cw-admin-legend__arrow" />
            <span className="cw-visually-hidden">may go to</span>
            <span className="cw-admin-legend__targets">
              {to.map((status) => (
                <DemoStatusBadge key={status} status={status} />
              ))}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Demo campaigns, for platform staff: create them, filter them, and move them through their statuses. */
export function DemoCampaignsPage() {
  const { params, update } = useUrlFilter();
  const [creating, setCreating] = useState(false);
  const toast = useToast();
  const organizationId = params.get('organizationId') ?? '';
  const statusParam = params.get('status');
  const status = isDemoStatus(statusParam) ? statusParam : undefined;
  const openId = params.get('open');
  const demos = useDemoCampaigns({ organizationId: organizationId || undefined, status });
  const organizations = useOrganizations({ includeDeleted: true });
  const organizationsById = new Map((organizations.data ?? []).map((item) => [item.organizationId, item]));
  const filtered = organizationId !== '' || status !== undefined;

  return (
    <div className="cw-admin-page">
      <PageHeader
        eyebrow="Administration"
        title="Demo campaigns"
        description="Example campaigns for showing Causeway: nothing is bought or charged. Move them through their statuses to demonstrate the workflow."
        actions={
          <button type="button" className="cw-button cw-button--primary" onClick={() => setCreating(true)}>
            <Plus size={16} aria-hidden="true" />
            New demo campaign
          </button>
        }
      />
      <div className={`cw-admin-demo${openId ? ' has-panel' : ''}`}>
        <section className="cw-card cw-admin-table-card" aria-label="Demo campaigns">
          <div className="cw-admin-toolbar cw-admin-toolbar--filters">
            <div className="cw-admin-filter">
              <label htmlFor="cw-admin-demo-status" className="cw-admin-filter__label">
                Status
              </label>
              <Select
                id="cw-admin-demo-status"
                value={status ?? ''}
                onChange={(event) => update({ status: event.target.value })}
              >
                <option value="">All statuses</option>
                {DEMO_STATUSES.map((item) => (
                  <option key={item} value={item}>
                    {item}
                  </option>
                ))}
              </Select>
            </div>
            <OrganizationFilter
              id="cw-admin-demo-organization"
              organizations={organizations.data}
              value={organizationId}
              onChange={(value) => update({ organizationId: value })}
            />
          </div>
          {demos.isPending ? (
            <TableSkeleton label="Loading demo campaigns…" />
          ) : demos.isError ? (
            <ErrorPanel
              title="Demo campaigns couldn't be loaded"
              error={demos.error}
              onRetry={() => void demos.refetch()}
            />
          ) : demos.data.length === 0 ? (
            filtered ? (
              <EmptyState
                icon={Search}
                title="No demo campaigns match"
                text="None has this status or organization. Try other filters."
                action={
                  <button
                    type="button"
                    className="cw-button cw-button--secondary"
                    onClick={() => update({ status: null, organizationId: null })}
                  >
                    Clear filters
                  </button>
                }
              />
            ) : (
              <EmptyState
                icon={Presentation}
                title="No demo campaigns yet"
                text="Create one to walk someone through the campaign workflow without spending anything."
                action={
                  <button type="button" className="cw-button cw-button--primary" onClick={() => setCreating(true)}>
                    <Plus size={16} aria-hidden="true" />
                    New demo campaign
                  </button>
                }
              />
            )
          ) : (
            <div className="cw-admin-table-wrap">
              <table className="cw-admin-table cw-admin-table--stack">
                <caption className="cw-visually-hidden">
                  {demos.data.length} demo campaign{demos.data.length === 1 ? '' : 's'}, newest first
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Organization</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="cw-admin-col--md">
                      Last change
                    </th>
                    <th scope="col" className="cw-admin-col--chevron">
                      <span className="cw-visually-hidden">Open</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {demos.data.map((demo) => {
                    const open = demo.campaignUUID === openId;
                    return (
                      <OpenableRow
                        key={demo.campaignUUID}
                        className={open ? 'is-selected' : undefined}
                        onOpen={() => update({ open: demo.campaignUUID })}
                      >
                        <td data-label="Name">
                          <button
                            type="button"
                            className="cw-admin-row-button cw-admin-identity__name"
                            onClick={() => update({ open: demo.campaignUUID })}
                            aria-current={open ? 'true' : undefined}
                          >
                            {demoName(demo)}
                          </button>
                        </td>
                        <td data-label="Organization">{organizationLabel(demo.organizationId, organizationsById)}</td>
                        <td data-label="Status">
                          <DemoStatusBadge status={demo.workflowstatus} />
                        </td>
                        <td data-label="Last change" className="cw-admin-col--md cw-admin-nowrap">
                          <time dateTime={demo.updatedAt} title={formatDateTime(demo.updatedAt)}>
                            {formatDate(demo.updatedAt)}
                          </time>
                        </td>
                      </OpenableRow>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </section>
        {openId ? (
          <DemoCampaignPanel
            key={openId}
            id={openId}
            organizationsById={organizationsById}
            onClose={() => update({ open: null })}
          />
        ) : (
          demos.data &&
          demos.data.length > 0 && (
            <p className="cw-admin-hint cw-admin-inline-icon cw-admin-demo__tip">
              <MousePointerClick size={16} aria-hidden="true" />
              Open a demo campaign to move it to another status.
            </p>
          )
        )}
      </div>
      <TransitionLegend />
      {creating && (
        <DemoCampaignDialog
          open
          organizations={organizations.data ?? []}
          organizationId={organizationId || undefined}
          onClose={() => setCreating(false)}
          onCreated={(view) => {
            setCreating(false);
            toast.success(`“${demoName(view.demoCampaign)}” was created as a draft.`);
            // Show the new one, where it can be moved at once, even when the filters would hide it.
            update({ open: view.demoCampaign.campaignUUID, status: null });
          }}
        />
      )}
    </div>
  );
}
