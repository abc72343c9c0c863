import type { Organization } from '@causeway/core/organizations/organization.entity';

/** Organizations whose name, code or e-mail contains the search; active ones first, then by name. */
export function filterOrganizations(organizations: readonly Organization[], search: string): Organization[] {
  const needle = search.trim().toLowerCase();
  return organizations
    .filter(
      (organization) =>
        needle === '' ||
        [organization.name, organization.organizationCode, organization.email].some((value) =>
          (value ?? '').toLowerCase().includes(needle),
        ),
    )
    .sort(
      (a, b) =>
        Number(a.isDeleted) - Number(b.isDeleted) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
    );
}

/** The share shown for an organization: its own, or the platform default when it has none (0). */
export function donationShareLabel(
  percentage: number,
  platformDefault: number | undefined,
): {
  text: string;
  usesDefault: boolean;
} {
  if (percentage > 0) return { text: `${percentage}%`, usesDefault: false };
  return {
    text: platformDefault === undefined ? 'Platform default' : `Platform default (${platformDefault}%)`,
    usesDefault: true,
  };
}
