import { pageOf, pageRequest, type Page } from '../shared/paging';
import type { AuditTrail } from '../audit/audit-trail';
import type { Actor, Target } from '../auth/authorization';
import { authorize, isPlatformStaff } from '../auth/authorization';
import type { UpdateOwnProfileBody, UpdateUserBody } from '../contracts/people.contract';
import type { Clock } from '../ports/clock.port';
import type { FileStore } from '../ports/file-store.port';
import type { IdentityProvider } from '../ports/identity.port';
import type { ImageInspector } from '../ports/image-inspector.port';
import type { UnitOfWork } from '../ports/unit-of-work.port';
import type { UserRepository } from '../ports/user.repository';
import { conflict, invalid, notFound } from '../shared/errors';
import { AVATAR_EXTENSIONS, avatarPath, checkAvatar } from './avatar';
import type { AccountType, DeletedUser, UserProfile, UserProfilePatch } from './user.entity';

export type UserServiceDeps = {
  unitOfWork: UnitOfWork;
  users: Pick<UserRepository, 'findById' | 'findByEmail' | 'list'>;
  identity: Pick<IdentityProvider, 'changeEmail' | 'revokeSessionsOf' | 'deleteUser'>;
  fileStore: Pick<FileStore, 'put' | 'delete'>;
  images: ImageInspector;
  clock: Clock;
  audit: AuditTrail;
};

export interface UserListOptions {
  organizationId?: string;
  accountType?: AccountType;
  includeDeleted?: boolean;
  limit?: number;
  cursor?: string;
}

export type UserService = ReturnType<typeof userServiceFactory>;

/** SPEC §8. */
export const USER_NOT_FOUND = 'User not found.';

export const DEMO_NEVER_ADMIN = 'A demo account can never be an admin. Turn off "demo account" first.';

const FIELD_LABELS: Record<string, string> = {
  FirstName: 'first name',
  LastName: 'last name',
  Email: 'e-mail',
  AccountType: 'account type',
  OrganisationName: 'organization name',
  OrganisationGoals: 'organization goals',
  OrganisationType: 'organization type',
  Description: 'description',
  Title: 'title',
  organizationId: 'organization',
};

const displayName = (user: Pick<UserProfile, 'FirstName' | 'LastName' | 'Email'>) =>
  `${user.FirstName} ${user.LastName}`.trim() || user.Email;

const targetOf = (user: UserProfile): Target => ({ organizationId: user.organizationId, uid: user.uid });

/** The fields of a patch whose value differs from the profile's. */
function changesOf(current: UserProfile, patch: UserProfilePatch): UserProfilePatch {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value !== undefined && value !== current[key as keyof UserProfile]) changed[key] = value;
  }
  return changed as UserProfilePatch;
}

