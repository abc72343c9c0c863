import type { CampaignAdFile } from '@causeway/core/campaigns/campaign.entity';
import type { StateTarget } from '@causeway/core/campaigns/targeting.entity';
import type { WorkflowComment, WorkflowEntry } from '@causeway/core/workflow/workflow.entity';
import type { Jsonb, NullableTimestamptz, Timestamptz } from './foundation.tables';

/** Columns shared by live campaigns and their drafts. Money is integer cents. */
export interface CampaignColumns {
  campaign_uuid: string;
  campaign_id_name: string | null;
  user_id: string;
  organization_id: string | null;
  is_paid: boolean;
  created_at: Timestamptz;
  start_date: NullableTimestamptz;
  end_date: NullableTimestamptz;
  campaign_name: string;
  campaign_title: string;
  campaign_description: string;
  campaign_tags: string[];
  campaign_category: string | null;
  allow_donations: boolean;
  allow_monthly_gifts: boolean;
  budget_lifetime: number;
  budget_daily: number;
  budget_target_cpc: number;
  demographic_target_age: string[];
  demographic_target_income: string[];
  demographic_target_gender: string[];
  zips: string[];
  cities: string[];
  states_amobee: Jsonb<StateTarget[]>;
  landing_page_link: string | null;
  campaign_ads_files: Jsonb<CampaignAdFile[]>;
  campaign_cover_image: string | null;
  campaign_cover_video: string | null;
  campaign_raise_goal: number;
  campaign_raise_goal_deadline: NullableTimestamptz;
  header_image_desktop: string | null;
  header_image_mobile: string | null;
  header_url_desktop: string | null;
  header_url_mobile: string | null;
  footer_image_desktop: string | null;
  footer_image_mobile: string | null;
  footer_url_desktop: string | null;
  footer_url_mobile: string | null;
  spreadsheet_id: string | null;
  funds: number;
  campaign_raised: number;
  donators: number | null;
  promoters: string[];
  workflow_status: string | null;
  payment_intent_id: string | null;
  is_deleted: boolean;
  amobee_deployed: boolean;
  insertion_order_id: string | null;
  line_item_id: string | null;
  creative_ids: string[];
  ad_ids: string[];
}

export interface PreCampaignsTable extends CampaignColumns {
  id: string;
  campaign_channel: string | null;
  states: string[];
  locations: string[];
  duplicates: string[];
  budget_optimization_strategy: string | null;
  demographic_highest_degree_attained: string[];
  demographic_target_interests: string[];
  ad_files: Jsonb<CampaignAdFile[]>;
  landing_page: string | null;
  landing_page_toggle: boolean;
}

export interface WorkflowEntriesTable {
  pre_campaign_id: string;
  position: number;
  workflow_id: string;
  status: string;
  status_date: Timestamptz;
  status_user: string;
  comments: Jsonb<WorkflowComment[]>;
}

export interface CampaignsTable extends CampaignColumns {
  workflow: Jsonb<WorkflowEntry[]>;
}

export interface DemoCampaignsTable {
  campaign_uuid: string;
  campaign_name: string;
  organization_id: string | null;
  workflow_status: string;
  created_at: Timestamptz;
  updated_at: Timestamptz;
}

export interface CreateCampaignErrorsTable {
  id: string;
  pre_campaign_id: string;
  step: number;
  update_payload: Jsonb<Record<string, unknown>>;
  created_at: Timestamptz;
}

export interface CampaignTables {
  pre_campaigns: PreCampaignsTable;
  workflow_entries: WorkflowEntriesTable;
  campaigns: CampaignsTable;
  demo_campaigns: DemoCampaignsTable;
  create_campaign_errors: CreateCampaignErrorsTable;
}
