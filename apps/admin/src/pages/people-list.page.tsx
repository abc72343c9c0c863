import { Search, UserPlus, Users } from 'lucide-react';
import type { Organization } from '@causeway/core/organizations/organization.entity';
import type { AccountType } from '@causeway/core/users/user.entity';
import { useState } from 'react';
import { Link, navigate } from '@causeway/shells/shared/router';
import { OpenableRow } from '../ui/openable-row';
import { LoadMore } from '@causeway/shells/shared/ui/load-more';
import { EmptyState, ErrorPanel } from '@causeway/shells/shared/ui/states';
import { Select } from '@causeway/shells/shared/ui/field';
import { OrganizationFilter } from '../ui/organization-filter';
import { PageHeader } from '@causeway/shells/shared/ui/page-header';
import { useOrganization, useOrganizations } from '../api/organizations.api';
import { usePeople } from '../api/people.api';
import type { AdminAccess } from '../model/admin-access';
import { adminPaths } from '../model/admin-routes';
import { formatDate } from '../model/format';
import { accountTypes, personInitials, personKindLabel, personName, searchPeople, sortPeople } from '../model/people';
import { RoleBadges } from '../ui/badges';
import { TableSkeleton } from '../ui/states';
import { useUrlFilter } from '../ui/use-url-filter';
import { InviteDialog } from './invite-dialog';
import { SEARCH_MAX_LENGTH } from '@causeway/core/contracts/max-length';

const isAccountType = (value: string | null): value is AccountType => accountTypes.some((type) => type.value === value);

