-- The cause a campaign raises money for, chosen from the product's cause categories.
alter table pre_campaigns add column campaign_category text;
alter table campaigns add column campaign_category text;
