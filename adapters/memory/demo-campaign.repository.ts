import { DemoCampaign } from '@causeway/core/campaigns/campaign.entity';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { DemoCampaignRepository } from '@causeway/core/ports/demo-campaign.repository';
import { conflict } from '@causeway/core/shared/errors';
import { newestFirst, utc } from './campaign-times';
import { changeWithMemoryEvent, copy, insertRecord, type MemoryContext } from './memory-state';

export function createMemoryDemoCampaignRepository(context: MemoryContext): DemoCampaignRepository {
  const table = () => context.state().table<DemoCampaign>('demoCampaigns');
  return {
    create(input) {
      return changeWithMemoryEvent(
        context,
        () => {
          const parsed = DemoCampaign.parse(input);
          const demo = { ...parsed, createdAt: utc(parsed.createdAt), updatedAt: utc(parsed.updatedAt) };
          return insertRecord(table(), demo.campaignUUID, demo, () =>
            conflict(`A demo campaign with campaignUUID ${demo.campaignUUID} already exists.`),
          );
        },
        (created) => ({
          type: EventTypes.demoCampaignCreated,
          aggregateType: 'demoCampaign',
          aggregateId: created.campaignUUID,
          payload: { demoCampaign: created },
        }),
      );
    },

    async findById(campaignUUID) {
      const demo = table().get(campaignUUID);
      return demo ? copy(demo) : null;
    },

    async list(filter = {}) {
      return [...table().values()]
        .filter(
          (demo) =>
            (filter.organizationId === undefined || demo.organizationId === filter.organizationId) &&
            (filter.status === undefined || demo.workflowstatus === filter.status),
        )
        .sort(
          newestFirst(
            (demo) => demo.createdAt,
            (demo) => demo.campaignUUID,
          ),
        )
        .map(copy);
    },

    setStatus(campaignUUID, status, at) {
      return changeWithMemoryEvent(
        context,
        () => {
          const existing = table().get(campaignUUID);
          if (!existing) return null;
          const demo = { ...existing, workflowstatus: status, updatedAt: utc(at) };
          table().set(campaignUUID, demo);
          return copy(demo);
        },
        (demoCampaign) =>
          demoCampaign && {
            type: EventTypes.demoCampaignStatusChanged,
            aggregateType: 'demoCampaign',
            aggregateId: campaignUUID,
            payload: { demoCampaign },
          },
      );
    },
  };
}
