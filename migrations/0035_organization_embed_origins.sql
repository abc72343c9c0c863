-- The sites (exact origins) that may show an organization's donate form in a frame.

alter table organizations
  add column embed_origins text[] not null default '{}';
