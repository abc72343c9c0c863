/**
 * Which mirror records an outbox event names. Events carry ids only as far as the mirror is concerned:
 * the projector reads the records as the store holds them when it applies the batch, so events may be
 * applied in any order, twice, or after a crash, and the mirror still ends equal to the store.
 */
import type { PendingEvent, StoredDomainEvent } from '../events/domain-event';
import { EventTypes } from '../events/domain-event';
import { emptyMirrorKeys, type MirrorKeys, type MirrorKind } from './mirror.entity';

type Payload = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);
const field = (payload: Payload, object: string, key: string): string | null => {
  const inner = payload[object];
  return typeof inner === 'object' && inner !== null ? text((inner as Payload)[key]) : null;
};

/** A campaign's delivery figures were pulled: the mirror replaces the campaign's ad days. */
export function deliverySyncedEvent(campaignId: string, figures: { daily: { day: string }[] }): PendingEvent {
  return {
    type: EventTypes.campaignDeliverySynced,
    aggregateType: 'campaign',
    aggregateId: campaignId,
    payload: { campaignId, days: figures.daily.map((day) => day.day) },
  };
}

/** The records one event names (nothing for events the reports do not read). */
export function mirrorKeysOf(event: Pick<StoredDomainEvent, 'type' | 'aggregateId' | 'payload'>): Partial<MirrorKeys> {
  const { payload, aggregateId } = event;
  const only = (kind: MirrorKind, ...ids: (string | null)[]): Partial<MirrorKeys> => ({
    [kind]: ids.filter((id): id is string => id !== null),
  });
  switch (event.type) {
    case EventTypes.organizationCreated:
    case EventTypes.organizationUpdated:
    case EventTypes.organizationDeleted:
      return only('organizations', aggregateId);
    case EventTypes.userCreated:
    case EventTypes.userUpdated:
    case EventTypes.userSoftDeleted:
    case EventTypes.userHardDeleted:
      return only('people', aggregateId);
    case EventTypes.campaignCreated:
    case EventTypes.campaignUpdated:
    case EventTypes.campaignDeleted:
    // The budget paid for a draft is its campaign's lifetime budget once published (same id).
    // eslint-disable-next-line no-fallthrough
    case EventTypes.preCampaignPaid:
      return only('campaigns', aggregateId);
    case EventTypes.campaignDeliverySynced:
      return only('adDays', aggregateId);
    case EventTypes.donationRecorded:
      return only(
        'gifts',
        field(payload, 'donator', 'paymentIntentId') ?? field(payload, 'donation', 'payment_intent_id'),
      );
    case EventTypes.donationRefunded:
      return only('gifts', field(payload, 'donation', 'payment_intent_id'));
    case EventTypes.donationCheckoutOpened:
      return only('checkouts', field(payload, 'checkout', 'sessionId') ?? aggregateId);
    case EventTypes.shareClickRecorded:
      return only('shareClicks', field(payload, 'click', 'id'));
    case EventTypes.pageVisitRecorded: {
      const campaignId = text(payload.campaignId);
      const day = text(payload.day);
      return only('pageVisits', campaignId && day ? `${campaignId}/${day}` : null);
    }
    case EventTypes.promotionCreated:
      return only('promotions', field(payload, 'promotion', 'id') ?? aggregateId);
    case EventTypes.monthlyGiftChanged:
      return only('monthlyGifts', text(payload.subscriptionId) ?? aggregateId);
    default:
      return {};
  }
}

/** The keys a batch of events names, each once. */
export function mirrorKeysOfAll(events: Pick<StoredDomainEvent, 'type' | 'aggregateId' | 'payload'>[]): MirrorKeys {
  const sets = new Map<MirrorKind, Set<string>>();
  for (const event of events) {
    for (const [kind, ids] of Object.entries(mirrorKeysOf(event)) as [MirrorKind, string[]][]) {
      let set = sets.get(kind);
      if (!set) sets.set(kind, (set = new Set()));
      for (const id of ids) set.add(id);
    }
  }
  const keys = emptyMirrorKeys();
  for (const [kind, set] of sets) keys[kind] = [...set].sort();
  return keys;
}

/** True when no key is named. */
export const noMirrorKeys = (keys: MirrorKeys): boolean => Object.values(keys).every((ids) => ids.length === 0);

/** How far the mirror is behind at `now`: the age of the oldest event not yet applied (0 with none). */
export function lagMsOf(oldestAt: string | null, now: Date): number {
  if (!oldestAt) return 0;
  const at = Date.parse(oldestAt);
  return Number.isFinite(at) ? Math.max(0, Math.round(now.getTime() - at)) : 0;
}
