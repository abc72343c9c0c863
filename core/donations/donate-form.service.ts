import type { CampaignPageService } from '../campaigns/campaign-page.service';
import type { CampaignPage } from '../contracts/campaigns.contract';
import { frameAncestorsOf, returnAddressOf } from '../organizations/embed-origins.rules';
import type { OrganizationRepository } from '../ports/organization.repository';

export type DonateFormServiceDeps = {
  pages: Pick<CampaignPageService, 'page'>;
  organizations: Pick<OrganizationRepository, 'findById'>;
};

export type DonateFormService = ReturnType<typeof donateFormServiceFactory>;

/** A campaign's donate form for other sites, and the sites that may show it in a frame. */
export interface DonateForm {
  page: CampaignPage;
  /** `frame-ancestors` sources: the platform and its organization's listed sites. */
  frameAncestors: string;
  /** The page of a listed site the donor is on, to come back to after giving; null when none is known. */
  returnUrl: string | null;
}

/** The compact donate form an organization shows on its own sites (never framed by an unlisted one). */
export function donateFormServiceFactory({ pages, organizations }: DonateFormServiceDeps) {
  return {
    /**
     * The form of a live campaign (a 404 for an unknown or removed one). `returnFrom`: the addresses the
     * page around the form may be at, best first (what the Donate button says, then the Referer); the
     * first that is a page of a listed site is the one to come back to, anything else is ignored.
     */
    async form(campaignId: string, { returnFrom = [] }: { returnFrom?: readonly unknown[] } = {}): Promise<DonateForm> {
      const page = await pages.page(campaignId);
      const organizationId = page.organization?.organizationId;
      const organization = organizationId ? await organizations.findById(organizationId) : null;
      const origins = organization && !organization.isDeleted ? organization.embedOrigins : [];
      const returnUrl = returnFrom.reduce<string | null>(
        (found, candidate) => found ?? returnAddressOf(candidate, origins),
        null,
      );
      return { page, frameAncestors: frameAncestorsOf(origins), returnUrl };
    },
  };
}
