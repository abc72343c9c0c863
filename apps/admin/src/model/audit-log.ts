import type { AuditLogEntry } from '@causeway/core/audit/audit-log.entity';
import type { UserProfile } from '@causeway/core/users/user.entity';
import { personName } from './people';

export const AUDIT_PAGE_SIZE = 50;

/** The author of what the platform itself did (scheduled work, webhooks): not a person to look up. */
export const PLATFORM_AUTHOR = 'platform';

/**
 * Names the author of an entry from the people list ("the platform" for its own work); the raw id
 * while the list is not known.
 */
export function authorNamer(
  users: readonly Pick<UserProfile, 'uid' | 'FirstName' | 'LastName' | 'Email'>[] | undefined,
) {
  const names = new Map((users ?? []).map((user) => [user.uid, personName(user)]));
  return (uid: string): { name: string; known: boolean; platform?: true } => {
    if (uid === PLATFORM_AUTHOR) return { name: 'the platform', known: false, platform: true };
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

/** The collections as the interface names them. */
const DOCUMENT_LABELS: Record<string, string> = {
  organizations: 'Organizations',
  users: 'People',
  settings: 'Settings',
  registrationTokens: 'Invitations',
  preCampaigns: 'Drafts',
  campaigns: 'Campaigns',
  demoCampaigns: 'Demo campaigns',
  campaignErrors: 'Publishing problems',
};

/** The events as the interface names them. */
const EVENT_LABELS: Record<string, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  restore: 'Restored',
  hardDelete: 'Deleted for good',
  invite: 'Invited',
  registration: 'Signed up',
  updateProfile: 'Profile changed',
  updateAvatar: 'Picture changed',
  workflow: 'Review',
};

/** "preCampaigns" → "Drafts"; a collection the interface has no name for reads as words. */
export const documentLabel = (key: string): string => DOCUMENT_LABELS[key] ?? humanize(key);
/** "hardDelete" → "Deleted for good". */
export const eventLabel = (key: string): string => EVENT_LABELS[key] ?? humanize(key);

/** A campaign's fields as the wizard labels them. */
export const DRAFT_FIELD_LABELS: Record<string, string> = {
  campaignName: 'Campaign name',
  campaignTitle: 'Headline',
  campaignDescription: 'Story',
  campaignTags: 'Tags',
  campaignCategory: 'Cause',
  campaignChannel: 'Ad type',
  campaignRaiseGoal: 'Fundraising goal',
  campaignRaiseGoalDeadline: 'Fundraising deadline',
  allowDonations: 'Donations on the page',
  allowMonthlyGifts: 'Monthly gifts',
  campaignCoverImage: 'Cover image',
  campaignCoverVideo: 'Cover video',
  headerImageDesktop: 'Desktop header image',
  headerImageMobile: 'Mobile header image',
  headerUrlDesktop: 'Desktop header link',
  headerUrlMobile: 'Mobile header link',
  footerImageDesktop: 'Desktop footer image',
  footerImageMobile: 'Mobile footer image',
  footerUrlDesktop: 'Desktop footer link',
  footerUrlMobile: 'Mobile footer link',
  demographicTargetAge: 'Ages',
  demographicTargetIncome: 'Household income',
  demographicTargetGender: 'Genders',
  demographicHighestDegreeAttained: 'Education',
  demographicTargetInterests: 'Interests',
  statesAmobee: 'States',
  zips: 'ZIP codes',
  budgetLifetime: 'Ad budget',
  budgetDaily: 'Daily budget',
  budgetTargetCpc: 'Target cost per click',
  budgetOptimizationStrategy: 'Optimize for',
  startDate: 'Start date',
  endDate: 'End date',
  adFiles: 'Ad files',
  landingPageToggle: 'Landing page',
  landingPage: 'Landing page address',
};

/** A move between review statuses as the interface says it elsewhere ("Sent back", "Approved"). */
function transitionText(from: string, to: string): string {
  if (to === 'Pending') return from === 'Canceled' ? 'Sent for approval again' : 'Sent for approval';
  if (to === 'Approved') return 'Approved';
  if (to === 'Canceled') return from === 'Approved' ? 'Approval withdrawn' : 'Sent back';
  if (to === 'Published') return 'Published';
  if (to === 'New') return 'Back to draft';
  return `${from} to ${to}`;
}

/**
 * An entry's action in the interface's words: a draft's saved fields by their labels ("Ad budget,
 * States"), a review move as its decision ("Sent back"). Other actions read as written.
 */
export function actionText(entry: Pick<AuditLogEntry, 'document' | 'action'>): string {
  const saved = /^Saved campaign (.*) \(([^()]*)\)$/.exec(entry.action);
  if (saved) {
    const fields = saved[2]!.split(',').map((field) => DRAFT_FIELD_LABELS[field.trim()] ?? humanize(field.trim()));
    return `Saved campaign ${saved[1]}: ${fields.join(', ')}`;
  }
  const moved = /^Moved (demo campaign|campaign) (.*?) from (\w+) to (\w+)(: [\s\S]*)?$/.exec(entry.action);
  if (moved) {
    return `${transitionText(moved[3]!, moved[4]!)}: ${moved[1]} ${moved[2]}${moved[5] ?? ''}`;
  }
  return entry.action;
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
