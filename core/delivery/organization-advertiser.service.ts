import type { AuditTrail } from '../audit/audit-trail';
import type { Actor } from '../auth/authorization';
import { authorize } from '../auth/authorization';
import type { Organization } from '../organizations/organization.entity';
import type { AdPlatform } from '../ports/ad-platform.port';
import type { OrganizationRepository } from '../ports/organization.repository';
import type { UnitOfWork } from '../ports/unit-of-work.port';
import { conflict, notFound } from '../shared/errors';
import { platformFailure } from './legacy-ad-platform.service';

export type OrganizationAdvertiserServiceDeps = {
  unitOfWork: UnitOfWork;
  organizations: Pick<OrganizationRepository, 'findById'>;
  adPlatform: Pick<AdPlatform, 'listAdvertisers' | 'createAdvertiser'>;
  audit: Pick<AuditTrail, 'record'>;
};

export type OrganizationAdvertiserService = ReturnType<typeof organizationAdvertiserServiceFactory>;

export interface OrganizationAdvertiser {
  organization: Organization;
  advertiser: { id: string; name: string };
  /** False when an advertiser made earlier for the organization was found (a lost answer) and used. */
  created: boolean;
}

/** The advertiser's name on the platform: the organization's, with its id, so it is found again. */
export const advertiserNameOf = (organization: Organization) => `${organization.name} [${organization.organizationId}]`;

/**
 * Platform staff create an organization's advertiser on the ad platform and keep its id on the
 * organization: a deployment needs it (SPEC §5). The platform has no idempotency keys, so an advertiser
 * of the same name is looked for first (a create whose answer was lost is not repeated).
 */
export function organizationAdvertiserServiceFactory(deps: OrganizationAdvertiserServiceDeps) {
  const { unitOfWork, organizations, adPlatform, audit } = deps;
  return {
    async create(actor: Actor, organizationId: string): Promise<OrganizationAdvertiser> {
      authorize(actor, 'organization.createAdvertiser', { organizationId });
      const organization = await organizations.findById(organizationId);
      if (!organization || organization.isDeleted) throw notFound(`Organization not found for ID ${organizationId}`);
      if (organization.advertiserId) {
        throw conflict(
          `${organization.name} already has its advertiser ${organization.advertiserId} on the ad platform.`,
        );
      }
      const name = advertiserNameOf(organization);
      const website = organization.website && /^https?:\/\//i.test(organization.website) ? organization.website : null;
      let advertiser: { id: string; name: string };
      let created = false;
      try {
        const known = (await adPlatform.listAdvertisers()).find((candidate) => candidate.name === name);
        if (known) advertiser = known;
        else {
          advertiser = {
            id: (await adPlatform.createAdvertiser({ name, ...(website ? { primaryUrl: website } : {}) })).id,
            name,
          };
          created = true;
        }
      } catch (error) {
        throw platformFailure(error);
      }
      const updated = await unitOfWork.run(async (repositories) => {
        const current = await repositories.organizations.findById(organizationId);
        if (!current) throw notFound(`Organization not found for ID ${organizationId}`);
        if (current.advertiserId && current.advertiserId !== advertiser.id) {
          throw conflict(`${current.name} got its advertiser ${current.advertiserId} meanwhile.`);
        }
        const saved = (await repositories.organizations.update(organizationId, { advertiserId: advertiser.id }))!;
        await audit.record(repositories.auditLogs, actor, {
          document: 'organizations',
          event: 'update',
          action: `${created ? 'Created' : 'Linked'} the ad platform advertiser ${advertiser.id} of organization ${saved.name}`,
          triggerId: organizationId,
          triggerName: saved.name,
        });
        return saved;
      });
      return { organization: updated, advertiser, created };
    },
  };
}
