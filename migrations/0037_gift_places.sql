-- Where a donor gave: the campaign's page, a promoter's fundraising page, or the donate form on the
-- organization's own site. Null for gifts that did not say (a month after the first, older gifts).
alter table donation_checkouts add column given_on text
  check (given_on in ('campaign_page', 'fundraiser_page', 'donate_form'));
alter table donations add column given_on text
  check (given_on in ('campaign_page', 'fundraiser_page', 'donate_form'));
