import { CircleAlert, Clock, FilePenLine, Plus, Rocket, WalletCards } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PreCampaign } from '@causeway/core/campaigns/campaign.entity';
import type { SessionUser } from '@causeway/core/users/user.entity';
import { Link, navigate, useSearchParams } from '@causeway/shells/shared/router';
import { LoadMore } from '@causeway/shells/shared/ui/load-more';
import { EmptyState, ErrorPanel } from '@causeway/shells/shared/ui/states';
import { PageHeader } from '@causeway/shells/shared/ui/page-header';
import { useDraftList, useOrganizationPeople, type DraftListName, type ListScope } from '../api/pre-campaigns.api';
import { campaignerPaths, type HomeView } from '../model/campaigner-routes';
import { draftTitle, lastMoveOf, progressOf, reviewerNoteOf, statusOf } from '../model/draft-status';
import { formatDollars } from '../model/money';
import { rememberedStep } from '../model/resume';
import { stepById } from '../model/wizard-steps';
import { reachPaths } from '../reach/reach-routes';
import { ListSkeleton } from '../ui/states';
import { StatusBadge } from '../ui/status-badge';
import { FailedMonthlyGiftsSection } from './failed-monthly-gifts-section';
import { LiveCampaignsSection } from './live-campaigns-section';

/** An organization's admin may look at all of the organization's campaigns, not only their own. */
export const seesOrganization = (user: SessionUser) => user.admin && user.organizationId !== null;

/** People who write campaigns and belong to an organization may start one (the API decides in the end). */
const mayStart = (user: SessionUser) =>
  user.organizationId !== null && (user.accountType === 'campaigner' || user.admin || user.superUser);

function DraftItem({ draft, author }: { draft: PreCampaign; author: string | null }) {
  const status = statusOf(draft);
  const writing = status === 'New' || status === 'Canceled';
  const progress = writing ? progressOf(draft) : null;
  const resume = rememberedStep(draft.id) ?? progress?.firstOpen ?? 'review';
  const note = reviewerNoteOf(draft);
  const title = draftTitle(draft);
  return (
    <li className="cw-camp-item">
      <div className="cw-camp-item__main">
        <div className="cw-camp-item__title-row">
          <Link to={campaignerPaths.draft(draft.id, resume)} className="cw-camp-item__name">
            {title}
          </Link>
          <StatusBadge status={status} />
        </div>
        <p className="cw-camp-item__meta">
          <span>Goal {draft.campaignRaiseGoal > 0 ? formatDollars(draft.campaignRaiseGoal) : 'not set'}</span>
          <span>{lastMoveOf(draft)}</span>
          {progress && (
            <span>
              {progress.ready} of {progress.total} steps ready
              {progress.firstOpen ? ` · next: ${stepById(progress.firstOpen).label}` : ' · ready to send'}
            </span>
          )}
          {author && <span>By {author}</span>}
        </p>
        {note && note.comments.length > 0 && (
          <p className="cw-camp-item__note">
            <CircleAlert size={14} aria-hidden="true" />
            <span>Reviewer: {note.comments.join(' ')}</span>
          </p>
        )}
      </div>
      <Link
        to={campaignerPaths.draft(draft.id, resume)}
        className={`cw-button ${writing ? 'cw-button--primary' : 'cw-button--secondary'} cw-camp-item__action`}
        aria-label={`${writing ? 'Continue' : 'Open'} ${title}`}
      >
        {writing ? 'Continue' : 'Open'}
      </Link>
    </li>
  );
}

function DraftListSection({
  list,
  scope,
  title,
  description,
  icon,
  empty,
  authors,
  hideWhenEmpty = false,
}: {
  list: DraftListName;
  scope: ListScope;
  title: string;
  description: string;
  icon: LucideIcon;
  empty: { title: string; text: ReactNode; action?: ReactNode };
  /** Who wrote each campaign, by uid, in the organization view. */
  authors: ReadonlyMap<string, string> | null;
  /** A list that is only news when something is in it. */
  hideWhenEmpty?: boolean;
}) {
  const query = useDraftList(list, scope);
  if (hideWhenEmpty && query.data?.length === 0) return null;
  const headingId = `cw-camp-list-${list}`;
  return (
    <section className="cw-card cw-camp-list" aria-labelledby={headingId}>
      <header className="cw-camp-list__head">
        <div>
          <h2 id={headingId} className="cw-camp-list__title">
            {title}
            {query.data && query.data.length > 0 && <span className="cw-camp-count-pill">{query.data.length}</span>}
          </h2>
          <p className="cw-camp-list__description">{description}</p>
        </div>
      </header>
      {query.isPending ? (
        <ListSkeleton label={`Loading ${title.toLowerCase()}…`} />
      ) : query.isError ? (
        <ErrorPanel title={`${title} couldn't be loaded`} error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState layout="inline" icon={icon} title={empty.title} text={empty.text} action={empty.action} />
      ) : (
        <ul className="cw-camp-items">
          {query.data.map((draft) => (
            <DraftItem
              key={draft.id}
              draft={draft}
              author={authors ? (authors.get(draft.userId) ?? 'someone no longer in the organization') : null}
            />
          ))}
        </ul>
      )}
      <LoadMore query={query} />
    </section>
  );
}

