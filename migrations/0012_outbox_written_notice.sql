-- Wakes the reporting projector of every instance as soon as events are written: one notice per
-- statement on the live-message channel (sent at commit; Postgres folds identical notices of one
-- transaction). Instances also poll, so a notice missed while reconnecting only delays the mirror.
create or replace function outbox_written_notice() returns trigger language plpgsql as $$
begin
  perform pg_notify('causeway_events', '{"topic":"outbox.written","payload":{}}');
  return null;
end
$$;

create trigger outbox_written_notice after insert on outbox
  for each statement execute function outbox_written_notice();
