import { Migration } from '@mikro-orm/migrations';

// Commissions (issue 37, server/modules/commissions): the buyer's request, the owner's quotes (versions kept) and
// the build log. The buyer's link is signed like an order's (server/http/order-links.ts), so no token is stored. An accepted quote becomes an order of kind 'commission' (shop orders keep 'shop'), paid by two
// payments: the deposit (the order's own payment column) and the balance (the ledger's second row for the order).
export class Migration20261129100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "shop_order" add column if not exists "kind" varchar(12) not null default 'shop' check ("kind" in ('shop', 'commission'));`,
    );
    this.addSql(`create table if not exists "commission" (
  "id" serial primary key,
  "status" varchar(12) not null default 'requested',
  "name" varchar(200) not null,
  "email" varchar(254) not null,
  "purpose" text not null,
  "wood" varchar(20) not null,
  "size" varchar(200) not null,
  "budget" varchar(20) not null,
  "needed_by" date null,
  "ship_to_state" varchar(2) not null,
  "photos" jsonb not null default '[]',
  "notes" text null,
  "order_id" integer null references "shop_order" ("id"),
  "accepted_quote_version" integer null,
  "payment_attempt" varchar(300) null,
  "payment_attempt_at" timestamptz null,
  "deposit_method" varchar(10) null,
  "deposit_payment_id" varchar(100) null,
  "balance_method" varchar(10) null,
  "balance_payment_id" varchar(100) null,
  "paid_cents" integer not null default 0,
  "refunded_cents" integer not null default 0,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  constraint "commission_order_unique" unique ("order_id"),
  constraint "commission_status_check" check ("status" in ('requested', 'quoted', 'accepted', 'ready', 'paid', 'cancelled'))
);`);
    this.addSql(`create index if not exists "commission_status_index" on "commission" ("status");`);
    this.addSql(`create index if not exists "commission_created_at_index" on "commission" ("created_at");`);
    this.addSql(`create table if not exists "commission_quote" (
  "id" serial primary key,
  "commission_id" integer not null references "commission" ("id") on delete cascade,
  "version" integer not null,
  "lines" jsonb not null,
  "weight" numeric(8,2) not null,
  "subtotal" numeric(10,2) not null,
  "shipping" numeric(10,2) not null,
  "tax" numeric(10,2) not null,
  "total" numeric(10,2) not null,
  "deposit" numeric(10,2) not null,
  "lead_time_days" integer not null,
  "valid_until" date not null,
  "message" text null,
  "created_at" timestamptz not null default now(),
  constraint "commission_quote_version_unique" unique ("commission_id", "version")
);`);
    this.addSql(`create table if not exists "commission_update" (
  "id" serial primary key,
  "commission_id" integer not null references "commission" ("id") on delete cascade,
  "text" text not null,
  "photo" varchar(100) null,
  "created_at" timestamptz not null default now()
);`);
    this.addSql(`create index if not exists "commission_update_commission_id_index" on "commission_update" ("commission_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "commission_update";`);
    this.addSql(`drop table if exists "commission_quote";`);
    this.addSql(`drop table if exists "commission";`);
    this.addSql(`alter table "shop_order" drop column if exists "kind";`);
  }
}
