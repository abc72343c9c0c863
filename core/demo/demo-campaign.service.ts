import type { AuditTrail } from '../audit/audit-trail';
import type { Actor } from '../auth/authorization';
import { authorize, isPlatformStaff } from '../auth/authorization';
import type { DemoCampaign } from '../campaigns/campaign.entity';
import type { CreateDemoCampaignBody } from '../contracts/campaigns.contract';
import type { Clock } from '../ports/clock.port';
import type { DemoCampaignRepository } from '../ports/demo-campaign.repository';
import type { IdGenerator } from '../ports/id-generator.port';
import type { OrganizationRepository } from '../ports/organization.repository';
import type { UnitOfWork } from '../ports/unit-of-work.port';
import { invalid, notFound } from '../shared/errors';
import type { DemoCampaignStatus } from '../workflow/workflow.entity';
import { checkDemoTransition, DEMO_CAMPAIGN_TRANSITIONS } from '../workflow/workflow.rules';

export type DemoCampaignServiceDeps = {
  unitOfWork: UnitOfWork;
  demoCampaigns: Pick<DemoCampaignRepository, 'findById' | 'list'>;
  organizations: Pick<OrganizationRepository, 'findById'>;
  clock: Clock;
  ids: IdGenerator;
  audit: Pick<AuditTrail, 'record'>;
};

export type DemoCampaignService = ReturnType<typeof demoCampaignServiceFactory>;

export interface DemoCampaignView {
  demoCampaign: DemoCampaign;
  moves: DemoCampaignStatus[];
}

const viewOf = (demoCampaign: DemoCampaign): DemoCampaignView => ({
  demoCampaign,
  moves: [...DEMO_CAMPAIGN_TRANSITIONS[demoCampaign.workflowstatus]],
});

/** Demo campaigns: examples platform staff set up to show the product, moved by their own transition table. */
export function demoCampaignServiceFactory(deps: DemoCampaignServiceDeps) {
  const { unitOfWork, demoCampaigns, organizations, clock, ids, audit } = deps;

  const found = async (actor: Actor, id: string): Promise<DemoCampaign> => {
    const demo = await demoCampaigns.findById(id);
    if (!demo) throw notFound('That demo campaign does not exist.');
    authorize(actor, 'demoCampaign.read', { organizationId: demo.organizationId });
    return demo;
  };

  return {
    async list(
      actor: Actor,
      filter: { organizationId?: string; status?: DemoCampaignStatus } = {},
    ): Promise<DemoCampaign[]> {
      // Demo accounts see their own organization's; staff any they ask for.
      const organizationId = isPlatformStaff(actor) ? filter.organizationId : (actor.organizationId ?? undefined);
      authorize(actor, 'demoCampaign.read', { organizationId: organizationId ?? null });
      return demoCampaigns.list({
        ...(organizationId !== undefined ? { organizationId } : {}),
        ...(filter.status !== undefined ? { status: filter.status } : {}),
      });
    },

    async get(actor: Actor, id: string): Promise<DemoCampaignView> {
      return viewOf(await found(actor, id));
    },

    async create(actor: Actor, body: CreateDemoCampaignBody): Promise<DemoCampaignView> {
      authorize(actor, 'demoCampaign.manage');
      const organizationId = body.organizationId ?? null;
      if (organizationId !== null) {
        const organization = await organizations.findById(organizationId);
        if (!organization || organization.isDeleted) {
          throw invalid('Choose an existing organization.', { organizationId: 'No such organization.' });
        }
      }
      const at = clock.now().toISOString();
      return unitOfWork.run(async (repositories) => {
        const created = await repositories.demoCampaigns.create({
          campaignUUID: ids.newId(),
          campaignName: body.campaignName,
          organizationId,
          workflowstatus: 'Draft',
          createdAt: at,
          updatedAt: at,
        });
        await audit.record(repositories.auditLogs, actor, {
          document: 'demoCampaigns',
          event: 'create',
          action: `Created demo campaign ${created.campaignName}`,
          triggerId: created.campaignUUID,
          triggerName: created.campaignName,
        });
        return viewOf(created);
      });
    },

    /** Moves a demo campaign by the transition table; anything else is a 409 naming both statuses. */
    async setStatus(actor: Actor, id: string, status: DemoCampaignStatus): Promise<DemoCampaignView> {
      authorize(actor, 'demoCampaign.manage');
      return unitOfWork.run(async (repositories) => {
        const demo = await repositories.demoCampaigns.findById(id);
        if (!demo) throw notFound('That demo campaign does not exist.');
        checkDemoTransition(demo.workflowstatus, status);
        const moved = await repositories.demoCampaigns.setStatus(id, status, clock.now().toISOString());
        if (!moved) throw notFound('That demo campaign does not exist.');
        await audit.record(repositories.auditLogs, actor, {
          document: 'demoCampaigns',
          event: 'workflow',
          action: `Moved demo campaign ${demo.campaignName} from ${demo.workflowstatus} to ${status}`,
          triggerId: id,
          triggerName: demo.campaignName,
        });
        return viewOf(moved);
      });
    },
  };
}
