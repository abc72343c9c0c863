import { ContainerModule } from 'inversify';
import { auditTrail } from '@causeway/core/audit/audit-trail';
import { campaignFileServiceFactory } from '@causeway/core/campaigns/campaign-file.service';
import { campaignPageServiceFactory } from '@causeway/core/campaigns/campaign-page.service';
import { preCampaignServiceFactory } from '@causeway/core/campaigns/pre-campaign.service';
import { CAMPAIGN_PATHS } from '@causeway/core/contracts/campaigns.contract';
import type { Config } from '../config';
import { TYPES } from '../types';

/** Drafts (pre-campaigns), their files, and the public campaign page. */
export const campaignsModule = (config: Config) =>
  new ContainerModule(({ bind }) => {
    bind(TYPES.PreCampaignService).toDynamicValue((context) => {
      const repositories = context.get(TYPES.Repositories);
      const clock = context.get(TYPES.Clock);
      const ids = context.get(TYPES.Ids);
      return preCampaignServiceFactory({
        unitOfWork: context.get(TYPES.UnitOfWork),
        preCampaigns: repositories.preCampaigns,
        organizations: repositories.organizations,
        files: context.get(TYPES.FileStore),
        images: context.get(TYPES.ImageInspector),
        videos: context.get(TYPES.VideoInspector),
        clock,
        ids,
        audit: auditTrail({ clock, ids }),
        campaignPageUrl: (campaignId) => `${config.publicUrl}${CAMPAIGN_PATHS.page(campaignId)}`,
      });
    });
    bind(TYPES.CampaignFileService).toDynamicValue((context) =>
      campaignFileServiceFactory({
        preCampaigns: context.get(TYPES.Repositories).preCampaigns,
        files: context.get(TYPES.FileStore),
        images: context.get(TYPES.ImageInspector),
        videos: context.get(TYPES.VideoInspector),
      }),
    );
    bind(TYPES.CampaignPageService).toDynamicValue((context) => {
      const repositories = context.get(TYPES.Repositories);
      return campaignPageServiceFactory({
        campaigns: repositories.campaigns,
        organizations: repositories.organizations,
        publicUrl: config.publicUrl,
        cacheMs: config.CAMPAIGN_PAGE_CACHE_MS,
      });
    });
  });
