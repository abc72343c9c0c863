import type { Timestamptz } from './foundation.tables';

export interface ShareLinksTable {
  code: string;
  campaign_id: string;
  promoter_id: string;
  channel: string;
  created_at: Timestamptz;
}

/** Promoters' short links (0009); promotions and share counters are in money.tables.ts. */
export interface ReachTables {
  share_links: ShareLinksTable;
}
