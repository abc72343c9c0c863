import { TYPES } from '@causeway/api/types';
import type { AccountType } from '@causeway/core/users/user.entity';
import { signInAs } from './api-client';
import type { TestApp } from './start-app';

export interface NewPerson {
  email: string;
  firstName?: string;
  accountType?: AccountType;
  admin?: boolean;
  superUser?: boolean;
  organizationId?: string | null;
}

/**
 * Adds an account to a running app through its own identity provider and user repository (as an
 * accepted invitation would), signs it in, and answers its uid and session cookie header.
 */
export async function addPerson(app: TestApp, person: NewPerson): Promise<{ uid: string; cookie: string }> {
  const { container } = app.server;
  const { uid } = await container.get(TYPES.Identity).createUser({ email: person.email, password: app.demoPassword });
  await container.get(TYPES.Repositories).users.create({
    UserId: uid,
    uid,
    Email: person.email,
    FirstName: person.firstName ?? person.email.split('@')[0]!,
    AccountType: person.accountType ?? 'campaigner',
    admin: person.admin ?? false,
    superUser: person.superUser ?? false,
    organizationId: person.organizationId ?? null,
    createdAt: container.get(TYPES.Clock).now().toISOString(),
  });
  return { uid, cookie: await signInAs(app, person.email) };
}
