import { sql, type Insertable, type RawBuilder, type Selectable, type SqlBool, type Updateable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { PreCampaign, type PreCampaignPatch } from '@causeway/core/campaigns/campaign.entity';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { PreCampaignRepository, PreCampaignScope } from '@causeway/core/ports/pre-campaign.repository';
import { conflict } from '@causeway/core/shared/errors';
import { WorkflowEntry } from '@causeway/core/workflow/workflow.entity';
import { changedMeanwhile } from '@causeway/core/workflow/workflow.rules';
import type { PageRequest } from '@causeway/core/shared/paging';
import { afterKey } from './paging';
import { campaignColumns, campaignFieldsFromRow } from './campaign-fields.mapper';
import type { PreCampaignsTable, WorkflowEntriesTable } from './tables/campaign.tables';
import { changeWithEvent, iso, type Executor, type PgContext } from './transaction';

/** Statuses a draft still being written may carry (SPEC §4 drafts list). */
const DRAFT_STATUSES = ['', 'New', 'Canceled'];

export function createPostgresPreCampaignRepository(context: PgContext): PreCampaignRepository {
  const { db } = context;

  const findOne = async (executor: Executor, id: string): Promise<PreCampaign | null> => {
    const row = await selectPreCampaigns(executor).where('pre_campaigns.id', '=', id).executeTakeFirst();
    return row ? toPreCampaign(row) : null;
  };

  const list = async (
    scope: PreCampaignScope | undefined,
    page: PageRequest | undefined,
    filter: (query: ReturnType<typeof selectPreCampaigns>) => ReturnType<typeof selectPreCampaigns>,
  ): Promise<PreCampaign[]> => {
    // Written as the lists' partial indexes state it (migrations/0027), so the planner can use them.
    let query = selectPreCampaigns(db).where(sql<SqlBool>`not pre_campaigns.is_deleted`);
    if (page?.after) query = query.where(afterKey('pre_campaigns.created_at', 'pre_campaigns.id', page.after));
    if (page) query = query.limit(page.limit);
    if (scope?.userId !== undefined) query = query.where('pre_campaigns.user_id', '=', scope.userId);
    if (scope?.organizationId !== undefined) {
      query = query.where('pre_campaigns.organization_id', '=', scope.organizationId);
    }
    const rows = await filter(query)
      .orderBy('pre_campaigns.created_at', 'desc')
      .orderBy('pre_campaigns.id', 'desc')
      .execute();
    return rows.map(toPreCampaign);
  };

  return {
    async create(input) {
      const preCampaign = PreCampaign.parse(input);
      return changeWithEvent(
        context,
        async (trx) => {
          // No exception on a taken id: it would abort a surrounding unit of work's transaction.
          const inserted = await trx
            .insertInto('pre_campaigns')
            .values(preCampaignColumns(preCampaign))
            .onConflict((onConflict) => onConflict.column('id').doNothing())
            .returning('id')
            .executeTakeFirst();
          if (!inserted) throw conflict(`A draft with id ${preCampaign.id} already exists.`);
          if (preCampaign.workflow.length > 0) {
            await trx
              .insertInto('workflow_entries')
              .values(
                preCampaign.workflow.map((entry, position) => workflowEntryColumns(preCampaign.id, position, entry)),
              )
              .execute();
          }
          return requireOne(await findOne(trx, preCampaign.id));
        },
        (created) => ({
          type: EventTypes.preCampaignCreated,
          aggregateType: 'preCampaign',
          aggregateId: created.id,
          payload: { preCampaign: created },
        }),
      );
    },

    findById: (id) => findOne(db, id),

    update(id, patch) {
      // Identity, ownership and history change only through their own calls, whatever the patch holds.
      const columns: Updateable<PreCampaignsTable> = {
        ...preCampaignColumns(patch),
        id: undefined,
        campaign_uuid: undefined,
        user_id: undefined,
        created_at: undefined,
      };
      if (Object.values(columns).every((value) => value === undefined)) return findOne(db, id);
      return changeWithEvent(
        context,
        async (trx) => {
          const updated = await trx
            .updateTable('pre_campaigns')
            .set(columns)
            .where('id', '=', id)
            .returning('id')
            .executeTakeFirst();
          return updated ? findOne(trx, id) : null;
        },
        (preCampaign) =>
          preCampaign && {
            type: EventTypes.preCampaignUpdated,
            aggregateType: 'preCampaign',
            aggregateId: id,
            payload: { preCampaign, changed: Object.keys(columns).length },
          },
      );
    },

    softDelete(id) {
      return changeWithEvent(
        context,
        async (trx) => {
          const result = await trx
            .updateTable('pre_campaigns')
            .set({ is_deleted: true })
            .where('id', '=', id)
            .executeTakeFirst();
          return Number(result.numUpdatedRows) > 0;
        },
        (deleted) =>
          deleted
            ? { type: EventTypes.preCampaignDeleted, aggregateType: 'preCampaign', aggregateId: id, payload: { id } }
            : null,
      );
    },

    findDrafts: (scope, page) =>
      list(scope, page, (query) =>
        query
          .where(sql<SqlBool>`not pre_campaigns.is_paid`)
          .where(
            sql<SqlBool>`(pre_campaigns.workflow_status is null or pre_campaigns.workflow_status in (${sql.join(
              DRAFT_STATUSES.map((status) => sql.lit(status)),
            )}))`,
          ),
      ),

    findPending: (scope, page) =>
      list(scope, page, (query) => query.where('pre_campaigns.workflow_status', '=', 'Pending')),

    findPendingPublish: (scope, page) =>
      list(scope, page, (query) =>
        query.where('pre_campaigns.workflow_status', '=', 'Approved').where('pre_campaigns.is_paid', '=', false),
      ),

    findPublishing: (scope, page) =>
      list(scope, page, (query) =>
        query.where('pre_campaigns.workflow_status', '=', 'Approved').where('pre_campaigns.is_paid', '=', true),
      ),

    appendWorkflowEntry(id, entry, status, options = {}) {
      const parsedEntry = WorkflowEntry.parse(entry);
      const published = status === 'Published';
      const { onlyFrom } = options;
      return changeWithEvent(
        context,
        async (trx) => {
          // The update locks the draft's row first, so concurrent appends number their entries in turn;
          // the status guard is part of the same statement, so only one of two racing moves passes it.
          let update = trx
            .updateTable('pre_campaigns')
            .set({
              workflow_status: status,
              ...(published ? { is_paid: true, amobee_deployed: true } : {}),
            })
            .where('id', '=', id);
          if (onlyFrom) {
            const stored = onlyFrom.includes('New') ? [...onlyFrom, ''] : [...onlyFrom];
            update = update.where((eb) =>
              onlyFrom.includes('New')
                ? eb.or([eb('workflow_status', 'is', null), eb('workflow_status', 'in', stored)])
                : eb('workflow_status', 'in', stored),
            );
          }
          const updated = await update.returning('id').executeTakeFirst();
          if (!updated) {
            const current = await findOne(trx, id);
            if (current && onlyFrom) throw changedMeanwhile(current.workflowstatus);
            return null;
          }
          await trx
            .insertInto('workflow_entries')
            .values(
              workflowEntryColumns(
                id,
                sql<number>`(select coalesce(max(position) + 1, 0) from workflow_entries where pre_campaign_id = ${id})`,
                parsedEntry,
              ),
            )
            .execute();
          return findOne(trx, id);
        },
        (preCampaign) =>
          preCampaign && {
            type: EventTypes.preCampaignWorkflowChanged,
            aggregateType: 'preCampaign',
            aggregateId: id,
            payload: { preCampaign, entry: parsedEntry, status },
          },
      );
    },

    markPaid(id, paymentIntentId) {
      return changeWithEvent(
        context,
        async (trx) => {
          // The guard is part of the update: of concurrent calls, the later ones find the row paid.
          const updated = await trx
            .updateTable('pre_campaigns')
            .set({ is_paid: true, payment_intent_id: paymentIntentId })
            .where('id', '=', id)
            .where('is_paid', '=', false)
            .where('is_deleted', '=', false)
            .where('workflow_status', '=', 'Approved')
            .returning('id')
            .executeTakeFirst();
          return { marked: updated !== undefined, preCampaign: await findOne(trx, id) };
        },
        ({ marked }) =>
          marked
            ? {
                type: EventTypes.preCampaignPaid,
                aggregateType: 'preCampaign',
                aggregateId: id,
                payload: { preCampaignId: id, paymentIntentId },
              }
            : null,
      );
    },
  };
}

function selectPreCampaigns(executor: Executor) {
  return executor
    .selectFrom('pre_campaigns')
    .selectAll('pre_campaigns')
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('workflow_entries')
          .select(['position', 'workflow_id', 'status', 'status_date', 'status_user', 'comments'])
          .whereRef('workflow_entries.pre_campaign_id', '=', 'pre_campaigns.id')
          .orderBy('workflow_entries.position'),
      ).as('workflow'),
    );
}

