import type { Organization } from '@causeway/core/organizations/organization.entity';
import { Select } from '@causeway/shells/shared/ui/field';

/**
 * A list's filter by organization: every active organization, and the chosen one even when it is
 * deleted (named so), so a link to a deleted organization's list still says what it shows.
 */
export function OrganizationFilter({
  id,
  organizations,
  value,
  onChange,
}: {
  id: string;
  organizations: readonly Organization[] | undefined;
  value: string;
  onChange: (organizationId: string) => void;
}) {
  return (
    <div className="cw-admin-filter">
      <label htmlFor={id} className="cw-admin-filter__label">
        Organization
      </label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">All organizations</option>
        {(organizations ?? [])
          .filter((item) => !item.isDeleted || item.organizationId === value)
          .map((item) => (
            <option key={item.organizationId} value={item.organizationId}>
              {item.name}
              {item.isDeleted ? ' (deleted)' : ''}
            </option>
          ))}
      </Select>
    </div>
  );
}