function ViewToggle({ view, organization }: { view: HomeView; organization: string }) {
  const options: { value: HomeView; label: string }[] = [
    { value: 'mine', label: 'My campaigns' },
    { value: 'organization', label: `All of ${organization}` },
  ];
  return (
    <div className="cw-camp-toggle" role="radiogroup" aria-label="Whose campaigns">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={view === option.value}
          className={`cw-camp-toggle__option${view === option.value ? ' is-active' : ''}`}
          onClick={() => navigate(campaignerPaths.home(option.value), { replace: true })}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** The campaigner's home: their drafts, what waits for approval or payment, and the organization's live campaigns. */
export function HomePage({ user }: { user: SessionUser }) {
  const params = useSearchParams();
  const organizationView = seesOrganization(user) && params.get('view') === 'organization';
  const view: HomeView = organizationView ? 'organization' : 'mine';
  const scope: ListScope = organizationView
    ? { organizationId: user.organizationId ?? undefined }
    : { userId: user.uid };
  const people = useOrganizationPeople(user.organizationId, { enabled: organizationView });
  const authors = organizationView ? (people.data ?? null) : null;
  const canStart = mayStart(user);
  const organization = user.orgName ?? 'your organization';

  // Only opens the wizard: the draft is made by its first save, so looking (or a double click) makes none.
  const start = () => navigate(campaignerPaths.newDraft());

  const startButton = (label = 'Start a campaign') =>
    canStart ? (
      <button type="button" className="cw-button cw-button--primary" onClick={start}>
        <Plus size={16} aria-hidden="true" />
        {label}
      </button>
    ) : undefined;

  if (user.organizationId === null) {
    return (
      <div className="cw-camp-page">
        <PageHeader eyebrow="Campaigns" title="Your campaigns" />
        <section className="cw-card cw-notice">
          <CircleAlert className="cw-notice__icon" size={22} aria-hidden="true" />
          <div>
            <h2 className="cw-notice__title">Your account isn't linked to an organization yet</h2>
            <p className="cw-notice__text">
              Campaigns belong to an organization. Ask your organization's admin for an invitation, then come back here.
            </p>
          </div>
        </section>
      </div>
    );
  }

  return (
    <div className="cw-camp-page">
      <PageHeader
        eyebrow="Campaigns"
        title={organizationView ? `Campaigns of ${organization}` : `Hello, ${user.fName || 'there'}`}
        description="Write a campaign step by step, send it for approval, then pay its ad budget to publish it as ads. Drafts save as you go."
        actions={
          <>
            <Link to={reachPaths.campaigns()} className="cw-button cw-button--secondary">
              Live campaigns
            </Link>
            {startButton()}
          </>
        }
      />
      {seesOrganization(user) && <ViewToggle view={view} organization={organization} />}
      <DraftListSection
        list="drafts"
        scope={scope}
        title="Drafts"
        description="Campaigns being written, and those sent back for changes."
        icon={FilePenLine}
        authors={authors}
        empty={{
          title: 'No drafts yet',
          text: canStart
            ? 'Start a campaign: tell its story, set a goal, choose the audience and the budget. You can stop at any step and continue later.'
            : 'Drafts of your campaigns appear here.',
          action: startButton('Start your first campaign'),
        }}
      />
      <DraftListSection
        list="pending"
        scope={scope}
        title="Waiting for approval"
        description="Sent to a reviewer. You'll be notified when they decide."
        icon={Clock}
        authors={authors}
        empty={{
          title: 'Nothing is waiting for approval',
          text: 'When a draft is complete, send it from its Review step; it waits here for a reviewer.',
        }}
      />
      <DraftListSection
        list="pending-publish"
        scope={scope}
        title="Approved, awaiting payment"
        description="Approved campaigns are published as ads once their ad budget is paid."
        icon={WalletCards}
        authors={authors}
        empty={{
          title: 'No approved campaigns yet',
          text: 'A campaign appears here once a reviewer approves it. Paying its ad budget publishes it.',
        }}
      />
      <DraftListSection
        list="publishing"
        scope={scope}
        title="Publishing"
        description="Paid, and being set up as ads. Open one to follow its steps, or to resume it if a step stopped."
        icon={Rocket}
        authors={authors}
        hideWhenEmpty
        empty={{ title: 'Nothing is being published', text: '' }}
      />
      <LiveCampaignsSection organizationId={user.organizationId} organization={organization} />
      <FailedMonthlyGiftsSection organizationId={user.organizationId} />
    </div>
  );
}
