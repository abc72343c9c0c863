import type { DeployedAdFile } from '@causeway/core/deployment/deployment.entity';
import type { Jsonb, NullableTimestamptz, Timestamptz } from './foundation.tables';

export interface DeploymentsTable {
  id: string;
  pre_campaign_id: string;
  campaign_id: string;
  status: string;
  step: number;
  started_by: string;
  created_at: Timestamptz;
  updated_at: Timestamptz;
  finished_at: NullableTimestamptz;
  attempts: number;
  error_report_id: string | null;
  last_error: string | null;
  advertiser_id: string | null;
  insertion_order_id: string | null;
  line_item_id: string | null;
  ad_files: Jsonb<DeployedAdFile[]>;
  lease_owner: string | null;
  lease_until: NullableTimestamptz;
}

export interface DeploymentTables {
  deployments: DeploymentsTable;
}
