import type { Insertable, Selectable } from 'kysely';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { UserRepository } from '@causeway/core/ports/user.repository';
import { conflict, invalid } from '@causeway/core/shared/errors';
import { DeletedUser, UserProfile } from '@causeway/core/users/user.entity';
import type { DeletedUsersTable, UserColumns, UsersTable } from './tables/people.tables';
import { afterKey } from './paging';
import {
  changeWithEvent,
  conflictOn,
  iso,
  isoOrNull,
  isUniqueViolation,
  type Executor,
  type PgContext,
} from './transaction';

export function createPostgresUserRepository(context: PgContext): UserRepository {
  const { db } = context;

  /** Refuses an e-mail held by another uid, and an organizationId naming no organization. */
  const checkReferences = async (trx: Executor, user: UserProfile) => {
    const holder = await trx.selectFrom('users').select('uid').where('email', '=', user.Email).executeTakeFirst();
    if (holder && holder.uid !== user.uid) throw emailTaken();
    if (user.organizationId !== null) {
      const organization = await trx
        .selectFrom('organizations')
        .select('organization_id')
        .where('organization_id', '=', user.organizationId)
        .executeTakeFirst();
      if (!organization) throw noSuchOrganization(user.organizationId);
    }
  };

  return {
    async findById(uid) {
      const row = await db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();
      return row ? toUser(row) : null;
    },
    async findByEmail(email) {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email.trim().toLowerCase())
        .executeTakeFirst();
      return row ? toUser(row) : null;
    },
    async list(filter = {}, page) {
      let query = db.selectFrom('users').selectAll();
      if (page?.after) query = query.where(afterKey('created_at', 'uid', page.after));
      if (page) query = query.limit(page.limit);
      if (filter.organizationId !== undefined) query = query.where('organization_id', '=', filter.organizationId);
      if (filter.accountType !== undefined) query = query.where('account_type', '=', filter.accountType);
      if (filter.superUser !== undefined) query = query.where('super_user', '=', filter.superUser);
      if (!filter.includeDeleted) query = query.where('is_deleted', '=', false);
      const rows = await query.orderBy('created_at', 'desc').orderBy('uid', 'desc').execute();
      return rows.map(toUser);
    },
    async create(profile) {
      const user = demoNeverAdmin(UserProfile.parse(profile));
      // A unique violation here is a concurrent create that got in between the checks and the insert.
      return changeWithEvent(
        context,
        async (trx) => {
          const taken = await trx.selectFrom('users').select('uid').where('uid', '=', user.uid).executeTakeFirst();
          if (taken) throw uidTaken();
          await checkReferences(trx, user);
          return toUser(await trx.insertInto('users').values(toRow(user)).returningAll().executeTakeFirstOrThrow());
        },
        (created) => ({
          type: EventTypes.userCreated,
          aggregateType: 'user',
          aggregateId: created.uid,
          payload: { user: created },
        }),
      ).catch(conflictOn('A user with this uid or e-mail already exists.'));
    },
    async update(uid, patch) {
      try {
        return await changeWithEvent(
          context,
          async (trx) => {
            const row = await trx.selectFrom('users').selectAll().where('uid', '=', uid).forUpdate().executeTakeFirst();
            if (!row) return null;
            const current = toUser(row);
            const user = demoNeverAdmin(
              UserProfile.parse({
                ...current,
                ...supplied(patch),
                UserId: current.UserId,
                uid,
                createdAt: current.createdAt,
              }),
            );
            await checkReferences(trx, user);
            const updated = await trx
              .updateTable('users')
              .set(toRow(user))
              .where('uid', '=', uid)
              .returningAll()
              .executeTakeFirstOrThrow();
            return toUser(updated);
          },
          (updated) =>
            updated && {
              type: EventTypes.userUpdated,
              aggregateType: 'user',
              aggregateId: uid,
              payload: { user: updated },
            },
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },
    async recordLogin(uid, at) {
      const lastLogin = iso(at);
      await changeWithEvent(
        context,
        async (trx) => {
          const result = await trx
            .updateTable('users')
            .set({ last_login: lastLogin })
            .where('uid', '=', uid)
            .executeTakeFirst();
          return Number(result.numUpdatedRows) > 0;
        },
        (found) =>
          found
            ? { type: EventTypes.userLoggedIn, aggregateType: 'user', aggregateId: uid, payload: { uid, lastLogin } }
            : null,
      );
    },
    softDelete(uid) {
      return changeWithEvent(
        context,
        async (trx) => {
          const result = await trx
            .updateTable('users')
            .set({ is_deleted: true })
            .where('uid', '=', uid)
            .executeTakeFirst();
          return Number(result.numUpdatedRows) > 0;
        },
        (found) =>
          found
            ? { type: EventTypes.userSoftDeleted, aggregateType: 'user', aggregateId: uid, payload: { uid } }
            : null,
      );
    },
    hardDelete(uid, deletedAt) {
      return changeWithEvent(
        context,
        async (trx) => {
          const row = await trx.selectFrom('users').selectAll().where('uid', '=', uid).forUpdate().executeTakeFirst();
          if (!row) return null;
          const copy: Insertable<DeletedUsersTable> = { ...toRow(toUser(row)), deleted_at: iso(deletedAt) };
          const saved = await trx
            .insertInto('deleted_users')
            .values(copy)
            .onConflict((onConflict) => onConflict.column('uid').doUpdateSet(copy))
            .returningAll()
            .executeTakeFirstOrThrow();
          await trx.deleteFrom('users').where('uid', '=', uid).execute();
          return toDeletedUser(saved);
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
      const row = await db.selectFrom('deleted_users').selectAll().where('uid', '=', uid).executeTakeFirst();
      return row ? toDeletedUser(row) : null;
    },
  };
}

const uidTaken = () => conflict('A user with this uid already exists.');
const emailTaken = () => conflict('A user with this e-mail already exists.');
const noSuchOrganization = (organizationId: string) =>
  invalid(`No organization ${organizationId}.`, { organizationId: 'No such organization.' });

/** SPEC §5: demo users are never admins. */
const demoNeverAdmin = (user: UserProfile): UserProfile => (user.isDemo ? { ...user, admin: false } : user);

/** A patch's fields that were actually supplied: `undefined` leaves a field as it is. */
function supplied<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function toRow(user: UserProfile): Insertable<UsersTable> {
  return {
    uid: user.uid,
    user_id: user.UserId,
    email: user.Email,
    first_name: user.FirstName,
    last_name: user.LastName,
    avatar: user.avatar,
    account_type: user.AccountType,
    organisation_name: user.OrganisationName,
    organisation_goals: user.OrganisationGoals,
    organisation_type: user.OrganisationType,
    description: user.Description,
    title: user.Title,
    admin: user.admin,
    super_user: user.superUser,
    analyst: user.analyst,
    is_demo: user.isDemo,
    is_deleted: user.isDeleted,
    organization_id: user.organizationId,
    last_login: user.lastLogin,
    created_at: user.createdAt,
    total_spend: user.totalSpend,
    promoted_campaigns: user.promotedCampaigns,
    promoted_root_campaignes: user.promotedRootCampaignes,
  };
}

function fromColumns(row: Selectable<UserColumns>) {
  return {
    UserId: row.user_id,
    uid: row.uid,
    Email: row.email,
    FirstName: row.first_name,
    LastName: row.last_name,
    avatar: row.avatar,
    AccountType: row.account_type,
    OrganisationName: row.organisation_name,
    OrganisationGoals: row.organisation_goals,
    OrganisationType: row.organisation_type,
    Description: row.description,
    Title: row.title,
    admin: row.admin,
    superUser: row.super_user,
    analyst: row.analyst,
    isDemo: row.is_demo,
    isDeleted: row.is_deleted,
    organizationId: row.organization_id,
    lastLogin: isoOrNull(row.last_login),
    createdAt: iso(row.created_at),
    totalSpend: Number(row.total_spend),
    promotedCampaigns: row.promoted_campaigns,
    promotedRootCampaignes: row.promoted_root_campaignes,
  };
}

const toUser = (row: Selectable<UserColumns>): UserProfile => UserProfile.parse(fromColumns(row));

const toDeletedUser = (row: Selectable<DeletedUsersTable>): DeletedUser =>
  DeletedUser.parse({ ...fromColumns(row), deletedAt: iso(row.deleted_at) });
