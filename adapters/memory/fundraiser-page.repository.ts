import { FundraiserPage } from '@causeway/core/promotion/fundraiser-page.entity';
import type { FundraiserPageRepository } from '@causeway/core/ports/fundraiser-page.repository';
import { conflict } from '@causeway/core/shared/errors';
import { changeWithMemoryEvent, copy, type MemoryContext } from './memory-state';

/** Instants are kept as Postgres gives them back: UTC, millisecond precision. */
const utc = (value: string): string => new Date(value).toISOString();
const keyOf = (campaignId: string, promoterId: string) => `${campaignId}\u0000${promoterId}`;
const byId = (a: FundraiserPage, b: FundraiserPage) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const oldestFirst = (a: FundraiserPage, b: FundraiserPage) => a.createdAt.localeCompare(b.createdAt) || byId(a, b);
const newestFirst = (a: FundraiserPage, b: FundraiserPage) => b.createdAt.localeCompare(a.createdAt) || byId(b, a);

export function createMemoryFundraiserPageRepository(context: MemoryContext): FundraiserPageRepository {
  const pages = () => context.state().table<FundraiserPage>('fundraiserPages');
  const stored = (page: FundraiserPage): FundraiserPage => ({
    ...page,
    createdAt: utc(page.createdAt),
    updatedAt: utc(page.updatedAt),
    hiddenAt: page.hiddenAt === null ? null : utc(page.hiddenAt),
  });
  const list = (keep: (page: FundraiserPage) => boolean, order: typeof oldestFirst) =>
    [...pages().values()].filter(keep).sort(order).map(copy);

  return {
    save(input) {
      const page = stored(FundraiserPage.parse(input));
      return changeWithMemoryEvent(
        context,
        () => {
          const key = keyOf(page.campaignId, page.promoterId);
          const existing = pages().get(key);
          if (!existing) {
            if ([...pages().values()].some((other) => other.id === page.id)) {
              throw conflict(`A fundraising page with id ${page.id} already exists.`);
            }
            pages().set(key, page);
            return copy(page);
          }
          const { headline, story, photo, goalCents, showOnLeaderboard, updatedAt } = page;
          const changed = { ...existing, headline, story, photo, goalCents, showOnLeaderboard, updatedAt };
          pages().set(key, changed);
          return copy(changed);
        },
        () => null,
      );
    },
    async find(campaignId, promoterId) {
      const page = pages().get(keyOf(campaignId, promoterId));
      return page ? copy(page) : null;
    },
    async listByCampaign(campaignId) {
      return list((page) => page.campaignId === campaignId, oldestFirst);
    },
    async listByPromoter(promoterId) {
      return list((page) => page.promoterId === promoterId, newestFirst);
    },
    async listByOrganization(organizationId) {
      return list((page) => page.organizationId === organizationId, newestFirst);
    },
    setVisibility(campaignId, promoterId, visibility) {
      return changeWithMemoryEvent(
        context,
        () => {
          const key = keyOf(campaignId, promoterId);
          const existing = pages().get(key);
          if (!existing) return null;
          const changed: FundraiserPage = {
            ...existing,
            hidden: visibility.hidden,
            hiddenReason: visibility.hidden ? visibility.reason : null,
            hiddenAt: visibility.hidden ? utc(visibility.at) : null,
            hiddenBy: visibility.hidden ? visibility.by : null,
          };
          pages().set(key, changed);
          return copy(changed);
        },
        () => null,
      );
    },
  };
}
