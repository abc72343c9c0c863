import type { NullableTimestamptz, Timestamptz } from './foundation.tables';

export interface OrganizationsTable {
  organization_id: string;
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  logo: string | null;
  terms_and_conditions: string | null;
  terms_and_conditions_link: string | null;
  payment_disclaimer: string | null;
  legal_name: string | null;
  tax_id: string | null;
  receipt_note: string | null;
  donation_percentage: number;
  header_color: string | null;
  footer_color: string | null;
  side_bar_color: string | null;
  back_ground_color: string | null;
  image_login: string | null;
  organization_code: string | null;
  advertiser_id: string | null;
  embed_origins: string[];
  is_deleted: boolean;
  created_date: Timestamptz;
}

/** Columns of a user profile, shared by `users` and `deleted_users`. */
export interface UserColumns {
  uid: string;
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
  account_type: string;
  organisation_name: string | null;
  organisation_goals: string | null;
  organisation_type: string | null;
  description: string | null;
  title: string | null;
  admin: boolean;
  super_user: boolean;
  /** 'organization' | 'platform' | null */
  analyst: string | null;
  is_demo: boolean;
  is_deleted: boolean;
  organization_id: string | null;
  last_login: NullableTimestamptz;
  created_at: Timestamptz;
  /** Cents. */
  total_spend: number;
  promoted_campaigns: string[];
  promoted_root_campaignes: string[];
}

export type UsersTable = UserColumns;

export interface DeletedUsersTable extends UserColumns {
  deleted_at: Timestamptz;
}

export interface PeopleTables {
  organizations: OrganizationsTable;
  users: UsersTable;
  deleted_users: DeletedUsersTable;
}
