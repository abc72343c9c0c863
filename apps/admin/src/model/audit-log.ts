import type { AuditLogEntry } from '../../../../core/audit/audit-log.entity';
import type { UserProfile } from '../../../../core/users/user.entity';
import { personName } from './people';

export const AUDIT_PAGE_SIZE = 50;

/** The `before` cursor of the next (older) page, or undefined when the last page was not full. */
export function olderPageCursor(page: readonly AuditLogEntry[], pageSize: number): string | undefined {
  if (page.length < pageSize) return undefined;
  return page[page.length - 1]?.created_date;
}

/** Names the author of an entry from the people list; the raw id while the list is not known. */
export function authorNamer(
  users: readonly Pick<UserProfile, 'uid' | 'FirstName' | 'LastName' | 'Email'>[] | undefined,
) {
  const names = new Map((users ?? []).map((user) => [user.uid, personName(user)]));
  return (uid: string): { name: string; known: boolean } => {
    const name = names.get(uid);
    return name === undefined ? { name: uid, known: false } : { name, known: true };
  };
}

/** Pages of entries as one list, without repeating an entry that sits on a page boundary. */
export function mergePages(pages: readonly (readonly AuditLogEntry[])[]): AuditLogEntry[] {
  const seen = new Set<string>();
  const entries: AuditLogEntry[] = [];
  for (const page of pages) {
    for (const entry of page) {
      if (seen.has(entry.id)) continue;
      seen.add(entry.id);
      entries.push(entry);
    }
  }
  return entries;
}

/** "preCampaigns" → "Pre campaigns", "users" → "Users". */
export function humanize(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Where an entry's record is shown in the admin area, when it has a page of its own. */
export function recordPathOf(entry: Pick<AuditLogEntry, 'document' | 'trigger_id'>): string | null {
  if (!entry.trigger_id) return null;
  const id = encodeURIComponent(entry.trigger_id);
  if (entry.document === 'organizations') return `/admin/organizations/${id}`;
  if (entry.document === 'users') return `/admin/people/${id}`;
  if (entry.document === 'settings') return '/admin/settings';
  return null;
}

/** The audit log's usual collections and events, offered as suggestions in its filters. */
export const knownDocuments = [
  'organizations',
  'users',
  'settings',
  'registrationTokens',
  'preCampaigns',
  'campaigns',
  'demoCampaigns',
];
export const knownEvents = [
  'create',
  'update',
  'delete',
  'restore',
  'hardDelete',
  'invite',
  'registration',
  'updateProfile',
  'updateAvatar',
];
