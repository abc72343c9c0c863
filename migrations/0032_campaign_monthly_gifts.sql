-- A campaign may turn monthly gifts off (donors then give once only); drafts carry the choice too.

alter table pre_campaigns add column allow_monthly_gifts boolean not null default true;

alter table campaigns add column allow_monthly_gifts boolean not null default true;