type WorkflowJson = Pick<Selectable<WorkflowEntriesTable>, 'position' | 'workflow_id' | 'status' | 'status_user'> & {
  status_date: string | Date;
  comments: unknown;
};

function toPreCampaign(row: Selectable<PreCampaignsTable> & { workflow: WorkflowJson[] }): PreCampaign {
  const workflow = [...row.workflow]
    .sort((a, b) => a.position - b.position)
    .map((entry) => ({
      workflowId: entry.workflow_id,
      status: entry.status,
      statusDate: iso(entry.status_date),
      statusUser: entry.status_user,
      comments: entry.comments,
    }));
  return PreCampaign.parse({
    ...campaignFieldsFromRow(row),
    id: row.id,
    workflow,
    campaignChannel: row.campaign_channel,
    states: row.states,
    locations: row.locations,
    duplicates: row.duplicates,
    budgetOptimizationStrategy: row.budget_optimization_strategy,
    demographicHighestDegreeAttained: row.demographic_highest_degree_attained,
    demographicTargetInterests: row.demographic_target_interests,
    adFiles: row.ad_files,
    landingPage: row.landing_page,
    landingPageToggle: row.landing_page_toggle,
  });
}

function preCampaignColumns(fields: PreCampaign): Insertable<PreCampaignsTable>;
function preCampaignColumns(fields: PreCampaignPatch): Updateable<PreCampaignsTable>;
function preCampaignColumns(fields: Partial<PreCampaign>): Updateable<PreCampaignsTable> {
  return {
    ...campaignColumns(fields),
    id: fields.id,
    campaign_channel: fields.campaignChannel,
    states: fields.states,
    locations: fields.locations,
    duplicates: fields.duplicates,
    budget_optimization_strategy: fields.budgetOptimizationStrategy,
    demographic_highest_degree_attained: fields.demographicHighestDegreeAttained,
    demographic_target_interests: fields.demographicTargetInterests,
    ad_files: fields.adFiles === undefined ? undefined : JSON.stringify(fields.adFiles),
    landing_page: fields.landingPage,
    landing_page_toggle: fields.landingPageToggle,
  };
}

function workflowEntryColumns(preCampaignId: string, position: number | RawBuilder<number>, entry: WorkflowEntry) {
  return {
    pre_campaign_id: preCampaignId,
    position,
    workflow_id: entry.workflowId,
    status: entry.status,
    status_date: entry.statusDate,
    status_user: entry.statusUser,
    comments: JSON.stringify(entry.comments),
  };
}

function requireOne<T>(value: T | null): T {
  if (value === null) throw new Error('A row written in this transaction could not be read back.');
  return value;
}