/** "first name, last name and title": the changed profile fields, in a stable order. */
function changedFieldsOf(changes: UserProfilePatch): string {
  const labels = Object.entries(FIELD_LABELS)
    .filter(([key]) => changes[key as keyof UserProfilePatch] !== undefined)
    .map(([, label]) => label);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/** The sentence an admin reads in the audit log for a profile change. */
function describeChanges(name: string, changes: UserProfilePatch): string {
  const parts: string[] = [];
  if (changes.isDeleted === false) parts.push(`restored the account of ${name}`);
  if (changes.admin !== undefined)
    parts.push(changes.admin ? `made ${name} an admin` : `removed admin rights from ${name}`);
  if (changes.superUser !== undefined)
    parts.push(changes.superUser ? `made ${name} a super user` : `removed super user rights from ${name}`);
  if (changes.analyst !== undefined)
    parts.push(
      changes.analyst === null
        ? `removed analyst rights from ${name}`
        : changes.analyst === 'platform'
          ? `made ${name} an analyst of every organization`
          : `made ${name} an analyst`,
    );
  if (changes.isDemo !== undefined)
    parts.push(changes.isDemo ? `marked ${name} as a demo account` : `marked ${name} as a regular account`);
  const fields = changedFieldsOf(changes);
  if (fields.length > 0) parts.push(`changed the ${fields} of ${name}`);
  const sentence = parts.join('; ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1) + '.';
}

/** Users and their profiles: admins list, edit and delete them; everyone edits their own profile. */
export function userServiceFactory({ unitOfWork, users, identity, fileStore, images, clock, audit }: UserServiceDeps) {
  const found = async (uid: string): Promise<UserProfile> => {
    const user = await users.findById(uid);
    if (!user) throw notFound(USER_NOT_FOUND);
    return user;
  };

  /** Saves the changes with their audit entry in one unit of work. */
  const save = (
    actor: Actor,
    current: UserProfile,
    changes: UserProfilePatch,
    entry: { event: string; action: (name: string) => string },
  ) =>
    unitOfWork.run(async (repositories) => {
      const updated = await repositories.users.update(current.uid, changes);
      if (!updated) throw notFound(USER_NOT_FOUND);
      await audit.record(repositories.auditLogs, actor, {
        document: 'users',
        event: entry.event,
        action: entry.action(displayName(updated)),
        triggerId: updated.uid,
        triggerName: displayName(updated),
      });
      return updated;
    });

  return {
    /**
     * Profiles newest first. Platform staff see every organization; an organization admin only their
     * own, which is also what they get when they name none.
     */
    async list(actor: Actor, options: UserListOptions = {}): Promise<Page<UserProfile>> {
      const organizationId =
        options.organizationId ?? (isPlatformStaff(actor) ? undefined : (actor.organizationId ?? undefined));
      authorize(actor, 'user.list', { organizationId: organizationId ?? null });
      const { limit, request } = pageRequest(options);
      const found = await users.list(
        {
          ...(organizationId === undefined ? {} : { organizationId }),
          ...(options.accountType === undefined ? {} : { accountType: options.accountType }),
          includeDeleted: options.includeDeleted ?? false,
        },
        request,
      );
      return pageOf(found, limit, (user) => ({ at: user.createdAt, id: user.uid }));
    },

    async get(actor: Actor, uid: string): Promise<UserProfile> {
      const user = await found(uid);
      authorize(actor, 'user.read', targetOf(user));
      return user;
    },

    /** An admin's edit. Role flags need their own rights; demo accounts are never admins (SPEC §5). */
    async update(actor: Actor, uid: string, body: UpdateUserBody): Promise<UserProfile> {
      const current = await found(uid);
      authorize(actor, 'user.update', targetOf(current));
      const patch: UserProfilePatch = { ...body };
      const isDemo = body.isDemo ?? current.isDemo;
      if (isDemo && body.admin === true) throw invalid(DEMO_NEVER_ADMIN, { admin: DEMO_NEVER_ADMIN });
      if (isDemo) patch.admin = false;

      const changes = changesOf(current, patch);
      if (Object.keys(changes).length === 0) return current;
      const organizationId = changes.organizationId === undefined ? current.organizationId : changes.organizationId;
      // Moving someone into another organization needs rights there too.
      if (changes.organizationId !== undefined) authorize(actor, 'user.update', { organizationId, uid });
      if (changes.admin !== undefined) authorize(actor, 'user.setAdmin', { organizationId, uid });
      if (changes.superUser !== undefined) authorize(actor, 'user.setSuperUser', { organizationId, uid });
      if (changes.analyst !== undefined) {
        authorize(actor, 'user.setAnalyst', { organizationId, uid });
        if (changes.analyst === 'platform' || current.analyst === 'platform')
          authorize(actor, 'user.setPlatformAnalyst', { organizationId, uid });
      }

      const newEmail = changes.Email;
      if (newEmail !== undefined) {
        const holder = await users.findByEmail(newEmail);
        if (holder && holder.uid !== uid) throw conflict('A user with this e-mail already exists.');
        // The sign-in e-mail moves first; it is put back if the profile cannot be saved.
        await identity.changeEmail(uid, newEmail);
      }
      try {
        return await save(actor, current, changes, {
          event: changes.isDeleted === false ? 'restore' : 'update',
          action: (name) => describeChanges(name, changes),
        });
      } catch (error) {
        if (newEmail !== undefined) await identity.changeEmail(uid, current.Email);
        throw error;
      }
    },

    /** The signed-in user's own name, title and description. */
    async updateOwnProfile(actor: Actor, body: UpdateOwnProfileBody): Promise<UserProfile> {
      authorize(actor, 'profile.updateOwn', { uid: actor.uid, organizationId: actor.organizationId });
      const current = await found(actor.uid);
      const changes = changesOf(current, body);
      if (Object.keys(changes).length === 0) return current;
      return save(actor, current, changes, {
        event: 'updateProfile',
        action: (name) => `${name} changed their ${changedFieldsOf(changes)}.`,
      });
    },

    /**
     * Stores the signed-in user's avatar at `avatars/avatar_{uid}.{ext}` (PNG, JPEG, GIF or WebP, at most
     * 2 MB, checked from its bytes). The saved address changes with each upload, so browsers do not
     * keep showing the previous picture.
     */
    async setOwnAvatar(actor: Actor, content: Uint8Array, contentType: string | undefined): Promise<UserProfile> {
      authorize(actor, 'profile.updateOwn', { uid: actor.uid, organizationId: actor.organizationId });
      const current = await found(actor.uid);
      const picture = checkAvatar(content, contentType, images);
      const stored = await fileStore.put(avatarPath(current.uid, picture.extension), content, picture.contentType);
      const updated = await save(
        actor,
        current,
        { avatar: `${stored.url}?v=${clock.now().getTime()}` },
        { event: 'updateAvatar', action: (name) => `${name} changed their avatar.` },
      );
      // A previous avatar in another format is no longer referenced.
      await Promise.all(
        AVATAR_EXTENSIONS.filter((extension) => extension !== picture.extension).map((extension) =>
          fileStore.delete(avatarPath(current.uid, extension)),
        ),
      );
      return updated;
    },

    /** Marks the account deleted (it can be restored) and ends its sessions. Nobody deletes themselves. */
    async softDelete(actor: Actor, uid: string): Promise<void> {
      const current = await found(uid);
      authorize(actor, 'user.softDelete', targetOf(current));
      if (!current.isDeleted) {
        await unitOfWork.run(async (repositories) => {
          if (!(await repositories.users.softDelete(uid))) throw notFound(USER_NOT_FOUND);
          await audit.record(repositories.auditLogs, actor, {
            document: 'users',
            event: 'delete',
            action: `Deleted the account of ${displayName(current)}; it can be restored.`,
            triggerId: uid,
            triggerName: displayName(current),
          });
        });
      }
      // Also when already deleted: a repeated request finishes what a failed one started.
      await identity.revokeSessionsOf(uid);
    },

    /**
     * Copies the profile to deletedUsers with deletedAt and removes it (SPEC §3), then removes the
     * sign-in credentials, so the e-mail can be invited again, and the avatar.
     */
    async hardDelete(actor: Actor, uid: string): Promise<DeletedUser> {
      const current = await found(uid);
      authorize(actor, 'user.hardDelete', targetOf(current));
      const deleted = await unitOfWork.run(async (repositories) => {
        const copy = await repositories.users.hardDelete(uid, clock.now().toISOString());
        if (!copy) throw notFound(USER_NOT_FOUND);
        await audit.record(repositories.auditLogs, actor, {
          document: 'users',
          event: 'hardDelete',
          action: `Permanently deleted the account of ${displayName(current)} (${current.Email}).`,
          triggerId: uid,
          triggerName: displayName(current),
        });
        return copy;
      });
      await identity.deleteUser(uid);
      await Promise.all(AVATAR_EXTENSIONS.map((extension) => fileStore.delete(avatarPath(uid, extension))));
      return deleted;
    },
  };
}
