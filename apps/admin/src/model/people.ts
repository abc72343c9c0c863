import type { UpdateUserBody } from '@causeway/core/contracts/people.contract';
import type { AccountType, UserProfile } from '@causeway/core/users/user.entity';
import { isEmail, type FieldErrors } from './organization-form';

export const accountTypes: readonly { value: AccountType; label: string }[] = [
  { value: 'campaigner', label: 'Campaigner' },
  { value: 'promoter', label: 'Promoter' },
  { value: 'donor', label: 'Donor' },
];

export function accountTypeLabel(type: AccountType): string {
  return accountTypes.find(({ value }) => value === type)?.label ?? type;
}

/** What a person is, as People lists them: platform staff (no organization, admin or super user) are staff. */
export function personKindLabel(
  user: Pick<UserProfile, 'AccountType' | 'admin' | 'superUser' | 'organizationId'>,
): string {
  if (!user.organizationId && (user.admin || user.superUser)) return 'Platform staff';
  return accountTypeLabel(user.AccountType);
}

export function personName(user: Pick<UserProfile, 'FirstName' | 'LastName' | 'Email'>): string {
  const name = `${user.FirstName} ${user.LastName}`.trim();
  return name === '' ? user.Email : name;
}

export function personInitials(user: Pick<UserProfile, 'FirstName' | 'LastName' | 'Email'>): string {
  const letters = `${user.FirstName.trim().charAt(0)}${user.LastName.trim().charAt(0)}`;
  return (letters === '' ? user.Email.charAt(0) : letters).toUpperCase();
}

export type RoleBadge = { id: 'superUser' | 'admin' | 'demo' | 'deleted'; label: string };

/** The badges that tell an admin at a glance what a person may do and whether the account is live. */
export function roleBadgesOf(user: Pick<UserProfile, 'superUser' | 'admin' | 'isDemo' | 'isDeleted'>): RoleBadge[] {
  const badges: RoleBadge[] = [];
  if (user.superUser) badges.push({ id: 'superUser', label: 'Super user' });
  // Demo users are never admins, whatever their profile says.
  if (user.admin && !user.isDemo) badges.push({ id: 'admin', label: 'Admin' });
  if (user.isDemo) badges.push({ id: 'demo', label: 'Demo' });
  if (user.isDeleted) badges.push({ id: 'deleted', label: 'Deleted' });
  return badges;
}

const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** People whose name or e-mail contains every word of the search, in the list's order. */
export function searchPeople<T extends Pick<UserProfile, 'FirstName' | 'LastName' | 'Email'>>(
  users: readonly T[],
  search: string,
): T[] {
  const words = normalize(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...users];
  return users.filter((user) => {
    const haystack = normalize(`${user.FirstName} ${user.LastName} ${user.Email}`);
    return words.every((word) => haystack.includes(word));
  });
}

/** Alphabetical by name, deleted accounts last. */
export function sortPeople<T extends Pick<UserProfile, 'FirstName' | 'LastName' | 'Email' | 'isDeleted'>>(
  users: readonly T[],
): T[] {
  return [...users].sort(
    (a, b) =>
      Number(a.isDeleted) - Number(b.isDeleted) ||
      personName(a).localeCompare(personName(b), 'en', { sensitivity: 'base' }),
  );
}

/** The profile form as typed. */
export type PersonFormValues = {
  FirstName: string;
  LastName: string;
  Email: string;
  AccountType: AccountType;
  Title: string;
  Description: string;
  organizationId: string;
  OrganisationName: string;
  OrganisationType: string;
  OrganisationGoals: string;
};

export function personFormValuesOf(user: UserProfile): PersonFormValues {
  return {
    FirstName: user.FirstName,
    LastName: user.LastName,
    Email: user.Email,
    AccountType: user.AccountType,
    Title: user.Title ?? '',
    Description: user.Description ?? '',
    organizationId: user.organizationId ?? '',
    OrganisationName: user.OrganisationName ?? '',
    OrganisationType: user.OrganisationType ?? '',
    OrganisationGoals: user.OrganisationGoals ?? '',
  };
}

const nullableFields = ['Title', 'Description', 'OrganisationName', 'OrganisationType', 'OrganisationGoals'] as const;

/**
 * The profile changes to send: only what differs from the loaded profile, so an edit never touches
 * fields the admin did not change (nor asks for rights the admin does not hold).
 */
export function personPatchOf(
  user: UserProfile,
  values: PersonFormValues,
): { ok: true; patch: UpdateUserBody } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const email = values.Email.trim().toLowerCase();
  if (email === '' || !isEmail(email)) errors.Email = 'Enter an e-mail address, like name@example.org.';
  if (values.FirstName.trim().length > 100) errors.FirstName = 'Use at most 100 characters.';
  if (values.LastName.trim().length > 100) errors.LastName = 'Use at most 100 characters.';
  if (values.Title.trim().length > 200) errors.Title = 'Use at most 200 characters.';
  if (values.Description.trim().length > 5000) errors.Description = 'Use at most 5,000 characters.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const patch: UpdateUserBody = {};
  if (values.FirstName.trim() !== user.FirstName) patch.FirstName = values.FirstName.trim();
  if (values.LastName.trim() !== user.LastName) patch.LastName = values.LastName.trim();
  if (email !== user.Email.toLowerCase()) patch.Email = email;
  if (values.AccountType !== user.AccountType) patch.AccountType = values.AccountType;
  for (const field of nullableFields) {
    const next = values[field].trim();
    if (next !== (user[field] ?? '')) patch[field] = next === '' ? null : next;
  }
  const organizationId = values.organizationId === '' ? null : values.organizationId;
  if (organizationId !== user.organizationId) patch.organizationId = organizationId;
  return { ok: true, patch };
}
