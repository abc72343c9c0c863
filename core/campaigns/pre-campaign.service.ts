import { pageOf, pageRequest, type Page } from '../shared/paging';
import type { AuditTrail } from '../audit/audit-trail';
import type { Actor, Target } from '../auth/authorization';
import { authorize, can, isOrganizationAdmin, isPlatformStaff } from '../auth/authorization';
import type {
  AdFileRef,
  CampaignPage,
  CreatePreCampaignBody,
  DraftPermissions,
  PreCampaignListQuery,
  PreCampaignView,
  UpdatePreCampaignBody,
} from '../contracts/campaigns.contract';
import { NEW_DRAFT_ID } from '../contracts/campaigns.contract';
import type { Clock } from '../ports/clock.port';
import type { FileStore } from '../ports/file-store.port';
import type { IdGenerator } from '../ports/id-generator.port';
import type { ImageInspector } from '../ports/image-inspector.port';
import type { OrganizationRepository } from '../ports/organization.repository';
import type { PreCampaignRepository, PreCampaignScope } from '../ports/pre-campaign.repository';
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.port';
import type { VideoInspector } from '../ports/video-inspector.port';
import { conflict, forbidden, invalid, notFound } from '../shared/errors';
import { currentStatusOf, isEditable, nextStatuses } from '../workflow/workflow.rules';
import { US_STATES } from './campaign-options';
import type { Organization } from '../organizations/organization.entity';
import { PreCampaign, type Campaign, type CampaignAdFile, type PreCampaignPatch } from './campaign.entity';
import { draftProblems } from './draft-check';
import { checkUpload, isDraftFile } from './upload.rules';

const NOT_FOUND_MESSAGE = 'That campaign does not exist.';

export type PreCampaignServiceDeps = {
  unitOfWork: UnitOfWork;
  preCampaigns: Pick<
    PreCampaignRepository,
    'findById' | 'findDrafts' | 'findPending' | 'findPendingPublish' | 'findPublishing'
  >;
  organizations: Pick<OrganizationRepository, 'findById'>;
  files: Pick<FileStore, 'get' | 'url' | 'pathOf'>;
  images: ImageInspector;
  videos: VideoInspector;
  clock: Clock;
  ids: IdGenerator;
  audit: Pick<AuditTrail, 'record'>;
  /** The address of the public campaign page, for the click-through of a campaign without a landing page. */
  campaignPageUrl: (campaignId: string) => string;
};

export type PreCampaignService = ReturnType<typeof preCampaignServiceFactory>;

/** What authorization rules see of a draft: whose it is and which organization it belongs to. */
export const draftTarget = (draft: Pick<PreCampaign, 'userId' | 'organizationId'>): Target => ({
  uid: draft.userId,
  organizationId: draft.organizationId,
});

const stateNames: ReadonlyMap<string, string> = new Map(US_STATES.map((state) => [state.code, state.name]));

/** Each city once, as first written (names differing only in case are the same city). */
function uniqueCities(names: string[]): { city: string; cityId: null }[] {
  const seen = new Map<string, { city: string; cityId: null }>();
  for (const city of names) if (!seen.has(city.toLowerCase())) seen.set(city.toLowerCase(), { city, cityId: null });
  return [...seen.values()];
}

/** The name a person reads for a draft. */
export const draftName = (draft: Pick<PreCampaign, 'campaignName'>) => draft.campaignName.trim() || 'Untitled campaign';

