import { EventTypes } from '@causeway/core/events/domain-event';
import type { ShareTrackingRepository } from '@causeway/core/ports/share-tracking.repository';
import type { PageVisits } from '@causeway/core/promotion/promotion.entity';
import { ClickEvent, ShareLink, SharesClicks, Utm } from '@causeway/core/promotion/promotion.entity';
import { conflict } from '@causeway/core/shared/errors';
import { appendMemoryEvent, changeWithMemoryEvent, copy, type MemoryContext } from './memory-state';

// Instants are kept as the database gives them back: UTC, milliseconds.
const utc = (value: string): string => new Date(value).toISOString();
const newestFirst = <T extends { id: string; createdAt: string }>(a: T, b: T) =>
  b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export function createMemoryShareTrackingRepository(context: MemoryContext): ShareTrackingRepository {
  const counters = () => context.state().table<SharesClicks>('sharesClicks');
  const clicks = () => context.state().table<ClickEvent>('clickEvents');
  const utms = () => context.state().table<Utm>('utms');
  const links = () => context.state().table<ShareLink>('shareLinks');
  const visits = () => context.state().table<PageVisits>('pageVisits');
  const linkOf = (wanted: Pick<ShareLink, 'campaignId' | 'promoterId' | 'channel'>) =>
    [...links().values()].find(
      (link) =>
        link.campaignId === wanted.campaignId &&
        link.promoterId === wanted.promoterId &&
        link.channel === wanted.channel,
    );
  const repository: ShareTrackingRepository = {
    ensureCounters(campaignId) {
      return changeWithMemoryEvent(
        context,
        () => {
          const existing = counters().get(campaignId);
          if (existing) return { counters: SharesClicks.parse(copy(existing)), created: false };
          const created = SharesClicks.parse({ campaignId });
          counters().set(campaignId, created);
          return { counters: copy(created), created: true };
        },
        (result) =>
          result.created
            ? {
                type: EventTypes.shareCountersCreated,
                aggregateType: 'shareTracking',
                aggregateId: campaignId,
                payload: { counters: result.counters },
              }
            : null,
      ).then((result) => result.counters);
    },
    async getCounters(campaignId) {
      const found = counters().get(campaignId);
      // Counters kept before a channel was added have no field for it: zero.
      return SharesClicks.parse(found ? copy(found) : { campaignId });
    },
    recordClick(input) {
      const parsed = ClickEvent.parse(input);
      const click = { ...parsed, createdAt: utc(parsed.createdAt) };
      return changeWithMemoryEvent(
        context,
        () => {
          if (clicks().has(click.id)) throw conflict('A click with this id already exists.');
          clicks().set(click.id, click);
          const current = SharesClicks.parse(counters().get(click.campaignId) ?? { campaignId: click.campaignId });
          const updated = { ...current, [click.channel]: current[click.channel] + 1 };
          counters().set(click.campaignId, updated);
          return copy(updated);
        },
        () => ({
          type: EventTypes.shareClickRecorded,
          aggregateType: 'shareTracking',
          aggregateId: click.campaignId,
          payload: { click },
        }),
      );
    },
    recordPageVisit(campaignId, at, count = 1) {
      const day = new Date(at).toISOString().slice(0, 10);
      return changeWithMemoryEvent(
        context,
        () => {
          const key = `${campaignId}~${day}`;
          const current = visits().get(key);
          visits().set(key, { campaignId, day, visits: (current?.visits ?? 0) + count });
        },
        () => ({
          type: EventTypes.pageVisitRecorded,
          aggregateType: 'shareTracking',
          aggregateId: campaignId,
          payload: { campaignId, day },
        }),
      );
    },
    async listPageVisits(campaignId) {
      return [...visits().values()]
        .filter((item) => item.campaignId === campaignId)
        .sort((a, b) => a.day.localeCompare(b.day))
        .map(copy);
    },
    recordUtm(input) {
      const parsed = Utm.parse(input);
      return changeWithMemoryEvent(
        context,
        () => {
          if (utms().has(parsed.id)) throw conflict('A UTM record with this id already exists.');
          const utm = { ...parsed, createdAt: utc(parsed.createdAt) };
          utms().set(utm.id, utm);
          return copy(utm);
        },
        (utm) => ({
          type: EventTypes.utmRecorded,
          aggregateType: 'shareTracking',
          aggregateId: utm.campaignId,
          payload: { utm },
        }),
      );
    },
    async listClicks(campaignId, filter = {}) {
      const since = filter.since === undefined ? undefined : utc(filter.since);
      return [...clicks().values()]
        .filter(
          (click) =>
            click.campaignId === campaignId &&
            (filter.promoterId === undefined || click.promoterId === filter.promoterId) &&
            (since === undefined || click.createdAt >= since),
        )
        .sort(newestFirst)
        .map(copy);
    },
    async countClicks(campaignId, filter = {}) {
      const counts = { x: 0, linkedin: 0, facebook: 0, instagram: 0, qr: 0 };
      for (const click of await repository.listClicks(campaignId, filter)) counts[click.channel] += 1;
      return counts;
    },
    async listUtms(campaignId) {
      return [...utms().values()]
        .filter((utm) => utm.campaignId === campaignId)
        .sort(newestFirst)
        .map(copy);
    },
    async ensureShareLinks(input) {
      const wanted = input.map((link) => ShareLink.parse(link));
      return context.exclusive(() => {
        const created: ShareLink[] = [];
        const answer = wanted.map((link) => {
          const existing = linkOf(link);
          if (existing) return copy(existing);
          if (links().has(link.code) || created.some((other) => other.code === link.code))
            throw conflict('A share link with this code already exists.');
          const stored = { ...link, createdAt: utc(link.createdAt) };
          created.push(stored);
          return copy(stored);
        });
        for (const link of created) {
          links().set(link.code, link);
          appendMemoryEvent(context, {
            type: EventTypes.shareLinkCreated,
            aggregateType: 'shareTracking',
            aggregateId: link.campaignId,
            payload: { link },
          });
        }
        return answer;
      });
    },
    async findShareLink(code) {
      const found = links().get(code);
      return found ? copy(found) : null;
    },
    async listShareLinks(promoterId, campaignId) {
      return [...links().values()]
        .filter(
          (link) => link.promoterId === promoterId && (campaignId === undefined || link.campaignId === campaignId),
        )
        .map(copy);
    },
  };
  return repository;
}
