import type { DeliveryDay, PauseReason } from '@causeway/core/delivery/delivery.entity';
import type { ColumnType } from 'kysely';
import type { NullableTimestamptz } from './foundation.tables';

export interface CampaignDeliveriesTable {
  campaign_id: string;
  insertion_order_id: string | null;
  line_item_id: string | null;
  line_item_status: string | null;
  flight_start: string | null;
  flight_end: string | null;
  impressions: number | null;
  clicks: number | null;
  spend_cents: number | null;
  /** jsonb, '[]' by default. */
  daily: ColumnType<DeliveryDay[], string | undefined, string>;
  refreshed_at: NullableTimestamptz;
  /** The platform's time of the report the figures came from (null: it did not say, or pulled before). */
  reported_at: NullableTimestamptz;
  pause_reasons: ColumnType<PauseReason[] | null, string | null | undefined, string | null>;
  pause_message: string | null;
  paused_at: NullableTimestamptz;
  last_failure_message: string | null;
  last_failure_at: NullableTimestamptz;
}

/** Delivery of deployed campaigns on the ad platform (0011). */
export interface DeliveryTables {
  campaign_deliveries: CampaignDeliveriesTable;
}
