import { z } from 'zod';
import { Id, Timestamp } from '../shared/primitives';

/** The aggregates whose changes are published. */
export const AggregateType = z.enum([
  'user',
  'organization',
  'settings',
  'preCampaign',
  'campaign',
  'demoCampaign',
  'donation',
  'appreciation',
  'promotion',
  'audience',
  'shareTracking',
  'notification',
  'auditLog',
  'email',
  'campaignError',
  'identity',
  'registrationToken',
  'deployment',
  'monthlyGift',
]);
export type AggregateType = z.infer<typeof AggregateType>;

/**
 * A fact that happened, written to the outbox in the same transaction as the change itself.
 * `type` is `<aggregate>.<past-tense verb>`, e.g. `preCampaign.workflowChanged`.
 */
export const DomainEvent = z.object({
  id: Id,
  type: z.string().regex(/^[a-zA-Z]+\.[a-zA-Z]+$/),
  aggregateType: AggregateType,
  aggregateId: Id,
  occurredAt: Timestamp,
  payload: z.record(z.string(), z.unknown()),
});
export type DomainEvent = z.infer<typeof DomainEvent>;

/** An event as read back from the outbox. */
export const StoredDomainEvent = DomainEvent.extend({
  /** Monotonic position in the outbox: events are delivered in this order. */
  position: z.number().int().nonnegative(),
  publishedAt: Timestamp.nullable(),
});
export type StoredDomainEvent = z.infer<typeof StoredDomainEvent>;

/** The event types each repository writes. Kept in one place so projectors can switch on them. */
export const EventTypes = {
  userCreated: 'user.created',
  userUpdated: 'user.updated',
  userLoggedIn: 'user.loggedIn',
  userSoftDeleted: 'user.softDeleted',
  userHardDeleted: 'user.hardDeleted',
  organizationCreated: 'organization.created',
  organizationUpdated: 'organization.updated',
  organizationDeleted: 'organization.deleted',
  settingsSaved: 'settings.saved',
  preCampaignCreated: 'preCampaign.created',
  preCampaignUpdated: 'preCampaign.updated',
  preCampaignDeleted: 'preCampaign.deleted',
  preCampaignWorkflowChanged: 'preCampaign.workflowChanged',
  /** The ad budget of an approved draft was paid (once per draft). */
  preCampaignPaid: 'preCampaign.paid',
  campaignCreated: 'campaign.created',
  campaignUpdated: 'campaign.updated',
  campaignDeleted: 'campaign.deleted',
  campaignDonationCounted: 'campaign.donationCounted',
  /** A refund taken off a campaign's raised amount (and its donor, when fully refunded). */
  campaignRefundCounted: 'campaign.refundCounted',
  /** A campaign's delivery figures were pulled from the ad platform: payload `days` names the UTC days. */
  campaignDeliverySynced: 'campaign.deliverySynced',
  demoCampaignCreated: 'demoCampaign.created',
  demoCampaignStatusChanged: 'demoCampaign.statusChanged',
  donationRecorded: 'donation.recorded',
  donationRefunded: 'donation.refunded',
  donationCheckoutOpened: 'donation.checkoutOpened',
  appreciationSaved: 'appreciation.saved',
  promotionCreated: 'promotion.created',
  audienceCreated: 'audience.created',
  shareCountersCreated: 'shareTracking.countersCreated',
  shareClickRecorded: 'shareTracking.clickRecorded',
  /** A visit of a campaign's public page was counted: payload `campaignId` and the UTC `day`. */
  pageVisitRecorded: 'shareTracking.pageVisitRecorded',
  utmRecorded: 'shareTracking.utmRecorded',
  shareLinkCreated: 'shareTracking.linkCreated',
  notificationCreated: 'notification.created',
  notificationRead: 'notification.read',
  /** A user's bulk read, as one event: aggregateId is the recipient, the payload lists the notifications. */
  notificationsAllRead: 'notification.allRead',
  auditLogged: 'auditLog.logged',
  emailSent: 'email.sent',
  emailFailed: 'email.failed',
  campaignErrorRecorded: 'campaignError.recorded',
  credentialsSet: 'identity.credentialsSet',
  registrationTokenCreated: 'registrationToken.created',
  registrationTokenUsed: 'registrationToken.used',
  deploymentQueued: 'deployment.queued',
  deploymentProgressed: 'deployment.progressed',
  deploymentFinished: 'deployment.finished',
  /** A monthly gift was started, renewed, declined, changed or ended: the payload is the whole gift. */
  monthlyGiftChanged: 'monthlyGift.changed',
} as const;
export type EventType = (typeof EventTypes)[keyof typeof EventTypes];

/** An event as a repository hands it to the outbox; id, position and time are given on write. */
export interface PendingEvent {
  type: EventType;
  aggregateType: AggregateType;
  aggregateId: string;
  payload: Record<string, unknown>;
}
