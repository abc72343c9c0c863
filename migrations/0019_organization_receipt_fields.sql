-- What receipts say about the organization: its registered name, tax id and tax statement.

alter table organizations
  add column legal_name text,
  add column tax_id text,
  add column receipt_note text;
