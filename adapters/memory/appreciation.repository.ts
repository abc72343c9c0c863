import { Appreciation } from '@causeway/core/appreciations/appreciation.entity';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { AppreciationRepository } from '@causeway/core/ports/appreciation.repository';
import { conflict } from '@causeway/core/shared/errors';
import { changeWithMemoryEvent, copy, type MemoryContext } from './memory-state';

// Instants are kept as the database gives them back: UTC, milliseconds.
const utc = (value: string): string => new Date(value).toISOString();
const newestFirst = (a: Appreciation, b: Appreciation) =>
  b.updateDate.localeCompare(a.updateDate) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export function createMemoryAppreciationRepository(context: MemoryContext): AppreciationRepository {
  const table = () => context.state().table<Appreciation>('appreciations');
  const find = (campaignId: string, promoterId: string | null) =>
    [...table().values()].find((item) => item.campaignId === campaignId && item.promoter_id === promoterId);
  return {
    save(input) {
      const parsed = Appreciation.parse(input);
      return changeWithMemoryEvent(
        context,
        () => {
          // Replacing keeps the stored record's id, as the upsert on (campaign, promoter) does.
          const existing = find(parsed.campaignId, parsed.promoter_id);
          const appreciation = { ...parsed, id: existing?.id ?? parsed.id, updateDate: utc(parsed.updateDate) };
          if (!existing && table().has(appreciation.id)) throw conflict('An appreciation with this id already exists.');
          table().set(appreciation.id, appreciation);
          return copy(appreciation);
        },
        (saved) => ({
          type: EventTypes.appreciationSaved,
          aggregateType: 'appreciation',
          aggregateId: saved.id,
          payload: { appreciation: saved },
        }),
      );
    },
    async findForCampaign(campaignId, promoterId = null) {
      const found = find(campaignId, promoterId);
      return found ? copy(found) : null;
    },
    async listByCampaigner(campaignerId) {
      return [...table().values()]
        .filter((item) => item.campaigner_id === campaignerId)
        .sort(newestFirst)
        .map(copy);
    },
    async listByPromoter(promoterId) {
      return [...table().values()]
        .filter((item) => item.promoter_id === promoterId)
        .sort(newestFirst)
        .map(copy);
    },
  };
}
