import type { ColumnType, Generated } from 'kysely';
import type { Jsonb, NullableTimestamptz, Timestamptz } from './foundation.tables';

export interface DonatorTable {
  id: string;
  campaign_id: string;
  payment_intent_id: string;
  amount: number;
  created_at: Timestamptz;
  updated_at: Timestamptz;
}

export interface DonatorRawTable extends Omit<DonatorTable, 'campaign_id'> {
  campaign_id: string | null;
  event_id: string;
  event_type: string;
  raw: Jsonb<Record<string, unknown>>;
  processed_at: NullableTimestamptz;
  error: string | null;
}

export interface DonationsTable {
  id: string;
  campaign_id: string;
  user_id: string | null;
  amount: number;
  date: Timestamptz;
  session_id: string | null;
  payment_intent_id: string | null;
  donor_id: string | null;
  donor_name: string | null;
  /** Lowercased; null when the payment provider gave no e-mail. */
  donor_email: string | null;
  message: string | null;
  donation_percentage: number;
  organization_share: number;
  ad_budget_share: number;
  refunded: number;
  channel: string | null;
  given_on: Generated<string | null>;
  covered_fee: Generated<number>;
  covered_fee_refunded: Generated<number>;
}

export interface DonationRefundsTable {
  payment_intent_id: string;
  refunded: number;
  updated_at: Timestamptz;
}

export interface DonationCheckoutsTable {
  session_id: string;
  campaign_id: string;
  amount: number;
  donor_name: string | null;
  message: string | null;
  promoter_id: string | null;
  donor_id: string | null;
  created_at: Timestamptz;
  channel: string | null;
  given_on: Generated<string | null>;
  covered_fee: Generated<number>;
}

export interface AppreciationsTable {
  id: string;
  campaign_id: string;
  campaigner_id: string;
  promoter_id: string | null;
  payment_intent_id: string | null;
  email_message: string;
  page_message: string;
  include_page_campaign_name: boolean;
  include_page_donor_name: boolean;
  include_page_donor_amount: boolean;
  include_email_campaign_name: boolean;
  include_email_donor_name: boolean;
  include_email_donor_amount: boolean;
  include_header_email: boolean;
  include_customized_header_email: boolean;
  email_header_url: string | null;
  update_date: Timestamptz;
}

export interface PromotionsTable {
  id: string;
  creator_id: string;
  root_company_id: string;
  campaign_id: string;
  created_at: Timestamptz;
}

export interface AudiencesTable {
  id: string;
  campaign_id: string;
  audience_id: string;
  created_at: Timestamptz;
}

export interface SharesClicksTable {
  campaign_id: string;
  x: Generated<number>;
  linkedin: Generated<number>;
  facebook: Generated<number>;
  instagram: Generated<number>;
  qr: Generated<number>;
}

/** Visits of a campaign's public page on one UTC day. */
export interface CampaignPageVisitsTable {
  campaign_id: string;
  /** A `date`: written as YYYY-MM-DD. */
  day: ColumnType<Date | string, string, string>;
  visits: Generated<number>;
}

export interface ClickEventsTable {
  id: string;
  campaign_id: string;
  channel: string;
  promoter_id: string | null;
  created_at: Timestamptz;
}

export interface UtmsTable {
  id: string;
  campaign_id: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  utm_term: string | null;
  created_at: Timestamptz;
}

export interface MoneyTables {
  donator: DonatorTable;
  donator_raw: DonatorRawTable;
  donations: DonationsTable;
  donation_refunds: DonationRefundsTable;
  donation_checkouts: DonationCheckoutsTable;
  appreciations: AppreciationsTable;
  promotions: PromotionsTable;
  audiences: AudiencesTable;
  shares_clicks: SharesClicksTable;
  click_events: ClickEventsTable;
  campaign_page_visits: CampaignPageVisitsTable;
  utms: UtmsTable;
}
