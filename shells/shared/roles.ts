import type { SessionUser } from '@causeway/core/users/user.entity';

/** The role a session acts in; the flags outrank the account type (SPEC §6). */
export type SessionRole = 'superUser' | 'admin' | 'campaigner' | 'promoter' | 'donor';

export function sessionRole(user: Pick<SessionUser, 'superUser' | 'admin' | 'accountType'>): SessionRole {
  if (user.superUser) return 'superUser';
  if (user.admin) return 'admin';
  return user.accountType;
}

const roleLabels: Record<SessionRole, string> = {
  superUser: 'Super user',
  admin: 'Admin',
  campaigner: 'Campaigner',
  promoter: 'Promoter',
  donor: 'Donor',
};

export function roleLabel(role: SessionRole): string {
  return roleLabels[role];
}

export function displayName(user: Pick<SessionUser, 'fName' | 'lName' | 'email'>): string {
  const name = `${user.fName} ${user.lName}`.trim();
  return name === '' ? user.email : name;
}
