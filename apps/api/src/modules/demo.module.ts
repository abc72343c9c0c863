import { ContainerModule } from 'inversify';
import { auditTrail } from '@causeway/core/audit/audit-trail';
import { CAMPAIGN_PATHS } from '@causeway/core/contracts/campaigns.contract';
import { demoCampaignServiceFactory } from '@causeway/core/demo/demo-campaign.service';
import { demoSeedServiceFactory } from '@causeway/core/demo/demo-seed.service';
import { demoReachSeeder } from '@causeway/core/promotion/demo-reach.seed';
import type { Config } from '../config';
import { demoCoverStore } from '../demo/demo-covers';
import { demoHistoryFor } from '../demo/demo-history';
import { TYPES } from '../types';

export interface DemoModuleOptions {
  /** The ad platform is the embedded DSP sandbox, which starts empty the first time. */
  embeddedAdPlatform: boolean;
}

/** The demo: its accounts, organizations and reach (and history when asked for), and the demo campaigns. */
export const demoModule = (config: Config, { embeddedAdPlatform }: DemoModuleOptions) =>
  new ContainerModule(({ bind }) => {
    bind(TYPES.DemoSeedService).toDynamicValue((context) => {
      const repositories = context.get(TYPES.Repositories);
      return demoSeedServiceFactory({
        users: repositories.users,
        organizations: repositories.organizations,
        settings: repositories.settings,
        identity: context.get(TYPES.Identity),
        clock: context.get(TYPES.Clock),
        ids: context.get(TYPES.Ids),
        seedReach: demoReachSeeder({
          campaigns: repositories.campaigns,
          shareTracking: repositories.shareTracking,
          promote: (actor, campaignId) => context.get(TYPES.PromotionService).promote(actor, campaignId),
          clock: context.get(TYPES.Clock),
          ids: context.get(TYPES.Ids),
          storeCover: demoCoverStore(context.get(TYPES.FileStore), (message, error) =>
            context.get(TYPES.Logger).warn({ err: error }, message),
          ),
        }),
        ...(config.SEED_DEMO_HISTORY ? { seedHistory: demoHistoryFor(context) } : {}),
        // The embedded DSP sandbox starts empty the first time: the demo is readied on it at each start.
        ...(embeddedAdPlatform
          ? {
              adPlatform: {
                campaigns: repositories.campaigns,
                adPlatform: context.get(TYPES.AdPlatform),
                advertisers: context.get(TYPES.OrganizationAdvertiserService),
                campaignPageUrl: (campaignId: string) => `${config.publicUrl}${CAMPAIGN_PATHS.page(campaignId)}`,
              },
            }
          : {}),
      });
    });
    bind(TYPES.DemoCampaignService).toDynamicValue((context) => {
      const repositories = context.get(TYPES.Repositories);
      const clock = context.get(TYPES.Clock);
      const ids = context.get(TYPES.Ids);
      return demoCampaignServiceFactory({
        unitOfWork: context.get(TYPES.UnitOfWork),
        demoCampaigns: repositories.demoCampaigns,
        organizations: repositories.organizations,
        clock,
        ids,
        audit: auditTrail({ clock, ids }),
      });
    });
  });
