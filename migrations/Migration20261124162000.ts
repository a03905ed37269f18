import { Migration } from '@mikro-orm/migrations';

// The order lifecycle (server/domain/order-transitions.ts): a shipped order's carrier and tracking number, and
// every status change kept in order_status_change (when, from, to, the owner's note).
export class Migration20261124162000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "shop_order"
  add column if not exists "carrier" varchar(20) null,
  add column if not exists "tracking_number" varchar(100) null;`);
    this.addSql(`create table if not exists "order_status_change" (
  "id" bigserial primary key,
  "order_id" integer not null references "shop_order" ("id") on delete cascade,
  "from_status" varchar(20) not null,
  "to_status" varchar(20) not null,
  "note" text null,
  "changed_at" timestamptz not null default now()
);`);
    this.addSql(`create index if not exists "order_status_change_order_id_index" on "order_status_change" ("order_id", "changed_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "order_status_change";`);
    this.addSql(`alter table "shop_order" drop column "carrier", drop column "tracking_number";`);
  }
}
