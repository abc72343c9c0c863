import type { NullableTimestamptz, Timestamptz } from './foundation.tables';

export interface FundraiserPagesTable {
  id: string;
  promoter_id: string;
  campaign_id: string;
  organization_id: string;
  headline: string;
  story: string;
  photo: string | null;
  goal_cents: number;
  show_on_leaderboard: boolean;
  hidden: boolean;
  hidden_reason: string | null;
  hidden_at: NullableTimestamptz;
  hidden_by: string | null;
  created_at: Timestamptz;
  updated_at: Timestamptz;
}

export interface FundraiserPageTables {
  fundraiser_pages: FundraiserPagesTable;
}
