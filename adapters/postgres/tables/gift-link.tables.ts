import type { NullableTimestamptz, Timestamptz } from './foundation.tables';

export interface GiftLinksTable {
  id: string;
  email: string;
  purpose: string;
  token_hash: string;
  created_at: Timestamptz;
  expires_at: Timestamptz;
  used_at: NullableTimestamptz;
}

export interface GiftLinkTables {
  gift_links: GiftLinksTable;
}
