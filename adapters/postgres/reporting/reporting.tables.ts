import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamptz, Timestamptz } from '../tables/foundation.tables';

/** A `date` column: read back as a Date by pg and PGlite alike, written as YYYY-MM-DD. */
export type DateColumn = ColumnType<Date | string, string, string>;

/** The reporting mirror's tables (migrations/reporting), schema-qualified. */
export interface MirrorOrganizationsTable {
  organization_id: string;
  name: string;
  is_deleted: Generated<boolean>;
}

export interface MirrorPeopleTable {
  user_id: string;
  organization_id: string | null;
  first_name: Generated<string>;
  last_name: Generated<string>;
  email: string;
  account_type: string;
  is_deleted: Generated<boolean>;
  created_at: Timestamptz;
}

export interface MirrorCampaignsTable {
  campaign_id: string;
  organization_id: string | null;
  owner_id: string;
  name: string;
  title: string;
  goal_cents: Generated<number>;
  deadline: NullableTimestamptz;
  budget_lifetime_cents: Generated<number>;
  target_cpc_cents: Generated<number>;
  created_at: Timestamptz;
  is_deleted: Generated<boolean>;
  cover_image: string | null;
}

export interface MirrorGiftsTable {
  payment_intent_id: string;
  campaign_id: string;
  organization_id: string | null;
  occurred_at: Timestamptz;
  day: DateColumn;
  amount_cents: number;
  refunded_cents: Generated<number>;
  donor_key: string;
  donor_id: string | null;
  donor_name: string | null;
  donor_email: string | null;
  message: string | null;
  promoter_id: string | null;
  channel: string | null;
  given_on: Generated<string | null>;
  card_brand: string | null;
  card_last4: string | null;
  receipt_url: string | null;
  covered_fee_cents: Generated<number>;
  covered_fee_refunded_cents: Generated<number>;
}

export interface MirrorMonthlyGiftsTable {
  subscription_id: string;
  campaign_id: string;
  organization_id: string | null;
  donor_key: string;
  amount_cents: number;
  status: string;
  paused: boolean;
  cancel_at_period_end: boolean;
  started_at: Timestamptz;
  ended_at: NullableTimestamptz;
  ended_reason: string | null;
  failed_at: NullableTimestamptz;
  failed_attempts: number;
  changed_at: Timestamptz;
}

export interface MirrorCheckoutsTable {
  session_id: string;
  campaign_id: string;
  organization_id: string | null;
  occurred_at: Timestamptz;
  day: DateColumn;
  amount_cents: number;
  promoter_id: string | null;
  channel: string | null;
}

export interface MirrorShareClicksTable {
  click_id: string;
  campaign_id: string;
  organization_id: string | null;
  promoter_id: string | null;
  channel: string;
  occurred_at: Timestamptz;
  day: DateColumn;
}

export interface MirrorPageVisitsTable {
  campaign_id: string;
  day: DateColumn;
  organization_id: string | null;
  visits: number;
}

export interface MirrorAdDaysTable {
  campaign_id: string;
  day: DateColumn;
  organization_id: string | null;
  impressions: number;
  clicks: number;
  spend_cents: number;
}

export interface MirrorPromotionsTable {
  promotion_id: string;
  promoter_id: string;
  campaign_id: string;
  organization_id: string | null;
  created_at: Timestamptz;
}

export interface MirrorCampaignDaysTable {
  campaign_id: string;
  day: DateColumn;
  organization_id: string | null;
  gifts: Generated<number>;
  gross_cents: Generated<number>;
  refunded_cents: Generated<number>;
  refunds: Generated<number>;
  raised_cents: Generated<number>;
  donors: Generated<number>;
  impressions: Generated<number>;
  ad_clicks: Generated<number>;
  spend_cents: Generated<number>;
  page_visits: Generated<number>;
  checkouts: Generated<number>;
  share_clicks_x: Generated<number>;
  share_clicks_linkedin: Generated<number>;
  share_clicks_facebook: Generated<number>;
  share_clicks_instagram: Generated<number>;
  share_clicks_qr: Generated<number>;
  gifts_x: Generated<number>;
  gifts_linkedin: Generated<number>;
  gifts_facebook: Generated<number>;
  gifts_instagram: Generated<number>;
  gifts_qr: Generated<number>;
  raised_x: Generated<number>;
  raised_linkedin: Generated<number>;
  raised_facebook: Generated<number>;
  raised_instagram: Generated<number>;
  raised_qr: Generated<number>;
  /** Gifts not refunded in full whose donor covered the card fee, and the fees covered net of refunds. */
  fee_gifts: Generated<number>;
  covered_fee_cents: Generated<number>;
  /** Gifts not refunded in full made on fundraising pages and on the donate form, and what they raised net of refunds. */
  gifts_on_fundraiser_page: Generated<number>;
  raised_on_fundraiser_page: Generated<number>;
  gifts_on_donate_form: Generated<number>;
  raised_on_donate_form: Generated<number>;
  /** How many facts (gifts, ad days, visit days, checkouts, share clicks) the row counts. */
  facts: Generated<number>;
}

