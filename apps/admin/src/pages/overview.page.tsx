import type { LucideIcon } from 'lucide-react';
import { ArrowRight, Building2, Globe, Mail, Percent, Plus, ScrollText, Settings, UserPlus, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { SessionUser } from '@causeway/core/users/user.entity';
import { Link } from '@causeway/shells/shared/router';
import { EmptyState, ErrorPanel } from '@causeway/shells/shared/ui/states';
import { PageHeader } from '@causeway/shells/shared/ui/page-header';
import { useRecentAuditEntries } from '../api/audit-log.api';
import { useOrganization, useOrganizations } from '../api/organizations.api';
import { usePeople } from '../api/people.api';
import { useSettings } from '../api/settings.api';
import type { AdminAccess } from '../model/admin-access';
import { adminPaths } from '../model/admin-routes';
import { actionText, authorNamer, documentLabel } from '../model/audit-log';
import { formatDateTime, formatPercentage, formatRelative } from '../model/format';
import { InviteDialog } from './invite-dialog';

type StatProps = {
  icon: LucideIcon;
  label: string;
  query: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  value: ReactNode;
  detail: ReactNode;
  to?: string;
  linkLabel?: string;
};

function Stat({ icon: Icon, label, query, value, detail, to, linkLabel }: StatProps) {
  return (
    <section className="cw-card cw-admin-stat" aria-label={label}>
      <div className="cw-admin-stat__head">
        <span className="cw-admin-stat__icon" aria-hidden="true">
          <Icon size={18} />
        </span>
        <h2 className="cw-admin-stat__label">{label}</h2>
      </div>
      {query.isPending ? (
        <div aria-busy="true" role="status">
          <span className="cw-visually-hidden">Loading {label.toLowerCase()}…</span>
          <span className="cw-admin-shimmer cw-admin-shimmer--stat" />
          <span className="cw-admin-shimmer cw-admin-shimmer--narrow" />
        </div>
      ) : query.isError ? (
        <ErrorPanel
          compact
          title={`${label} couldn't be loaded`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <p className="cw-admin-stat__value">{value}</p>
          <p className="cw-admin-stat__detail">{detail}</p>
        </>
      )}
      {to && !query.isError && (
        <Link to={to} className="cw-admin-stat__link">
          {linkLabel ?? `View ${label.toLowerCase()}`}
          <ArrowRight size={14} aria-hidden="true" />
        </Link>
      )}
    </section>
  );
}

type QuickAction = { icon: LucideIcon; label: string; text: string } & ({ to: string } | { onClick: () => void });

function QuickActions({ actions }: { actions: QuickAction[] }) {
  return (
    <section className="cw-card" aria-labelledby="cw-admin-quick-actions">
      <h2 id="cw-admin-quick-actions" className="cw-card__title">
        Quick actions
      </h2>
      <ul className="cw-admin-actions">
        {actions.map((action) => {
          const content = (
            <>
              <span className="cw-admin-actions__icon" aria-hidden="true">
                <action.icon size={18} />
              </span>
              <span className="cw-admin-actions__text">
                <span className="cw-admin-actions__label">{action.label}</span>
                <span className="cw-admin-actions__hint">{action.text}</span>
              </span>
              <ArrowRight className="cw-admin-actions__arrow" size={16} aria-hidden="true" />
            </>
          );
          return (
            <li key={action.label}>
              {'to' in action ? (
                <Link to={action.to} className="cw-admin-actions__item">
                  {content}
                </Link>
              ) : (
                <button type="button" className="cw-admin-actions__item" onClick={action.onClick}>
                  {content}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function RecentActivity() {
  const entries = useRecentAuditEntries(8);
  const people = usePeople({ includeDeleted: true }, { every: true });
  const nameOf = authorNamer(people.data);
  return (
    <section className="cw-card cw-admin-activity" aria-labelledby="cw-admin-recent-activity">
      <div className="cw-admin-card-head">
        <h2 id="cw-admin-recent-activity" className="cw-card__title">
          Recent activity
        </h2>
        <Link to={adminPaths.logs} className="cw-admin-link">
          Audit log
          <ArrowRight size={14} aria-hidden="true" />
        </Link>
      </div>
      {entries.isPending ? (
        <div aria-busy="true" role="status" className="cw-admin-activity__loading">
          <span className="cw-visually-hidden">Loading recent activity…</span>
          {[0, 1, 2, 3].map((row) => (
            <span key={row} className="cw-admin-shimmer cw-admin-shimmer--line" />
          ))}
        </div>
      ) : entries.isError ? (
        <ErrorPanel
          compact
          title="Recent activity couldn't be loaded"
          error={entries.error}
          onRetry={() => void entries.refetch()}
        />
      ) : entries.data.length === 0 ? (
        <EmptyState
          icon={ScrollText}
          title="Nothing happened yet"
          text="Changes to organizations, people and settings will be listed here."
        />
      ) : (
        <ol className="cw-admin-activity__list">
          {entries.data.map((entry) => (
            <li key={entry.id} className="cw-admin-activity__item">
              <span className="cw-admin-activity__dot" aria-hidden="true" />
              <div className="cw-admin-activity__body">
                <p className="cw-admin-activity__action">{actionText(entry)}</p>
                <p className="cw-admin-activity__meta">
                  {nameOf(entry.created_by).name} · {documentLabel(entry.document)} ·{' '}
                  <time dateTime={entry.created_date} title={formatDateTime(entry.created_date)}>
                    {formatRelative(entry.created_date)}
                  </time>
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function PlatformOverview({ access, onInvite }: { access: AdminAccess; onInvite: () => void }) {
  const organizations = useOrganizations({ includeDeleted: true });
  const people = usePeople({ includeDeleted: true }, { every: true });
  const settings = useSettings();
  const activeOrganizations = organizations.data?.filter((organization) => !organization.isDeleted) ?? [];
  const deletedOrganizations = (organizations.data?.length ?? 0) - activeOrganizations.length;
  const activePeople = people.data?.filter((person) => !person.isDeleted) ?? [];
  const admins = activePeople.filter((person) => (person.admin && !person.isDemo) || person.superUser).length;

  const actions: QuickAction[] = [
    { icon: Plus, label: 'New organization', text: 'Add a nonprofit to Causeway', to: adminPaths.newOrganization },
    ...(access.invite
      ? [{ icon: UserPlus, label: 'Invite someone', text: 'Send an invitation by e-mail', onClick: onInvite }]
      : []),
    { icon: Users, label: 'Manage people', text: 'Roles, profiles and access', to: adminPaths.people },
    { icon: Settings, label: 'Platform settings', text: 'Donation share, terms, disclaimer', to: adminPaths.settings },
  ];

  return (
    <>
      <div className="cw-admin-stats">
        <Stat
          icon={Building2}
          label="Organizations"
          query={organizations}
          value={activeOrganizations.length}
          detail={deletedOrganizations > 0 ? `active · ${deletedOrganizations} deleted` : 'active'}
          to={adminPaths.organizations}
        />
        <Stat
          icon={Users}
          label="People"
          query={people}
          value={activePeople.length}
          detail={`${admins} with admin rights`}
          to={adminPaths.people}
        />
        <Stat
          icon={Percent}
          label="Donation share"
          query={settings}
          value={settings.data ? formatPercentage(settings.data.settings.donationPercentage) : '—'}
          detail={settings.data?.saved ? 'platform default' : 'platform default (not saved yet)'}
          to={adminPaths.settings}
          linkLabel="Platform settings"
        />
      </div>
      <div className="cw-admin-overview-grid">
        <RecentActivity />
        <QuickActions actions={actions} />
      </div>
    </>
  );
}

function OrganizationOverview({ access, onInvite }: { access: AdminAccess; onInvite: () => void }) {
  const organizationId = access.ownOrganizationId ?? '';
  const organization = useOrganization(organizationId);
  const people = usePeople({ organizationId }, { every: true });
  const activePeople = people.data?.filter((person) => !person.isDeleted) ?? [];
  const admins = activePeople.filter((person) => person.admin && !person.isDemo).length;
  const actions: QuickAction[] = [
    ...(access.invite
      ? [
          {
            icon: UserPlus,
            label: 'Invite someone',
            text: 'Bring a colleague into your organization',
            onClick: onInvite,
          },
        ]
      : []),
    { icon: Users, label: 'Manage people', text: 'Profiles and admin rights', to: adminPaths.people },
    {
      icon: Building2,
      label: 'Edit organization',
      text: 'Details, terms and branding',
      to: adminPaths.organization(organizationId),
    },
  ];
  return (
    <>
      <div className="cw-admin-stats cw-admin-stats--two">
        <section className="cw-card cw-admin-org-card" aria-label="Your organization">
          {organization.isPending ? (
            <div aria-busy="true" role="status">
              <span className="cw-visually-hidden">Loading your organization…</span>
              <span className="cw-admin-shimmer cw-admin-shimmer--title" />
              <span className="cw-admin-shimmer cw-admin-shimmer--line" />
            </div>
          ) : organization.isError ? (
            <ErrorPanel
              compact
              title="Your organization couldn't be loaded"
              error={organization.error}
              onRetry={() => void organization.refetch()}
            />
          ) : (
            <div className="cw-admin-org-card__body">
              {organization.data.logo ? (
                <img className="cw-admin-org-card__logo" src={organization.data.logo} alt="" />
              ) : (
                <span className="cw-admin-org-card__logo cw-admin-org-card__logo--letter" aria-hidden="true">
                  {organization.data.name.charAt(0).toUpperCase()}
                </span>
              )}
              <div>
                <h2 className="cw-admin-org-card__name">{organization.data.name}</h2>
                <ul className="cw-admin-org-card__facts">
                  {organization.data.email && (
                    <li>
                      <Mail size={14} aria-hidden="true" />
                      {organization.data.email}
                    </li>
                  )}
                  {organization.data.website && (
                    <li>
                      <Globe size={14} aria-hidden="true" />
                      {organization.data.website}
                    </li>
                  )}
                </ul>
                <Link to={adminPaths.organization(organizationId)} className="cw-admin-link">
                  Edit organization
                  <ArrowRight size={14} aria-hidden="true" />
                </Link>
              </div>
            </div>
          )}
        </section>
        <Stat
          icon={Users}
          label="People"
          query={people}
          value={activePeople.length}
          detail={`in your organization · ${admins} admin${admins === 1 ? '' : 's'}`}
          to={adminPaths.people}
        />
      </div>
      <QuickActions actions={actions} />
    </>
  );
}

/** The admin area's home: where things stand and the most common next steps. */
export function OverviewPage({ user, access }: { user: SessionUser; access: AdminAccess }) {
  const [inviting, setInviting] = useState(false);
  return (
    <div className="cw-admin-page">
      <PageHeader
        eyebrow="Administration"
        title={`Hello, ${user.fName || 'there'}`}
        description={
          access.platformStaff
            ? 'Organizations, people and the settings every campaign relies on, across all of Causeway.'
            : `Your organization's details and the people who work on its campaigns.`
        }
      />
      {access.platformStaff ? (
        <PlatformOverview access={access} onInvite={() => setInviting(true)} />
      ) : (
        <OrganizationOverview access={access} onInvite={() => setInviting(true)} />
      )}
      {inviting && <InviteDialog open onClose={() => setInviting(false)} access={access} />}
    </div>
  );
}
