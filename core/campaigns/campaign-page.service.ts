import { CAMPAIGN_PATHS, type CampaignPage } from '../contracts/campaigns.contract';
import type { CampaignRepository } from '../ports/campaign.repository';
import type { OrganizationRepository } from '../ports/organization.repository';
import { notFound } from '../shared/errors';
import { campaignPageOf } from './pre-campaign.service';

export type CampaignPageServiceDeps = {
  campaigns: Pick<CampaignRepository, 'findById'>;
  organizations: Pick<OrganizationRepository, 'findById'>;
  publicUrl: string;
};

export type CampaignPageService = ReturnType<typeof campaignPageServiceFactory>;

/** What a shared link shows before it is opened (Open Graph and Twitter cards). */
export interface LinkPreview {
  title: string;
  description: string;
  image: string | null;
  url: string;
}

const DESCRIPTION_LENGTH = 200;

/** The first words of the story, cut at a word, for a link preview. */
export function summaryOf(story: string, length = DESCRIPTION_LENGTH): string {
  const flat = story.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** The public campaign page (SPEC §2): anyone may open a live campaign; deleted and unknown ones are gone. */
export function campaignPageServiceFactory({ campaigns, organizations, publicUrl }: CampaignPageServiceDeps) {
  const pageUrl = (campaignId: string) => `${publicUrl}${CAMPAIGN_PATHS.page(campaignId)}`;

  const page = async (campaignId: string): Promise<CampaignPage | null> => {
    const campaign = await campaigns.findById(campaignId);
    if (!campaign || campaign.isDeleted) return null;
    const organization = campaign.organizationId ? await organizations.findById(campaign.organizationId) : null;
    return campaignPageOf(campaign, organization, { preview: false, pageUrl: pageUrl(campaignId) });
  };

  return {
    pageUrl,

    async page(campaignId: string): Promise<CampaignPage> {
      const found = await page(campaignId);
      if (!found) throw notFound('That campaign does not exist, or it has ended and been removed.');
      return found;
    },

    /** The link preview of a live campaign, or null when there is no such campaign (the page answers 404). */
    async linkPreview(campaignId: string): Promise<LinkPreview | null> {
      const found = await page(campaignId);
      if (!found) return null;
      const by = found.organization ? ` · ${found.organization.name}` : '';
      return {
        title: `${found.title || found.name}${by}`,
        description: summaryOf(found.story),
        image: found.coverImage,
        url: pageUrl(campaignId),
      };
    },
  };
}
