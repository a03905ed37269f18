import { Migration } from '@mikro-orm/migrations';

// Discount codes (D40). `discount_code`: the owner's codes, one per row; a code is unique whatever its case among the
// codes not archived (a used code the owner deletes is archived, so its uses keep their history and its name is free
// again). `kind`: percentage (`value` is the percent off the goods), fixed (`value` dollars off the goods, never more
// than they cost) or free_shipping (`value` unused). `uses` counts the orders that took it: the order's transaction
// raises it with `uses < usage_limit` in the same statement, so the last use goes to one buyer only.
// `discount_use`: one row per order that used a code, with what it gave: the order's own transaction writes it before
// the order's row (its reference is checked at the commit), so the statement that locks the products stays its last.
// `shop_order.discount_code` and `.discount`: the code as the buyer typed it and what it took off the order's total.
export class Migration20261203100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists "discount_code" (
  "id" serial primary key,
  "code" varchar(40) not null,
  "kind" varchar(13) not null check ("kind" in ('percentage', 'fixed', 'free_shipping')),
  "value" numeric(10,2) not null default 0 check ("value" >= 0),
  "minimum_subtotal" numeric(10,2) null check ("minimum_subtotal" >= 0),
  "starts_at" timestamptz null,
  "ends_at" timestamptz null,
  "usage_limit" int null check ("usage_limit" > 0),
  "once_per_email" boolean not null default false,
  "paused" boolean not null default false,
  "archived" boolean not null default false,
  "uses" int not null default 0 check ("uses" >= 0),
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  constraint "discount_code_percentage_check" check ("kind" <> 'percentage' or "value" between 1 and 100),
  constraint "discount_code_dates_check" check ("starts_at" is null or "ends_at" is null or "starts_at" < "ends_at")
);`);
    this.addSql(`create unique index if not exists "discount_code_code_unique" on "discount_code" (lower("code")) where not "archived";`);
    this.addSql(`create table if not exists "discount_use" (
  "id" serial primary key,
  "discount_code_id" int not null references "discount_code" ("id") on update cascade,
  "order_id" int not null unique references "shop_order" ("id") on update cascade on delete cascade deferrable initially deferred,
  "email" varchar(254) not null,
  "amount_cents" int not null check ("amount_cents" >= 0),
  "created_at" timestamptz not null default now()
);`);
    this.addSql(`create index if not exists "discount_use_code_email_index" on "discount_use" ("discount_code_id", lower("email"));`);
    this.addSql(`alter table "shop_order" add column if not exists "discount_code" varchar(40) null;`);
    this.addSql(`alter table "shop_order" add column if not exists "discount" numeric(10,2) not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "shop_order" drop column if exists "discount";`);
    this.addSql(`alter table "shop_order" drop column if exists "discount_code";`);
    this.addSql(`drop table if exists "discount_use";`);
    this.addSql(`drop table if exists "discount_code";`);
  }
}
