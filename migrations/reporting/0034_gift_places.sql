-- Where each gift was made: the campaign's page, a promoter's fundraising page, or the donate form on
-- the organization's own site (null: not said). Campaign and scope days count the gifts made on
-- fundraising pages and on donate forms apart; a promoter's days count those made on their page.
alter table reporting.gifts add column given_on text
  check (given_on in ('campaign_page', 'fundraiser_page', 'donate_form'));

alter table reporting.campaign_days
  add column gifts_on_fundraiser_page integer not null default 0,
  add column raised_on_fundraiser_page bigint not null default 0,
  add column gifts_on_donate_form integer not null default 0,
  add column raised_on_donate_form bigint not null default 0;
alter table reporting.scope_days
  add column gifts_on_fundraiser_page bigint not null default 0,
  add column raised_on_fundraiser_page bigint not null default 0,
  add column gifts_on_donate_form bigint not null default 0,
  add column raised_on_donate_form bigint not null default 0;
alter table reporting.promoter_days
  add column page_gifts integer not null default 0,
  add column page_raised_cents bigint not null default 0;
