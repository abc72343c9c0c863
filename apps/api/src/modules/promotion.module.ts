import { ContainerModule, type ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import {
  fundraiserPageServiceFactory,
  type FundraiserPageService,
} from '@causeway/core/promotion/fundraiser-page.service';
import { pageVisitServiceFactory, type PageVisitService } from '@causeway/core/promotion/page-visits.service';
import { promotionServiceFactory } from '@causeway/core/promotion/promotion.service';
import type { Config } from '../config';
import { TYPES } from '../types';

export const FUNDRAISER_PAGE_SERVICE: ServiceIdentifier<FundraiserPageService> = Symbol.for(
  'causeway.FundraiserPageService',
);

export const PAGE_VISIT_SERVICE: ServiceIdentifier<PageVisitService> = Symbol.for('causeway.PageVisitService');

/**
 * Promotion and share links, and the visits of the public campaign pages: counted once a while per
 * visitor, in the data store's shared windows.
 */
export const promotionModule = (config: Config, logger: Logger) =>
  new ContainerModule(({ bind }) => {
    bind(TYPES.PromotionService).toDynamicValue((context) => {
      const repositories = context.get(TYPES.Repositories);
      return promotionServiceFactory({
        unitOfWork: context.get(TYPES.UnitOfWork),
        campaigns: repositories.campaigns,
        users: repositories.users,
        promotions: repositories.promotions,
        shareTracking: repositories.shareTracking,
        donations: repositories.donations,
        clock: context.get(TYPES.Clock),
        ids: context.get(TYPES.Ids),
        publicUrl: config.publicUrl,
        // As the public page answers it: a page is shown once made, until its campaign's organizers hide it.
        fundraiserPageShown: async (campaignId, promoterId) => {
          const fundraisers: FundraiserPageService = context.get(FUNDRAISER_PAGE_SERVICE);
          return (await fundraisers.snapshot(campaignId, promoterId)).fundraiser !== null;
        },
        onListSyncFailure: (error, promotion) =>
          logger.warn(
            { err: error, ...promotion },
            "A campaign's promoters or a promoter's campaigns could not be updated",
          ),
      });
    });
    bind(FUNDRAISER_PAGE_SERVICE)
      .toDynamicValue((context) => {
        const repositories = context.get(TYPES.Repositories);
        return fundraiserPageServiceFactory({
          pages: repositories.fundraiserPages,
          campaigns: repositories.campaigns,
          promotions: repositories.promotions,
          donations: repositories.donations,
          users: repositories.users,
          campaignPages: context.get(TYPES.CampaignPageService),
          files: context.get(TYPES.FileStore),
          images: context.get(TYPES.ImageInspector),
          notify: (input) => context.get(TYPES.NotificationService).notify(input),
          onNotifyFailure: (error, page) =>
            logger.warn({ err: error, ...page }, 'A promoter could not be told their fundraising page was hidden'),
          clock: context.get(TYPES.Clock),
          ids: context.get(TYPES.Ids),
          publicUrl: config.publicUrl,
          // Kept as long as the campaign page it shows.
          cacheMs: config.CAMPAIGN_PAGE_CACHE_MS,
        });
      })
      .inSingletonScope();
    bind(PAGE_VISIT_SERVICE).toDynamicValue((context) => {
      const dataStore = context.get(TYPES.DataStore);
      return pageVisitServiceFactory({
        pages: context.get(TYPES.CampaignPageService),
        limits: dataStore.rateLimits,
        visits: dataStore.repositories.shareTracking,
        clock: context.get(TYPES.Clock),
      });
    });
  });
