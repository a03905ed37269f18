import { Migration } from '@mikro-orm/migrations';

// Email delivery on the job queue (server/jobs, server/modules/mail): every email written to the outbox gets a
// delivery job in the same transaction, by a trigger, so an email is queued exactly when what it tells of was
// committed, whichever code wrote it (the order's own INSERT included). The outbox keeps what was sent: HTML
// beside the text, Reply-To, extra headers (List-Unsubscribe), attempts, and when delivery was given up.
// graphile-worker's schema is installed before the migrations run (server/db/database.ts).
export class Migration20261124160000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "outbox_email"
  add column if not exists "html" text null,
  add column if not exists "reply_to" varchar(254) null,
  add column if not exists "headers" jsonb null,
  add column if not exists "attempts" integer not null default 0,
  add column if not exists "failed_at" timestamptz null;`);
    this.addSql(`create or replace function "outbox_email_queue_delivery"() returns trigger language plpgsql as $$
begin
  perform graphile_worker.add_job('deliver_email', json_build_object('id', new.id), max_attempts := 10,
                                  job_key := 'email-' || new.id);
  return new;
end $$;`);
    this.addSql(`drop trigger if exists "outbox_email_queue_delivery" on "outbox_email";`);
    this.addSql(`create trigger "outbox_email_queue_delivery" after insert on "outbox_email"
  for each row execute function "outbox_email_queue_delivery"();`);
    // Emails the old poller had not sent yet are queued too.
    this.addSql(`select graphile_worker.add_job('deliver_email', json_build_object('id', id), max_attempts := 10,
                                  job_key := 'email-' || id)
  from "outbox_email" where "sent_at" is null;`);
    this.addSql(`create index if not exists "outbox_email_created_at_index" on "outbox_email" ("created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "outbox_email_queue_delivery" on "outbox_email";`);
    this.addSql(`drop function if exists "outbox_email_queue_delivery"();`);
    this.addSql(`drop index if exists "outbox_email_created_at_index";`);
    this.addSql(`alter table "outbox_email" drop column "html", drop column "reply_to", drop column "headers",
  drop column "attempts", drop column "failed_at";`);
  }
}
