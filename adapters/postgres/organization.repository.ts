import { sql, type Insertable, type Selectable } from 'kysely';
import { EventTypes } from '@causeway/core/events/domain-event';
import { Organization } from '@causeway/core/organizations/organization.entity';
import type { OrganizationRepository } from '@causeway/core/ports/organization.repository';
import { conflict } from '@causeway/core/shared/errors';
import type { OrganizationsTable } from './tables/people.tables';
import { changeWithEvent, iso, isUniqueViolation, type PgContext } from './transaction';

export function createPostgresOrganizationRepository(context: PgContext): OrganizationRepository {
  const { db } = context;
  return {
    async findById(organizationId) {
      const row = await db
        .selectFrom('organizations')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      return row ? toOrganization(row) : null;
    },
    async list(options = {}) {
      let query = db.selectFrom('organizations').selectAll();
      if (!options.includeDeleted) query = query.where('is_deleted', '=', false);
      // Byte order, not the server's collation, so every store lists alike.
      const rows = await query
        .orderBy(sql`lower(name) collate "C"`)
        .orderBy(sql`name collate "C"`)
        .orderBy(sql`organization_id collate "C"`)
        .execute();
      return rows.map(toOrganization);
    },
    async create(input) {
      const organization = Organization.parse(input);
      const taken = await db
        .selectFrom('organizations')
        .select('organization_id')
        .where('organization_id', '=', organization.organizationId)
        .executeTakeFirst();
      if (taken) throw organizationTaken();
      try {
        return await changeWithEvent(
          context,
          async (trx) =>
            toOrganization(
              await trx
                .insertInto('organizations')
                .values(toRow(organization))
                .returningAll()
                .executeTakeFirstOrThrow(),
            ),
          (created) => ({
            type: EventTypes.organizationCreated,
            aggregateType: 'organization',
            aggregateId: created.organizationId,
            payload: { organization: created },
          }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw organizationTaken();
        throw error;
      }
    },
    update(organizationId, patch) {
      return changeWithEvent(
        context,
        async (trx) => {
          const row = await trx
            .selectFrom('organizations')
            .selectAll()
            .where('organization_id', '=', organizationId)
            .forUpdate()
            .executeTakeFirst();
          if (!row) return null;
          const current = toOrganization(row);
          const organization = Organization.parse({
            ...current,
            ...supplied(patch),
            organizationId,
            created_date: current.created_date,
            // SPEC §4: updating an organization makes it active again.
            isDeleted: false,
          });
          const updated = await trx
            .updateTable('organizations')
            .set(toRow(organization))
            .where('organization_id', '=', organizationId)
            .returningAll()
            .executeTakeFirstOrThrow();
          return toOrganization(updated);
        },
        (updated) =>
          updated && {
            type: EventTypes.organizationUpdated,
            aggregateType: 'organization',
            aggregateId: organizationId,
            payload: { organization: updated },
          },
      );
    },
    softDelete(organizationId) {
      return changeWithEvent(
        context,
        async (trx) => {
          const result = await trx
            .updateTable('organizations')
            .set({ is_deleted: true })
            .where('organization_id', '=', organizationId)
            .executeTakeFirst();
          return Number(result.numUpdatedRows) > 0;
        },
        (deleted) =>
          deleted
            ? {
                type: EventTypes.organizationDeleted,
                aggregateType: 'organization',
                aggregateId: organizationId,
                payload: { organizationId },
              }
            : null,
      );
    },
  };
}

const organizationTaken = () => conflict('An organization with this id already exists.');

/** A patch's fields that were actually supplied: `undefined` leaves a field as it is. */
function supplied<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function toRow(organization: Organization): Insertable<OrganizationsTable> {
  return {
    organization_id: organization.organizationId,
    name: organization.name,
    address: organization.address,
    phone: organization.phone,
    email: organization.email,
    website: organization.website,
    logo: organization.logo,
    terms_and_conditions: organization.termsAndConditions,
    terms_and_conditions_link: organization.termsAndConditionsLink,
    payment_disclaimer: organization.paymentDisclaimer,
    legal_name: organization.legalName,
    tax_id: organization.taxId,
    receipt_note: organization.receiptNote,
    donation_percentage: organization.donationPercentage,
    header_color: organization.headerColor,
    footer_color: organization.footerColor,
    side_bar_color: organization.sideBarColor,
    back_ground_color: organization.backGroundColor,
    image_login: organization.imageLogin,
    organization_code: organization.organizationCode,
    advertiser_id: organization.advertiserId,
    embed_origins: organization.embedOrigins,
    is_deleted: organization.isDeleted,
    created_date: organization.created_date,
  };
}

function toOrganization(row: Selectable<OrganizationsTable>): Organization {
  return Organization.parse({
    organizationId: row.organization_id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    email: row.email,
    website: row.website,
    logo: row.logo,
    termsAndConditions: row.terms_and_conditions,
    termsAndConditionsLink: row.terms_and_conditions_link,
    paymentDisclaimer: row.payment_disclaimer,
    legalName: row.legal_name,
    taxId: row.tax_id,
    receiptNote: row.receipt_note,
    donationPercentage: Number(row.donation_percentage),
    headerColor: row.header_color,
    footerColor: row.footer_color,
    sideBarColor: row.side_bar_color,
    backGroundColor: row.back_ground_color,
    imageLogin: row.image_login,
    organizationCode: row.organization_code,
    advertiserId: row.advertiser_id,
    embedOrigins: row.embed_origins,
    isDeleted: row.is_deleted,
    created_date: iso(row.created_date),
  });
}
