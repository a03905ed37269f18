import { Migration } from '@mikro-orm/migrations';

// Where the shop sells, on the owner's terms (D39): the shipping zones (the states each ships to, its weight rates
// and free-shipping threshold, none when null) and the states where it collects tax (a rate and an optional combined
// local rate, in basis points). Seeded with SPEC's six states as one zone with D5's formula and D6's rates, so a new
// shop answers SPEC's calls as before. A write tells the caches (the catalogue's change notice,
// Migration20261122170500): each instance's cached settings, so new quotes use the change at once. Orders keep their
// own amounts, so no change reaches an order already placed.
export class Migration20261203120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists "shipping_zone" (
  "id" serial primary key,
  "position" int not null,
  "name" varchar(60) not null,
  "states" varchar(2)[] not null,
  "base_cents" int not null check ("base_cents" >= 0),
  "base_weight_hundredths" int not null check ("base_weight_hundredths" >= 0),
  "extra_lb_cents" int not null check ("extra_lb_cents" >= 0),
  "free_from_cents" int null check ("free_from_cents" >= 0)
);`);
    this.addSql(`create table if not exists "tax_rate" (
  "state" varchar(2) primary key,
  "rate_basis_points" int not null check ("rate_basis_points" between 0 and 10000),
  "local_rate_basis_points" int null check ("local_rate_basis_points" between 0 and 10000)
);`);
    this
      .addSql(`insert into "shipping_zone" ("position", "name", "states", "base_cents", "base_weight_hundredths", "extra_lb_cents", "free_from_cents")
  select 0, 'Southeast', array['GA', 'NC', 'SC', 'TN', 'FL', 'AL'], 695, 200, 125, 7500
  where not exists (select 1 from "shipping_zone");`);
    this.addSql(`insert into "tax_rate" ("state", "rate_basis_points")
  values ('GA', 400), ('NC', 475), ('SC', 600), ('TN', 700), ('FL', 600), ('AL', 400) on conflict do nothing;`);
    for (const table of ['shipping_zone', 'tax_rate']) {
      this.addSql(`drop trigger if exists ${table}_catalog_changed on "${table}";`);
      this.addSql(`create trigger ${table}_catalog_changed after insert or update or delete or truncate on "${table}"
  for each statement execute function notify_catalog_changed();`);
    }
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tax_rate";`);
    this.addSql(`drop table if exists "shipping_zone";`);
  }
}