export function PeopleListPage({ access }: { access: AdminAccess }) {
  const { params, update } = useUrlFilter();
  const [inviting, setInviting] = useState(false);
  // An organization admin always sees their own organization; platform staff choose.
  const organizationId = access.ownOrganizationId ?? params.get('organizationId') ?? '';
  const accountTypeParam = params.get('accountType');
  const accountType = isAccountType(accountTypeParam) ? accountTypeParam : undefined;
  const includeDeleted = params.get('deleted') === '1';
  const search = params.get('q') ?? '';

  const people = usePeople({ organizationId: organizationId || undefined, accountType, includeDeleted });
  const organizations = useOrganizations({ includeDeleted: true, enabled: access.listOrganizations });
  const ownOrganization = useOrganization(access.ownOrganizationId);
  const organizationsById = new Map<string, Organization>(
    (organizations.data ?? (ownOrganization.data ? [ownOrganization.data] : [])).map((organization) => [
      organization.organizationId,
      organization,
    ]),
  );
  const shown = sortPeople(searchPeople(people.data ?? [], search));
  const filtered = (access.platformStaff && organizationId !== '') || accountType !== undefined || search.trim() !== '';

  return (
    <div className="cw-admin-page">
      <PageHeader
        eyebrow="Administration"
        title="People"
        description={
          access.platformStaff
            ? 'Everyone on Causeway: their organization, account type and rights.'
            : `The people of ${ownOrganization.data?.name ?? 'your organization'}: their profiles and admin rights.`
        }
        actions={
          access.invite && (
            <button type="button" className="cw-button cw-button--primary" onClick={() => setInviting(true)}>
              <UserPlus size={16} aria-hidden="true" />
              Invite someone
            </button>
          )
        }
      />
      <section className="cw-card cw-admin-table-card" aria-label="People">
        <div className="cw-admin-toolbar cw-admin-toolbar--filters">
          <div className="cw-admin-search">
            <Search size={16} aria-hidden="true" className="cw-admin-search__icon" />
            <label htmlFor="cw-admin-people-search" className="cw-visually-hidden">
              Search by name or e-mail
            </label>
            <input
              id="cw-admin-people-search"
              type="search"
              className="cw-input cw-admin-search__input"
              placeholder="Search by name or e-mail"
              value={search}
              maxLength={SEARCH_MAX_LENGTH}
              onChange={(event) => update({ q: event.target.value })}
            />
          </div>
          {access.listOrganizations && (
            <OrganizationFilter
              id="cw-admin-people-organization"
              organizations={organizations.data}
              value={organizationId}
              onChange={(value) => update({ organizationId: value })}
            />
          )}
          <div className="cw-admin-filter">
            <label htmlFor="cw-admin-people-type" className="cw-admin-filter__label">
              Account type
            </label>
            <Select
              id="cw-admin-people-type"
              value={accountType ?? ''}
              onChange={(event) => update({ accountType: event.target.value })}
            >
              <option value="">All account types</option>
              {accountTypes.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
          <label className="cw-admin-check">
            <input
              type="checkbox"
              checked={includeDeleted}
              onChange={(event) => update({ deleted: event.target.checked ? '1' : null })}
            />
            Show deleted
          </label>
        </div>
        {people.isPending ? (
          <TableSkeleton label="Loading people…" />
        ) : people.isError ? (
          <ErrorPanel title="People couldn't be loaded" error={people.error} onRetry={() => void people.refetch()} />
        ) : shown.length === 0 ? (
          filtered ? (
            <EmptyState
              icon={Search}
              title="Nobody matches"
              text="No one matches these filters. Try another search or show everyone."
              action={
                <button
                  type="button"
                  className="cw-button cw-button--secondary"
                  onClick={() => update({ q: null, accountType: null, organizationId: null })}
                >
                  Clear filters
                </button>
              }
            />
          ) : (
            <EmptyState
              icon={Users}
              title="No one here yet"
              text="Invite the people who will write and promote campaigns."
              action={
                access.invite && (
                  <button type="button" className="cw-button cw-button--primary" onClick={() => setInviting(true)}>
                    <UserPlus size={16} aria-hidden="true" />
                    Invite someone
                  </button>
                )
              }
            />
          )
        ) : (
          <>
            <div className="cw-admin-table-wrap">
              <table className="cw-admin-table">
                <caption className="cw-visually-hidden">
                  {shown.length} {shown.length === 1 ? 'person' : 'people'}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    {access.platformStaff && (
                      <th scope="col" className="cw-admin-col--lg">
                        Organization
                      </th>
                    )}
                    <th scope="col" className="cw-admin-col--md">
                      Account type
                    </th>
                    <th scope="col">Roles</th>
                    <th scope="col" className="cw-admin-col--lg">
                      Last sign-in
                    </th>
                    <th scope="col" className="cw-admin-col--chevron">
                      <span className="cw-visually-hidden">Open</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((person) => {
                    const to = adminPaths.person(person.uid);
                    const organization = person.organizationId
                      ? organizationsById.get(person.organizationId)
                      : undefined;
                    return (
                      <OpenableRow
                        key={person.uid}
                        className={person.isDeleted ? 'is-deleted' : undefined}
                        onOpen={() => navigate(to)}
                      >
                        <td>
                          <div className="cw-admin-identity">
                            {person.avatar ? (
                              <img className="cw-admin-identity__avatar" src={person.avatar} alt="" />
                            ) : (
                              <span className="cw-admin-identity__avatar" aria-hidden="true">
                                {personInitials(person)}
                              </span>
                            )}
                            <div className="cw-admin-identity__text">
                              <Link to={to} className="cw-admin-identity__name">
                                {personName(person)}
                                {person.uid === access.uid && <span className="cw-admin-you"> (you)</span>}
                              </Link>
                              <span className="cw-admin-identity__meta">{person.Email}</span>
                            </div>
                          </div>
                        </td>
                        {access.platformStaff && (
                          <td className="cw-admin-col--lg">
                            {organization ? (
                              organization.name
                            ) : person.organizationId ? (
                              <span className="cw-admin-muted">
                                {person.OrganisationName ?? 'Unknown organization'}
                              </span>
                            ) : (
                              <span className="cw-admin-muted">No organization</span>
                            )}
                          </td>
                        )}
                        <td className="cw-admin-col--md">{personKindLabel(person)}</td>
                        <td>
                          <RoleBadges user={person} />
                        </td>
                        <td className="cw-admin-col--lg cw-admin-nowrap">
                          {person.lastLogin ? (
                            formatDate(person.lastLogin)
                          ) : (
                            <span className="cw-admin-muted">Never</span>
                          )}
                        </td>
                      </OpenableRow>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <LoadMore query={people} />
          </>
        )}
      </section>
      {inviting && (
        <InviteDialog
          open
          onClose={() => setInviting(false)}
          access={access}
          organizationId={organizationId || undefined}
        />
      )}
    </div>
  );
}
