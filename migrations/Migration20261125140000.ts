import { Migration } from '@mikro-orm/migrations';

// Webhooks (server/modules/webhooks): the owner's endpoints, each event written once in the same transaction as
// what it tells of (an order, a status change, a contact message), and one delivery per subscribed endpoint. A
// trigger queues each delivery's job in that same transaction, as the email outbox does, so an event is sent
// exactly when what it tells of was committed. Webhook jobs come after emails (priority 1): a receiver that
// hangs until the timeout never keeps the shop's emails waiting behind it.
export class Migration20261125140000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists "webhook_endpoint" (
  "id" serial primary key,
  "url" varchar(2048) not null,
  "events" text[] not null,
  "enabled" boolean not null default true,
  "secret" varchar(100) not null,
  "previous_secret" varchar(100) null,
  "previous_secret_expires_at" timestamptz null,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now()
);`);
    this.addSql(`create table if not exists "webhook_event" (
  "id" varchar(40) primary key,
  "type" varchar(40) not null,
  "created_at" timestamptz not null default now(),
  "body" text not null
);`);
    this.addSql(`create table if not exists "webhook_delivery" (
  "id" serial primary key,
  "event_id" varchar(40) not null references "webhook_event" ("id") on delete cascade,
  "endpoint_id" integer not null references "webhook_endpoint" ("id") on delete cascade,
  "state" varchar(10) not null default 'pending' check ("state" in ('pending', 'delivered', 'failed')),
  "attempts" integer not null default 0,
  "last_status" integer null,
  "last_error" text null,
  "last_attempt_at" timestamptz null,
  "next_attempt_at" timestamptz null,
  "delivered_at" timestamptz null,
  "sending_until" timestamptz null,
  "created_at" timestamptz not null default now(),
  unique ("event_id", "endpoint_id")
);`);
    this.addSql(`create index if not exists "webhook_delivery_endpoint_created_index"
  on "webhook_delivery" ("endpoint_id", "created_at" desc, "id" desc);`);
    this.addSql(`create index if not exists "webhook_delivery_created_index" on "webhook_delivery" ("created_at" desc, "id" desc);`);
    this.addSql(`create or replace function "webhook_delivery_queue"() returns trigger language plpgsql as $$
begin
  perform graphile_worker.add_job('deliver_webhook', json_build_object('id', new.id), priority := 1, max_attempts := 10,
                                  job_key := 'webhook-delivery-' || new.id);
  return new;
end $$;`);
    this.addSql(`drop trigger if exists "webhook_delivery_queue" on "webhook_delivery";`);
    this.addSql(`create trigger "webhook_delivery_queue" after insert on "webhook_delivery"
  for each row execute function "webhook_delivery_queue"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "webhook_delivery";`);
    this.addSql(`drop function if exists "webhook_delivery_queue"();`);
    this.addSql(`drop table if exists "webhook_event";`);
    this.addSql(`drop table if exists "webhook_endpoint";`);
  }
}
