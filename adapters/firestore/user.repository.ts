import type { DocumentData, DocumentSnapshot, Query } from 'firebase-admin/firestore';
import { newestKeyFirst } from '@causeway/core/shared/paging';
import { pagedQuery } from './paging';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { UserRepository } from '@causeway/core/ports/user.repository';
import { conflict, invalid } from '@causeway/core/shared/errors';
import { DeletedUser, UserProfile } from '@causeway/core/users/user.entity';
import {
  changeWithFirestoreEvent,
  createUnread,
  definedOnly,
  softDeleteDocument,
  toIso,
  type FirestoreContext,
  readIn,
} from './firestore-context';

/**
 * `users` (document id = uid) and `deletedUsers` collections. Reads run outside a unit of work's batch,
 * so the checks below see committed data only.
 */
export function createFirestoreUserRepository(context: FirestoreContext): UserRepository {
  const users = () => context.firestore.collection('users');
  const deletedUsers = () => context.firestore.collection('deletedUsers');
  const organizations = () => context.firestore.collection('organizations');
  const read = async (uid: string) => {
    const snapshot = await readIn(context, users().doc(uid));
    return snapshot.exists ? { snapshot, user: fromDocument(snapshot) } : null;
  };
  const byEmail = async (email: string) => {
    const snapshot = await readIn(context, users().where('Email', '==', email).limit(1));
    const doc = snapshot.docs[0];
    return doc ? fromDocument(doc) : null;
  };

  /**
   * Refuses an e-mail held by another uid, and an organizationId naming no organization; on an update,
   * only what changes is checked (a query in a transaction holds every document it could match, so an
   * unchanged e-mail is not looked up again).
   */
  const checkReferences = async (user: UserProfile, before?: UserProfile) => {
    if (user.Email !== before?.Email) {
      const holder = await byEmail(user.Email);
      if (holder && holder.uid !== user.uid) throw emailTaken();
    }
    if (
      user.organizationId !== null &&
      user.organizationId !== before?.organizationId &&
      !(await readIn(context, organizations().doc(user.organizationId))).exists
    ) {
      throw invalid(`No organization ${user.organizationId}.`, { organizationId: 'No such organization.' });
    }
  };

  return {
    async findById(uid) {
      return (await read(uid))?.user ?? null;
    },
    findByEmail: (email) => byEmail(email.trim().toLowerCase()),
    async list(filter = {}, page) {
      let query: Query = users();
      if (filter.organizationId !== undefined) query = query.where('organizationId', '==', filter.organizationId);
      if (filter.accountType !== undefined) query = query.where('AccountType', '==', filter.accountType);
      if (filter.superUser !== undefined) query = query.where('superUser', '==', filter.superUser);
      if (!filter.includeDeleted) query = query.where('isDeleted', '==', false);
      // The store answers the page itself (composite indexes in firestore.indexes.json).
      const snapshot = await readIn(context, pagedQuery(query, 'createdAt', page));
      return snapshot.docs
        .map(fromDocument)
        .filter((user) => filter.includeDeleted || !user.isDeleted)
        .sort(newestFirst);
    },
    async create(profile) {
      const user = stored(UserProfile.parse(profile));
      if ((await readIn(context, users().doc(user.uid))).exists) throw uidTaken();
      await checkReferences(user);
      // The uid was read above, before the references were checked: a taken uid is the error reported.
      return createUnread(
        context,
        users().doc(user.uid),
        user,
        (created) => ({
          type: EventTypes.userCreated,
          aggregateType: 'user',
          aggregateId: created.uid,
          payload: { user: created },
        }),
        uidTaken,
      );
    },
    async update(uid, patch) {
      const current = (await read(uid))?.user;
      if (!current) return null;
      const user = stored(
        UserProfile.parse({
          ...current,
          ...definedOnly(patch),
          UserId: current.UserId,
          uid,
          createdAt: current.createdAt,
        }),
      );
      await checkReferences(user, current);
      return changeWithFirestoreEvent(
        context,
        (batch) => {
          // merge keeps fields of existing documents that the entity does not know.
          batch.set(users().doc(uid), user, { merge: true });
          return user;
        },
        (updated) => ({
          type: EventTypes.userUpdated,
          aggregateType: 'user',
          aggregateId: uid,
          payload: { user: updated },
        }),
      );
    },
    async recordLogin(uid, at) {
      if (!(await readIn(context, users().doc(uid))).exists) return;
      const lastLogin = toIso(at);
      await changeWithFirestoreEvent(
        context,
        (batch) => {
          batch.update(users().doc(uid), { lastLogin });
        },
        () => ({ type: EventTypes.userLoggedIn, aggregateType: 'user', aggregateId: uid, payload: { uid, lastLogin } }),
      );
    },
    async softDelete(uid) {
      return softDeleteDocument(context, users().doc(uid), () => ({
        type: EventTypes.userSoftDeleted,
        aggregateType: 'user',
        aggregateId: uid,
        payload: { uid },
      }));
    },
    async hardDelete(uid, deletedAt) {
      const found = await read(uid);
      if (!found) return null;
      const deleted = DeletedUser.parse({ ...found.user, deletedAt: toIso(deletedAt) });
      return changeWithFirestoreEvent(
        context,
        (batch) => {
          // The whole document is copied, fields the entity does not know included.
          batch.set(deletedUsers().doc(uid), { ...found.snapshot.data(), ...deleted });
          batch.delete(users().doc(uid));
          return deleted;
        },
        () => ({
          type: EventTypes.userHardDeleted,
          aggregateType: 'user',
          aggregateId: uid,
          payload: { uid, deletedAt: deleted.deletedAt },
        }),
      );
    },
    async findDeleted(uid) {
      const snapshot = await readIn(context, deletedUsers().doc(uid));
      if (!snapshot.exists) return null;
      const data = snapshot.data() ?? {};
      return DeletedUser.parse({ ...fromDocument(snapshot), deletedAt: toIso(data.deletedAt) });
    },
  };
}

