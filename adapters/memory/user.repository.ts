import { EventTypes } from '@causeway/core/events/domain-event';
import { isAfter, newestKeyFirst } from '@causeway/core/shared/paging';
import type { Organization } from '@causeway/core/organizations/organization.entity';
import type { UserRepository } from '@causeway/core/ports/user.repository';
import { conflict, invalid } from '@causeway/core/shared/errors';
import { DeletedUser, UserProfile } from '@causeway/core/users/user.entity';
import { changeWithMemoryEvent, copy, type MemoryContext } from './memory-state';

export function createMemoryUserRepository(context: MemoryContext): UserRepository {
  const users = () => context.state().table<UserProfile>('users');
  const deletedUsers = () => context.state().table<DeletedUser>('deletedUsers');
  const organizations = () => context.state().table<Organization>('organizations');
  const byEmail = (email: string) => [...users().values()].find((user) => user.Email === email);

  /** Refuses an e-mail held by another uid, and an organizationId naming no organization. */
  const checkReferences = (user: UserProfile) => {
    const holder = byEmail(user.Email);
    if (holder && holder.uid !== user.uid) throw conflict('A user with this e-mail already exists.');
    if (user.organizationId !== null && !organizations().has(user.organizationId)) {
      throw invalid(`No organization ${user.organizationId}.`, { organizationId: 'No such organization.' });
    }
  };

  return {
    async findById(uid) {
      const user = users().get(uid);
      return user ? copy(user) : null;
    },
    async findByEmail(email) {
      const user = byEmail(email.trim().toLowerCase());
      return user ? copy(user) : null;
    },
    async list(filter = {}, page) {
      return [...users().values()]
        .filter(
          (user) =>
            isAfter({ at: user.createdAt, id: user.uid }, page?.after) &&
            (filter.organizationId === undefined || user.organizationId === filter.organizationId) &&
            (filter.accountType === undefined || user.AccountType === filter.accountType) &&
            (filter.superUser === undefined || user.superUser === filter.superUser) &&
            (filter.includeDeleted || !user.isDeleted),
        )
        .sort(newestFirst)
        .slice(0, page?.limit)
        .map(copy);
    },
    create(profile) {
      return changeWithMemoryEvent(
        context,
        () => {
          const user = stored(UserProfile.parse(profile));
          if (users().has(user.uid)) throw conflict('A user with this uid already exists.');
          checkReferences(user);
          users().set(user.uid, user);
          return copy(user);
        },
        (created) => ({
          type: EventTypes.userCreated,
          aggregateType: 'user',
          aggregateId: created.uid,
          payload: { user: created },
        }),
      );
    },
    update(uid, patch) {
      return changeWithMemoryEvent(
        context,
        () => {
          const current = users().get(uid);
          if (!current) return null;
          const user = stored(
            UserProfile.parse({
              ...current,
              ...supplied(patch),
              UserId: current.UserId,
              uid,
              createdAt: current.createdAt,
            }),
          );
          checkReferences(user);
          users().set(uid, user);
          return copy(user);
        },
        (updated) =>
          updated && {
            type: EventTypes.userUpdated,
            aggregateType: 'user',
            aggregateId: uid,
            payload: { user: updated },
          },
      );
    },
    async recordLogin(uid, at) {
      const lastLogin = new Date(at).toISOString();
      await changeWithMemoryEvent(
        context,
        () => {
          const current = users().get(uid);
          if (current) users().set(uid, { ...current, lastLogin });
          return current !== undefined;
        },
        (found) =>
          found
            ? { type: EventTypes.userLoggedIn, aggregateType: 'user', aggregateId: uid, payload: { uid, lastLogin } }
            : null,
      );
    },
    softDelete(uid) {
      return changeWithMemoryEvent(
        context,
        () => {
          const current = users().get(uid);
          if (current) users().set(uid, { ...current, isDeleted: true });
          return current !== undefined;
        },
        (found) =>
          found
            ? { type: EventTypes.userSoftDeleted, aggregateType: 'user', aggregateId: uid, payload: { uid } }
            : null,
      );
    },
    hardDelete(uid, deletedAt) {
      return changeWithMemoryEvent(
        context,
        () => {
          const current = users().get(uid);
          if (!current) return null;
          const deleted = DeletedUser.parse({ ...current, deletedAt: new Date(deletedAt).toISOString() });
          deletedUsers().set(uid, deleted);
          users().delete(uid);
          return copy(deleted);
        },
        (deleted) =>
          deleted && {
            type: EventTypes.userHardDeleted,
            aggregateType: 'user',
            aggregateId: uid,
            payload: { uid, deletedAt: deleted.deletedAt },
          },
      );
    },
    async findDeleted(uid) {
      const deleted = deletedUsers().get(uid);
      return deleted ? copy(deleted) : null;
    },
  };
}

/**
 * A profile as every store keeps it: demo users never admins (SPEC §5), timestamps in UTC to the
 * millisecond as Postgres gives them back.
 */
const stored = (user: UserProfile): UserProfile => ({
  ...user,
  admin: user.isDemo ? false : user.admin,
  createdAt: new Date(user.createdAt).toISOString(),
  lastLogin: user.lastLogin === null ? null : new Date(user.lastLogin).toISOString(),
});

/** Newest first by createdAt; ties by uid, the greater first, as every store pages them. */
function newestFirst(a: UserProfile, b: UserProfile): number {
  return newestKeyFirst({ at: a.createdAt, id: a.uid }, { at: b.createdAt, id: b.uid });
}

/** A patch's fields that were actually supplied: `undefined` leaves a field as it is. */
function supplied<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}
