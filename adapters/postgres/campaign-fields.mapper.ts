import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Campaign } from '@causeway/core/campaigns/campaign.entity';
import type { CampaignColumns } from './tables/campaign.tables';
import { iso, isoOrNull } from './transaction';

/** The fields live campaigns and drafts share, stored as columns of their own table. */
export type CampaignFields = Omit<Campaign, 'workflow'>;

const json = <T>(value: T | undefined): string | undefined => (value === undefined ? undefined : JSON.stringify(value));

/**
 * Entity fields to columns. Given a patch, a field left undefined maps to undefined, which kysely
 * leaves out of the statement: only the supplied fields are written.
 */
export function campaignColumns(fields: CampaignFields): Insertable<CampaignColumns>;
export function campaignColumns(fields: Partial<CampaignFields>): Updateable<CampaignColumns>;
export function campaignColumns(fields: Partial<CampaignFields>): Updateable<CampaignColumns> {
  return {
    campaign_uuid: fields.campaignUUID,
    campaign_id_name: fields.campaignIDName,
    user_id: fields.userId,
    organization_id: fields.organizationId,
    is_paid: fields.isPaid,
    created_at: fields.createdAt,
    start_date: fields.startDate,
    end_date: fields.endDate,
    campaign_name: fields.campaignName,
    campaign_title: fields.campaignTitle,
    campaign_description: fields.campaignDescription,
    campaign_tags: fields.campaignTags,
    campaign_category: fields.campaignCategory,
    allow_donations: fields.allowDonations,
    allow_monthly_gifts: fields.allowMonthlyGifts,
    budget_lifetime: fields.budgetLifetime,
    budget_daily: fields.budgetDaily,
    budget_target_cpc: fields.budgetTargetCpc,
    demographic_target_age: fields.demographicTargetAge,
    demographic_target_income: fields.demographicTargetIncome,
    demographic_target_gender: fields.demographicTargetGender,
    zips: fields.zips,
    cities: fields.cities,
    states_amobee: json(fields.statesAmobee),
    landing_page_link: fields.landingPageLink,
    campaign_ads_files: json(fields.campaignAdsFiles),
    campaign_cover_image: fields.campaignCoverImage,
    campaign_cover_video: fields.campaignCoverVideo,
    campaign_raise_goal: fields.campaignRaiseGoal,
    campaign_raise_goal_deadline: fields.campaignRaiseGoalDeadline,
    header_image_desktop: fields.headerImageDesktop,
    header_image_mobile: fields.headerImageMobile,
    header_url_desktop: fields.headerUrlDesktop,
    header_url_mobile: fields.headerUrlMobile,
    footer_image_desktop: fields.footerImageDesktop,
    footer_image_mobile: fields.footerImageMobile,
    footer_url_desktop: fields.footerUrlDesktop,
    footer_url_mobile: fields.footerUrlMobile,
    spreadsheet_id: fields.spreadsheetId,
    funds: fields.funds,
    campaign_raised: fields.campaignRaised,
    donators: fields.donators,
    promoters: fields.promoters,
    workflow_status: fields.workflowstatus,
    payment_intent_id: fields.paymentIntentId,
    is_deleted: fields.isDeleted,
    amobee_deployed: fields.amobeeDeployed,
    insertion_order_id: fields.insertionOrderId,
    line_item_id: fields.lineItemId,
    creative_ids: fields.creativeIds,
    ad_ids: fields.adIds,
  };
}

/** Columns to entity fields, unvalidated: the caller parses the whole entity. */
export function campaignFieldsFromRow(row: Selectable<CampaignColumns>): Record<keyof CampaignFields, unknown> {
  return {
    campaignUUID: row.campaign_uuid,
    campaignIDName: row.campaign_id_name,
    userId: row.user_id,
    organizationId: row.organization_id,
    isPaid: row.is_paid,
    createdAt: iso(row.created_at),
    startDate: isoOrNull(row.start_date),
    endDate: isoOrNull(row.end_date),
    campaignName: row.campaign_name,
    campaignTitle: row.campaign_title,
    campaignDescription: row.campaign_description,
    campaignTags: row.campaign_tags,
    campaignCategory: row.campaign_category,
    allowDonations: row.allow_donations,
    allowMonthlyGifts: row.allow_monthly_gifts,
    budgetLifetime: row.budget_lifetime,
    budgetDaily: row.budget_daily,
    budgetTargetCpc: row.budget_target_cpc,
    demographicTargetAge: row.demographic_target_age,
    demographicTargetIncome: row.demographic_target_income,
    demographicTargetGender: row.demographic_target_gender,
    zips: row.zips,
    cities: row.cities,
    statesAmobee: row.states_amobee,
    landingPageLink: row.landing_page_link,
    campaignAdsFiles: row.campaign_ads_files,
    campaignCoverImage: row.campaign_cover_image,
    campaignCoverVideo: row.campaign_cover_video,
    campaignRaiseGoal: row.campaign_raise_goal,
    campaignRaiseGoalDeadline: isoOrNull(row.campaign_raise_goal_deadline),
    headerImageDesktop: row.header_image_desktop,
    headerImageMobile: row.header_image_mobile,
    headerUrlDesktop: row.header_url_desktop,
    headerUrlMobile: row.header_url_mobile,
    footerImageDesktop: row.footer_image_desktop,
    footerImageMobile: row.footer_image_mobile,
    footerUrlDesktop: row.footer_url_desktop,
    footerUrlMobile: row.footer_url_mobile,
    spreadsheetId: row.spreadsheet_id,
    funds: row.funds,
    campaignRaised: row.campaign_raised,
    donators: row.donators,
    promoters: row.promoters,
    workflowstatus: row.workflow_status,
    paymentIntentId: row.payment_intent_id,
    isDeleted: row.is_deleted,
    amobeeDeployed: row.amobee_deployed,
    insertionOrderId: row.insertion_order_id,
    lineItemId: row.line_item_id,
    creativeIds: row.creative_ids,
    adIds: row.ad_ids,
  };
}
