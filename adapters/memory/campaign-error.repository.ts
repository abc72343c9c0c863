import { CampaignErrorReport } from '@causeway/core/deployment/campaign-error.entity';
import { EventTypes } from '@causeway/core/events/domain-event';
import { conflict } from '@causeway/core/shared/errors';
import type { CampaignErrorRepository } from '@causeway/core/ports/campaign-error.repository';
import { newestFirst, utc } from './campaign-times';
import { changeWithMemoryEvent, copy, insertRecord, type MemoryContext } from './memory-state';

export function createMemoryCampaignErrorRepository(context: MemoryContext): CampaignErrorRepository {
  const table = () => context.state().table<CampaignErrorReport>('createCampaignErrors');
  return {
    record(input) {
      return changeWithMemoryEvent(
        context,
        () => {
          const parsed = CampaignErrorReport.parse(input);
          const report = { ...parsed, createdAt: utc(parsed.createdAt) };
          return insertRecord(table(), report.id, report, () =>
            conflict(`An error report with id ${report.id} already exists.`),
          );
        },
        (report) => ({
          type: EventTypes.campaignErrorRecorded,
          aggregateType: 'campaignError',
          aggregateId: report.id,
          payload: { id: report.id, preCampaignId: report.preCampaignId, step: report.step },
        }),
      ).then((report) => report.id);
    },

    async findById(id) {
      const report = table().get(id);
      return report ? copy(report) : null;
    },

    async findLatest(preCampaignId) {
      const [latest] = [...table().values()]
        .filter((report) => report.preCampaignId === preCampaignId)
        .sort(
          newestFirst(
            (report) => report.createdAt,
            (report) => report.id,
          ),
        );
      return latest ? copy(latest) : null;
    },
  };
}