/** Live gifts (not refunded in full) per donor of a campaign's day, and of a campaign. */
export interface MirrorCampaignDayDonorsTable {
  campaign_id: string;
  day: DateColumn;
  donor_key: string;
  gifts: number;
}

export interface MirrorCampaignDonorsTable {
  campaign_id: string;
  donor_key: string;
  gifts: number;
}

export interface MirrorPromoterDaysTable {
  promoter_id: string;
  campaign_id: string;
  day: DateColumn;
  organization_id: string | null;
  clicks_x: Generated<number>;
  clicks_linkedin: Generated<number>;
  clicks_facebook: Generated<number>;
  clicks_instagram: Generated<number>;
  clicks_qr: Generated<number>;
  gifts: Generated<number>;
  raised_cents: Generated<number>;
  /** The gifts of `gifts` made on the promoter's fundraising page, and what they raised net of refunds. */
  page_gifts: Generated<number>;
  page_raised_cents: Generated<number>;
}

export interface MirrorDonorsTable {
  organization_id: string;
  donor_key: string;
  donor_name: string | null;
  donor_email: string | null;
  first_gift_at: Timestamptz;
  last_gift_at: Timestamptz;
  first_day: DateColumn;
  gifts: number;
  total_cents: number;
}

export interface MirrorScopeDaysTable {
  scope: string;
  day: DateColumn;
  campaign_days: number;
  gifts: number;
  gross_cents: number;
  refunded_cents: number;
  refunds: number;
  raised_cents: number;
  impressions: number;
  ad_clicks: number;
  spend_cents: number;
  page_visits: number;
  share_clicks_x: number;
  share_clicks_linkedin: number;
  share_clicks_facebook: number;
  share_clicks_instagram: number;
  share_clicks_qr: number;
  gifts_x: number;
  gifts_linkedin: number;
  gifts_facebook: number;
  gifts_instagram: number;
  gifts_qr: number;
  raised_x: number;
  raised_linkedin: number;
  raised_facebook: number;
  raised_instagram: number;
  raised_qr: number;
  fee_gifts: Generated<number>;
  covered_fee_cents: Generated<number>;
  /** Gifts not refunded in full made on fundraising pages and on the donate form, and what they raised net of refunds. */
  gifts_on_fundraiser_page: Generated<number>;
  raised_on_fundraiser_page: Generated<number>;
  gifts_on_donate_form: Generated<number>;
  raised_on_donate_form: Generated<number>;
}

export interface MirrorDonorDaysTable {
  scope: string;
  donor_key: string;
  day: DateColumn;
  since: DateColumn;
}

export interface MirrorDonorDayCountsTable {
  scope: string;
  day: DateColumn;
  since: DateColumn;
  donors: number;
}

export interface MirrorCampaignTotalsTable {
  campaign_id: string;
  gifts: number;
  raised_cents: number;
  impressions: number;
  ad_clicks: number;
  spend_cents: number;
  share_clicks: number;
  donors: number;
  promoters: number;
}

export interface MirrorPromoterTotalsTable {
  scope: string;
  promoter_id: string;
  campaigns: number;
  gifts: number;
  raised_cents: number;
  clicks_x: number;
  clicks_linkedin: number;
  clicks_facebook: number;
  clicks_instagram: number;
  clicks_qr: number;
  clicks: number;
}

export interface MirrorAppliedEventsTable {
  event_id: string;
  position: number;
  applied_at: Timestamptz;
}

export interface MirrorProjectorStateTable {
  id: number;
  last_event_id: string | null;
  last_position: number | null;
  last_event_at: NullableTimestamptz;
  last_applied_at: NullableTimestamptz;
  events_applied: Generated<number>;
  last_rebuild_at: NullableTimestamptz;
  lease_holder: string | null;
  lease_token: string | null;
  lease_until: NullableTimestamptz;
}

export interface ReportingDatabase {
  'reporting.organizations': MirrorOrganizationsTable;
  'reporting.people': MirrorPeopleTable;
  'reporting.campaigns': MirrorCampaignsTable;
  'reporting.gifts': MirrorGiftsTable;
  'reporting.checkouts': MirrorCheckoutsTable;
  'reporting.share_clicks': MirrorShareClicksTable;
  'reporting.page_visits': MirrorPageVisitsTable;
  'reporting.ad_days': MirrorAdDaysTable;
  'reporting.promotions': MirrorPromotionsTable;
  'reporting.monthly_gifts': MirrorMonthlyGiftsTable;
  'reporting.campaign_days': MirrorCampaignDaysTable;
  'reporting.campaign_day_donors': MirrorCampaignDayDonorsTable;
  'reporting.campaign_donors': MirrorCampaignDonorsTable;
  'reporting.promoter_days': MirrorPromoterDaysTable;
  'reporting.donors': MirrorDonorsTable;
  'reporting.scope_days': MirrorScopeDaysTable;
  'reporting.donor_days': MirrorDonorDaysTable;
  'reporting.donor_day_counts': MirrorDonorDayCountsTable;
  'reporting.campaign_totals': MirrorCampaignTotalsTable;
  'reporting.promoter_totals': MirrorPromoterTotalsTable;
  'reporting.applied_events': MirrorAppliedEventsTable;
  'reporting.projector_state': MirrorProjectorStateTable;
}