const uidTaken = () => conflict('A user with this uid already exists.');
const emailTaken = () => conflict('A user with this e-mail already exists.');

/** A stored document as an entity; documents written before this store may lack fields or hold nulls. */
export function fromDocument(snapshot: DocumentSnapshot): UserProfile {
  const data: DocumentData = snapshot.data() ?? {};
  const orDefault = (value: unknown) => value ?? undefined;
  return UserProfile.parse({
    ...data,
    uid: snapshot.id,
    UserId: data.UserId ?? snapshot.id,
    FirstName: orDefault(data.FirstName),
    LastName: orDefault(data.LastName),
    admin: orDefault(data.admin),
    superUser: orDefault(data.superUser),
    analyst: data.analyst ?? null,
    isDemo: orDefault(data.isDemo),
    isDeleted: orDefault(data.isDeleted),
    organizationId: data.organizationId || null,
    lastLogin: data.lastLogin == null ? null : toIso(data.lastLogin),
    createdAt: toIso(data.createdAt),
    totalSpend: orDefault(data.totalSpend),
    promotedCampaigns: orDefault(data.promotedCampaigns),
    promotedRootCampaignes: orDefault(data.promotedRootCampaignes),
  });
}

/** A profile as every store keeps it: demo users never admins (SPEC §5), times in UTC to the millisecond. */
const stored = (user: UserProfile): UserProfile => ({
  ...user,
  admin: user.isDemo ? false : user.admin,
  createdAt: toIso(user.createdAt),
  lastLogin: user.lastLogin === null ? null : toIso(user.lastLogin),
});

/** Newest first by createdAt; ties by uid, as the Postgres store orders them. */
function newestFirst(a: UserProfile, b: UserProfile): number {
  return newestKeyFirst({ at: a.createdAt, id: a.uid }, { at: b.createdAt, id: b.uid });
}