export function preCampaignServiceFactory(deps: PreCampaignServiceDeps) {
  const { unitOfWork, preCampaigns, organizations, files, images, videos, clock, ids, audit } = deps;

  /** A draft that exists and is not deleted, else a 404 (deleted drafts are gone for everyone). */
  const existing = (draft: PreCampaign | null): PreCampaign => {
    if (!draft || draft.isDeleted) throw notFound(NOT_FOUND_MESSAGE);
    return draft;
  };

  const permissionsOf = (actor: Actor, draft: PreCampaign): DraftPermissions => {
    const target = draftTarget(draft);
    const moves = [
      ...(can(actor, 'preCampaign.submit', target) ? nextStatuses(draft.workflowstatus, 'owner') : []),
      ...(can(actor, 'preCampaign.review', target) ? nextStatuses(draft.workflowstatus, 'reviewer') : []),
    ].filter(
      (status) => !(status === 'Canceled' && currentStatusOf(draft.workflowstatus) === 'Approved' && draft.isPaid),
    );
    return {
      edit: can(actor, 'preCampaign.edit', target) && isEditable(draft.workflowstatus) && !draft.isPaid,
      delete:
        can(actor, 'preCampaign.delete', target) &&
        !draft.isPaid &&
        currentStatusOf(draft.workflowstatus) !== 'Published',
      moves,
    };
  };

  const viewOf = (actor: Actor, draft: PreCampaign): PreCampaignView => ({
    preCampaign: draft,
    permissions: permissionsOf(actor, draft),
    ...draftProblems(draft, clock.now()),
  });

  /**
   * A media field must name one of the draft's own uploaded files; it is stored as the file store's
   * address of it today (an address it gave before, on another host, included).
   */
  const mediaAddress = (draft: PreCampaign, field: string, url: string | null | undefined) => {
    if (url === null || url === undefined) return url;
    const path = files.pathOf(url);
    if (path === null || !isDraftFile(path, draft)) {
      throw invalid('Use a file uploaded to this campaign.', { [field]: 'Upload the file to this campaign first.' });
    }
    return files.url(path);
  };

  /** The ad files as the platform reads them from the stored files: format, pixels and weight are never taken on trust. */
  const describeAdFiles = async (draft: PreCampaign, refs: AdFileRef[]): Promise<CampaignAdFile[]> => {
    const paths = refs.map((ref) => ref.path);
    if (new Set(paths).size !== paths.length) {
      throw invalid('The same ad file is listed twice.', { adFiles: 'Each ad file only once.' });
    }
    return Promise.all(
      refs.map(async (ref, index): Promise<CampaignAdFile> => {
        const field = `adFiles.${index}`;
        const stored = isDraftFile(ref.path, draft) ? await files.get(ref.path) : null;
        if (!stored) {
          throw invalid(`${ref.name} is not a file of this campaign.`, { [field]: 'Upload the ad again.' });
        }
        const image = images.inspect(stored.content);
        const video = image ? null : await videos.inspect(stored.content);
        let checked;
        try {
          checked = checkUpload('ad-file', { fileName: ref.path, sizeBytes: stored.content.byteLength, image, video });
        } catch (error) {
          throw invalid(`${ref.name}: ${(error as Error).message}`, { [field]: (error as Error).message });
        }
        return {
          name: ref.name,
          path: ref.path,
          url: files.url(ref.path),
          typeFormat: checked.typeFormat ?? 'display',
          width: checked.width,
          height: checked.height,
          sizeBytes: stored.content.byteLength,
          amobeeCreativeAsset: null,
        };
      }),
    );
  };

  /** The body as stored fields: derived lists kept in step, files resolved, links checked. */
  const patchOf = async (draft: PreCampaign, body: UpdatePreCampaignBody): Promise<PreCampaignPatch> => {
    const { adFiles, statesAmobee, landingPage, landingPageToggle, ...plain } = body;
    const patch: PreCampaignPatch = { ...plain };
    for (const field of [
      'campaignCoverImage',
      'campaignCoverVideo',
      'headerImageDesktop',
      'headerImageMobile',
      'footerImageDesktop',
      'footerImageMobile',
    ] as const) {
      if (body[field] !== undefined) patch[field] = mediaAddress(draft, field, body[field]);
    }
    if (statesAmobee !== undefined) {
      patch.statesAmobee = statesAmobee.map((state) => ({
        stateCode: state.stateCode,
        name: stateNames.get(state.stateCode),
        regionId: null,
        cities: uniqueCities(state.cities.map(({ city }) => city)),
      }));
      patch.states = statesAmobee.map((state) => state.stateCode);
      patch.cities = patch.statesAmobee.flatMap((state) => state.cities.map(({ city }) => city));
    }
    if (adFiles !== undefined) patch.adFiles = await describeAdFiles(draft, adFiles);
    if (landingPage !== undefined) patch.landingPage = landingPage;
    if (landingPageToggle !== undefined) patch.landingPageToggle = landingPageToggle;
    const toggle = landingPageToggle ?? draft.landingPageToggle;
    const page = landingPage === undefined ? draft.landingPage : landingPage;
    if (landingPage !== undefined || landingPageToggle !== undefined) {
      // Without a landing page, an ad click lands on the campaign page (SPEC §2): no link is stored.
      patch.landingPageLink = toggle && page ? page : null;
    }
    return patch;
  };

  const record = (repositories: Repositories, actor: Actor, event: string, action: string, draft: PreCampaign) =>
    audit.record(repositories.auditLogs, actor, {
      document: 'preCampaigns',
      event,
      action,
      triggerId: draft.id,
      triggerName: draftName(draft),
    });

  /**
   * Which drafts a list may show the actor. Filters narrow it (an organization the actor may list; a
   * person, only oneself unless staff or within an organization given); without filters an organization's
   * admin sees the organization's drafts and everyone else their own.
   */
  const scopeOf = (actor: Actor, query: PreCampaignListQuery): PreCampaignScope => {
    const { userId, organizationId } = query;
    if (organizationId !== undefined) authorize(actor, 'preCampaign.list', { organizationId });
    else if (userId !== undefined && userId !== actor.uid && !isPlatformStaff(actor)) {
      throw forbidden("You can only list your own campaigns, or your organization's by its id.");
    }
    if (userId !== undefined || organizationId !== undefined) {
      return {
        ...(userId !== undefined ? { userId } : {}),
        ...(organizationId !== undefined ? { organizationId } : {}),
      };
    }
    if (isPlatformStaff(actor)) return {};
    authorize(actor, 'preCampaign.list', { uid: actor.uid, organizationId: actor.organizationId });
    return isOrganizationAdmin(actor) && actor.organizationId
      ? { organizationId: actor.organizationId }
      : { userId: actor.uid };
  };

  return {
    draftProblems: (draft: PreCampaign) => draftProblems(draft, clock.now()),
    viewOf,

    /**
     * The wizard's blank draft, not stored: nothing is made (no draft, no audit entry) until the first
     * save, which creates it (`create`).
     */
    blank(actor: Actor): PreCampaignView {
      authorize(actor, 'preCampaign.create', { uid: actor.uid, organizationId: actor.organizationId });
      const draft = PreCampaign.parse({
        id: NEW_DRAFT_ID,
        campaignUUID: NEW_DRAFT_ID,
        userId: actor.uid,
        organizationId: actor.organizationId,
        createdAt: clock.now().toISOString(),
        workflowstatus: 'New',
      });
      return { ...viewOf(actor, draft), permissions: { edit: true, delete: false, moves: [] } };
    },

    /** A new draft in the actor's organization, with whatever the first step filled in. */
    async create(actor: Actor, body: CreatePreCampaignBody): Promise<PreCampaignView> {
      authorize(actor, 'preCampaign.create', { uid: actor.uid, organizationId: actor.organizationId });
      if (body.adFiles !== undefined && body.adFiles.length > 0) {
        throw invalid('Save the draft before adding ad files.', { adFiles: 'Upload ads once the draft is saved.' });
      }
      const shell = {
        id: ids.newId(),
        campaignUUID: ids.newId(),
        userId: actor.uid,
        organizationId: actor.organizationId,
        createdAt: clock.now().toISOString(),
        workflowstatus: 'New' as const,
      };
      return unitOfWork.run(async (repositories) => {
        const draftShell = await repositories.preCampaigns.create(shell);
        const patch = await patchOf(draftShell, body);
        const created = Object.keys(patch).length
          ? ((await repositories.preCampaigns.update(draftShell.id, patch)) ?? draftShell)
          : draftShell;
        await record(repositories, actor, 'create', `Started campaign ${draftName(created)}`, created);
        return viewOf(actor, created);
      });
    },

    async get(actor: Actor, id: string): Promise<PreCampaignView> {
      const draft = existing(await preCampaigns.findById(id));
      authorize(actor, 'preCampaign.read', draftTarget(draft));
      return viewOf(actor, draft);
    },

    /** Saves the fields supplied; only while the draft is being written (New or Canceled) and unpaid. */
    async update(actor: Actor, id: string, body: UpdatePreCampaignBody): Promise<PreCampaignView> {
      return unitOfWork.run(async (repositories) => {
        const draft = existing(await repositories.preCampaigns.findById(id));
        authorize(actor, 'preCampaign.edit', draftTarget(draft));
        if (!isEditable(draft.workflowstatus) || draft.isPaid) {
          const status = currentStatusOf(draft.workflowstatus);
          throw conflict(
            status === 'Pending'
              ? 'This campaign is waiting for approval and cannot be changed now.'
              : `This campaign is ${status} and can no longer be changed.`,
          );
        }
        const patch = await patchOf(draft, body);
        if (Object.keys(patch).length === 0) return viewOf(actor, draft);
        const updated = await repositories.preCampaigns.update(id, patch);
        if (!updated) throw notFound(NOT_FOUND_MESSAGE);
        await record(
          repositories,
          actor,
          'update',
          `Saved campaign ${draftName(updated)} (${Object.keys(body).join(', ')})`,
          updated,
        );
        return viewOf(actor, updated);
      });
    },

    /** Soft deletion (SPEC §4); a paid or published campaign is not deleted from here. */
    async remove(actor: Actor, id: string): Promise<void> {
      await unitOfWork.run(async (repositories) => {
        const draft = existing(await repositories.preCampaigns.findById(id));
        authorize(actor, 'preCampaign.delete', draftTarget(draft));
        if (draft.isPaid || currentStatusOf(draft.workflowstatus) === 'Published') {
          throw conflict('This campaign is paid for and cannot be deleted.');
        }
        await repositories.preCampaigns.softDelete(id);
        await record(repositories, actor, 'delete', `Deleted campaign ${draftName(draft)}`, draft);
      });
    },

    /** Drafts, pending or pending-publish, newest first (SPEC §4), within what the actor may see; one page. */
    async list(actor: Actor, query: PreCampaignListQuery): Promise<Page<PreCampaign>> {
      const scope = scopeOf(actor, query);
      const { limit, request } = pageRequest(query);
      const find =
        query.list === 'drafts'
          ? preCampaigns.findDrafts
          : query.list === 'pending'
            ? preCampaigns.findPending
            : query.list === 'publishing'
              ? preCampaigns.findPublishing
              : preCampaigns.findPendingPublish;
      return pageOf(await find(scope, request), limit, (draft) => ({ at: draft.createdAt, id: draft.id }));
    },

    /** The campaign page as it will look once published, for its owner and reviewers. */
    async preview(actor: Actor, id: string): Promise<CampaignPage> {
      const draft = existing(await preCampaigns.findById(id));
      authorize(actor, 'preCampaign.read', draftTarget(draft));
      const organization = draft.organizationId ? await organizations.findById(draft.organizationId) : null;
      return campaignPageOf(draft, organization, { preview: true, pageUrl: deps.campaignPageUrl(draft.campaignUUID) });
    },
  };
}

