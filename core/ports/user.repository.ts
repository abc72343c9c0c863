import type { PageRequest } from '../shared/paging';
import type { AccountType, DeletedUser, NewUserProfile, UserProfile, UserProfilePatch } from '../users/user.entity';

export interface UserListFilter {
  organizationId?: string;
  accountType?: AccountType;
  /** Only super users (true) or only others (false). */
  superUser?: boolean;
  /** Soft-deleted profiles are left out unless asked for. */
  includeDeleted?: boolean;
}

/** Profiles (`users`) and the copies of hard-deleted ones (`deletedUsers`). */
export interface UserRepository {
  findById(uid: string): Promise<UserProfile | null>;
  /** Case-insensitive: e-mails are stored lowercased. */
  findByEmail(email: string): Promise<UserProfile | null>;
  /** Newest first by createdAt, then uid; with `page`, at most its limit after its key. */
  list(filter?: UserListFilter, page?: PageRequest): Promise<UserProfile[]>;
  /**
   * Fails with a conflict when the uid or the e-mail is taken, and as invalid when organizationId names no
   * organization. Demo users are stored with admin false.
   */
  create(profile: NewUserProfile): Promise<UserProfile>;
  /**
   * Applies only the supplied fields; null when no such user. Demo users stay non-admin. Conflict when the
   * new e-mail is taken; invalid when organizationId names no organization.
   */
  update(uid: string, patch: UserProfilePatch): Promise<UserProfile | null>;
  recordLogin(uid: string, at: string): Promise<void>;
  /** Marks isDeleted; false when no such user. */
  softDelete(uid: string): Promise<boolean>;
  /** Copies the profile to deletedUsers with deletedAt, then removes it; null when no such user. */
  hardDelete(uid: string, deletedAt: string): Promise<DeletedUser | null>;
  findDeleted(uid: string): Promise<DeletedUser | null>;
}
