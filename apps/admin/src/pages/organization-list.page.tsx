import { Building2, Plus, Search } from 'lucide-react';
import { Link, navigate } from '@causeway/shells/shared/router';
import { OpenableRow } from '../ui/openable-row';
import { EmptyState, ErrorPanel } from '@causeway/shells/shared/ui/states';
import { PageHeader } from '@causeway/shells/shared/ui/page-header';
import { useOrganizations } from '../api/organizations.api';
import { useSettings } from '../api/settings.api';
import { adminPaths } from '../model/admin-routes';
import { donationShareLabel, filterOrganizations } from '../model/organization-list';
import { StatusBadge } from '../ui/badges';
import { TableSkeleton } from '../ui/states';
import { useUrlFilter } from '../ui/use-url-filter';
import { SEARCH_MAX_LENGTH } from '@causeway/core/contracts/max-length';

export function OrganizationListPage() {
  const { params, update } = useUrlFilter();
  const includeDeleted = params.get('deleted') === '1';
  const search = params.get('q') ?? '';
  const organizations = useOrganizations({ includeDeleted });
  const settings = useSettings();
  const platformDefault = settings.data?.settings.donationPercentage;
  const shown = filterOrganizations(organizations.data ?? [], search);

  return (
    <div className="cw-admin-page">
      <PageHeader
        eyebrow="Administration"
        title="Organizations"
        description="The nonprofits on Causeway: their details, their share of donations and their branding."
        actions={
          <Link to={adminPaths.newOrganization} className="cw-button cw-button--primary">
            <Plus size={16} aria-hidden="true" />
            New organization
          </Link>
        }
      />
      <section className="cw-card cw-admin-table-card" aria-label="Organizations">
        <div className="cw-admin-toolbar">
          <div className="cw-admin-search">
            <Search size={16} aria-hidden="true" className="cw-admin-search__icon" />
            <label htmlFor="cw-admin-organization-search" className="cw-visually-hidden">
              Search organizations
            </label>
            <input
              id="cw-admin-organization-search"
              type="search"
              className="cw-input cw-admin-search__input"
              placeholder="Search by name, code or e-mail"
              value={search}
              maxLength={SEARCH_MAX_LENGTH}
              onChange={(event) => update({ q: event.target.value })}
            />
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
        {organizations.isPending ? (
          <TableSkeleton label="Loading organizations…" />
        ) : organizations.isError ? (
          <ErrorPanel
            title="Organizations couldn't be loaded"
            error={organizations.error}
            onRetry={() => void organizations.refetch()}
          />
        ) : organizations.data.length === 0 ? (
          <EmptyState
            icon={Building2}
            title="No organizations yet"
            text="Add the first nonprofit to Causeway, then invite its people."
            action={
              <Link to={adminPaths.newOrganization} className="cw-button cw-button--primary">
                <Plus size={16} aria-hidden="true" />
                New organization
              </Link>
            }
          />
        ) : shown.length === 0 ? (
          <EmptyState
            icon={Search}
            title="No organizations match"
            text={`Nothing matches “${search.trim()}”. Try another name, code or e-mail.`}
            action={
              <button type="button" className="cw-button cw-button--secondary" onClick={() => update({ q: null })}>
                Clear search
              </button>
            }
          />
        ) : (
          <div className="cw-admin-table-wrap">
            <table className="cw-admin-table">
              <caption className="cw-visually-hidden">
                {shown.length} organization{shown.length === 1 ? '' : 's'}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Organization</th>
                  <th scope="col" className="cw-admin-col--md">
                    Code
                  </th>
                  <th scope="col" className="cw-admin-col--lg">
                    E-mail
                  </th>
                  <th scope="col" className="cw-admin-col--md">
                    Donation share
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col" className="cw-admin-col--chevron">
                    <span className="cw-visually-hidden">Open</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((organization) => {
                  const share = donationShareLabel(organization.donationPercentage, platformDefault);
                  const to = adminPaths.organization(organization.organizationId);
                  return (
                    <OpenableRow
                      key={organization.organizationId}
                      className={organization.isDeleted ? 'is-deleted' : undefined}
                      onOpen={() => navigate(to)}
                    >
                      <td>
                        <div className="cw-admin-identity">
                          {organization.logo ? (
                            <img className="cw-admin-identity__logo" src={organization.logo} alt="" />
                          ) : (
                            <span
                              className="cw-admin-identity__logo cw-admin-identity__logo--letter"
                              aria-hidden="true"
                            >
                              {organization.name.charAt(0).toUpperCase()}
                            </span>
                          )}
                          <div className="cw-admin-identity__text">
                            <Link to={to} className="cw-admin-identity__name">
                              {organization.name}
                            </Link>
                            {organization.website && (
                              <span className="cw-admin-identity__meta">
                                {organization.website.replace(/^https?:\/\//, '')}
                              </span>
                            )}
                          </div>
                        </div>
                      </td>
                      <td className="cw-admin-col--md">
                        {organization.organizationCode ? (
                          <code className="cw-admin-code">{organization.organizationCode}</code>
                        ) : (
                          <span className="cw-admin-muted">—</span>
                        )}
                      </td>
                      <td className="cw-admin-col--lg">
                        {organization.email ?? <span className="cw-admin-muted">—</span>}
                      </td>
                      <td className="cw-admin-col--md">
                        <span className={share.usesDefault ? 'cw-admin-muted' : undefined}>{share.text}</span>
                      </td>
                      <td>
                        <StatusBadge deleted={organization.isDeleted} />
                      </td>
                    </OpenableRow>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
