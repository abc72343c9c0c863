import type { CampaignRepository } from '../ports/campaign.repository';
import type { FundraiserPageRepository } from '../ports/fundraiser-page.repository';
import type { OrganizationRepository } from '../ports/organization.repository';
import type { DataStore, Repositories, UnitOfWork } from '../ports/unit-of-work.port';
import type { CampaignPageChange } from './campaign-page.service';

/** Told of every change a campaign page shows, once it is in the store (after its transaction commits). */
export type CampaignPageChangeListener = (change: CampaignPageChange) => void;

/** Collects changed ids until they are told. */
function changeCollector() {
  const campaignIds = new Set<string>();
  const figures = new Set<string>();
  const organizationIds = new Set<string>();
  return {
    campaign: (id: string) => campaignIds.add(id),
    figures: (id: string) => figures.add(id),
    organization: (id: string) => organizationIds.add(id),
    take(): CampaignPageChange | null {
      if (campaignIds.size === 0 && figures.size === 0 && organizationIds.size === 0) return null;
      const change = changeOf([...campaignIds], [...figures], [...organizationIds]);
      campaignIds.clear();
      figures.clear();
      organizationIds.clear();
      return change;
    },
  };
}

/** A change of these campaigns, of the figures alone of those (unless also changed otherwise) and of these organizations. */
function changeOf(campaignIds: string[], figures: string[], organizationIds: string[]): CampaignPageChange {
  const changed = new Set(campaignIds);
  const figuresOnly = figures.filter((id) => !changed.has(id));
  return {
    campaignIds: [...campaignIds, ...figuresOnly],
    organizationIds,
    ...(figuresOnly.length > 0 ? { figuresOnly } : {}),
  };
}

type Noted = { campaign(id: string): void; figures(id: string): void; organization(id: string): void };

/** The repositories, their writes to campaigns and organizations noted (after each write is done). */
function noting(repositories: Repositories, note: Noted): Repositories {
  const campaigns = repositories.campaigns;
  const organizations = repositories.organizations;
  const after =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>, noteOf: (args: A, result: R) => void) =>
    async (...args: A): Promise<R> => {
      const result = await write(...args);
      noteOf(args, result);
      return result;
    };
  const byId = (args: [string, ...unknown[]]) => note.campaign(args[0]);
  const figuresById = (args: [string, ...unknown[]]) => note.figures(args[0]);
  const wrappedCampaigns: CampaignRepository = {
    ...campaigns,
    // A new campaign replaces a page answered "not found".
    create: after(campaigns.create.bind(campaigns), (_args, created) => note.campaign(created.campaignUUID)),
    update: after(campaigns.update.bind(campaigns), byId),
    softDelete: after(campaigns.softDelete.bind(campaigns), byId),
    countDonation: after(campaigns.countDonation.bind(campaigns), figuresById),
    countDonations: after(campaigns.countDonations.bind(campaigns), figuresById),
    uncountDonation: after(campaigns.uncountDonation.bind(campaigns), figuresById),
  };
  const byOrganization = (args: [string, ...unknown[]]) => note.organization(args[0]);
  const wrappedOrganizations: OrganizationRepository = {
    ...organizations,
    update: after(organizations.update.bind(organizations), byOrganization),
    softDelete: after(organizations.softDelete.bind(organizations), byOrganization),
  };
  // A fundraising page made, changed or hidden moves its campaign's leaderboard.
  const fundraiserPages = repositories.fundraiserPages;
  const wrappedFundraiserPages: FundraiserPageRepository = {
    ...fundraiserPages,
    save: after(fundraiserPages.save.bind(fundraiserPages), (_args, saved) => note.figures(saved.campaignId)),
    setVisibility: after(fundraiserPages.setVisibility.bind(fundraiserPages), figuresById),
  };
  return {
    ...repositories,
    campaigns: wrappedCampaigns,
    organizations: wrappedOrganizations,
    fundraiserPages: wrappedFundraiserPages,
  };
}

/**
 * The data store, telling `listener` of every write a campaign page shows: at once for a write outside
 * a unit of work, after the commit for one inside (never for a unit of work that failed).
 */
export function watchCampaignPageChanges(dataStore: DataStore, listener: CampaignPageChangeListener): DataStore {
  const tell = (change: CampaignPageChange | null) => {
    if (change) listener(change);
  };
  const direct: Noted = {
    campaign: (id) => tell(changeOf([id], [], [])),
    figures: (id) => tell(changeOf([], [id], [])),
    organization: (id) => tell(changeOf([], [], [id])),
  };
  const unitOfWork: UnitOfWork = {
    async run(work) {
      const collected = changeCollector();
      const result = await dataStore.unitOfWork.run((repositories) => work(noting(repositories, collected)));
      tell(collected.take());
      return result;
    },
  };
  return { ...dataStore, repositories: noting(dataStore.repositories, direct), unitOfWork };
}