/** The campaign page's content from a campaign or draft and its organization. */
export function campaignPageOf(
  campaign: Campaign & { adFiles?: CampaignAdFile[] },
  organization: Organization | null,
  options: { preview: boolean; pageUrl: string },
): CampaignPage {
  return {
    campaignId: campaign.campaignUUID,
    preview: options.preview,
    name: campaign.campaignName,
    title: campaign.campaignTitle,
    story: campaign.campaignDescription,
    category: campaign.campaignCategory,
    tags: campaign.campaignTags,
    coverImage: campaign.campaignCoverImage,
    coverVideo: campaign.campaignCoverVideo,
    header: {
      desktop: campaign.headerImageDesktop,
      mobile: campaign.headerImageMobile,
      link: campaign.headerUrlDesktop ?? campaign.headerUrlMobile,
    },
    footer: {
      desktop: campaign.footerImageDesktop,
      mobile: campaign.footerImageMobile,
      link: campaign.footerUrlDesktop ?? campaign.footerUrlMobile,
    },
    goalCents: campaign.campaignRaiseGoal,
    raisedCents: campaign.campaignRaised,
    donators: campaign.donators ?? 0,
    deadline: campaign.campaignRaiseGoalDeadline,
    allowDonations: campaign.allowDonations,
    allowMonthlyGifts: campaign.allowMonthlyGifts,
    clickThroughUrl: campaign.landingPageLink ?? options.pageUrl,
    organization:
      organization && !organization.isDeleted
        ? {
            organizationId: organization.organizationId,
            name: organization.name,
            logo: organization.logo,
            website: organization.website,
            paymentDisclaimer: organization.paymentDisclaimer,
            termsAndConditionsLink: organization.termsAndConditionsLink,
          }
        : null,
    adFiles: campaign.adFiles ?? campaign.campaignAdsFiles,
  };
}
