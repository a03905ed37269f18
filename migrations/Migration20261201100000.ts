import { Migration } from '@mikro-orm/migrations';

// Options and variants (D38). A product may have up to three options (`product.options`: [{ name, values }]); each
// combination the shop sells is a `product_variant` row with its own price, stock, weight, SKU and picture, which
// may be switched off (`enabled`; a variant with orders is never deleted). A product without options has no variant
// rows and is SPEC's product, unchanged. A product with variants keeps SPEC's fields as their summary, kept by the
// database itself (the trigger below) whoever writes a variant: price the lowest of its variants on sale
// (`max_price` the highest, for "from $X"), stock_quantity their sum, in_stock whether any has stock. Every
// existing product gets `options = '[]'` and no variant: nothing changes for it. An order line names its variant
// (`variant_id`) and keeps its title as sold (`variant`: "Walnut / Large").
export class Migration20261201100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "product" add column if not exists "options" jsonb not null default '[]';`);
    this.addSql(`alter table "product" add column if not exists "max_price" numeric(10,2) null;`);
    this.addSql(`create table if not exists "product_variant" (
  "id" serial primary key,
  "product_id" int not null references "product" ("id") on update cascade on delete cascade,
  "position" int not null,
  "option_values" text[] not null,
  "price" numeric(10,2) not null,
  "stock_quantity" int not null default 0 check ("stock_quantity" >= 0),
  "weight" numeric(8,2) not null,
  "sku" varchar(64) null,
  "image_url" varchar(500) null,
  "enabled" boolean not null default true,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now()
);`);
    this.addSql(`create index if not exists "product_variant_product_id_index" on "product_variant" ("product_id", "position");`);
    // One variant on sale per combination; a switched-off one (kept for its orders) may share it.
    this.addSql(
      `create unique index if not exists "product_variant_combination_unique" on "product_variant" ("product_id", "option_values") where "enabled";`,
    );
    // A SKU is one variant's in the whole shop (nulls apart). Checked at the end of the owner's replace, so two
    // variants may swap their SKUs in one save.
    this.addSql(`alter table "product_variant" add constraint "product_variant_sku_unique" unique ("sku") deferrable initially deferred;`);
    this.addSql(
      `alter table "order_item" add column if not exists "variant_id" int null references "product_variant" ("id") on update cascade;`,
    );
    this.addSql(`alter table "order_item" add column if not exists "variant" varchar(200) null;`);
    this.addSql(`create index if not exists "order_item_variant_id_index" on "order_item" ("variant_id");`);
    // The product's summary of its variants, after every change of a variant (row trigger, fired at the end of the
    // statement that changed it). Writers of variants lock the product row first, so the summary's update never
    // waits behind a checkout holding that row in the other order.
    this.addSql(`create or replace function "product_variant_summary"() returns trigger language plpgsql as $$
declare
  pid int := coalesce(new.product_id, old.product_id);
begin
  update product p
     set price = coalesce(s.low, p.price), max_price = s.high, stock_quantity = coalesce(s.stock, 0),
         in_stock = coalesce(s.stock, 0) > 0, updated_at = now()
    from (select min(price) filter (where enabled) as low, max(price) filter (where enabled) as high,
                 sum(stock_quantity) filter (where enabled)::int as stock
            from product_variant where product_id = pid) s
   where p.id = pid and jsonb_array_length(p.options) > 0;
  return null;
end $$;`);
    this.addSql(`drop trigger if exists "product_variant_summary" on "product_variant";`);
    this.addSql(`create trigger "product_variant_summary" after insert or update or delete on "product_variant"
  for each row execute function "product_variant_summary"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "product_variant_summary" on "product_variant";`);
    this.addSql(`drop function if exists "product_variant_summary"();`);
    this.addSql(`alter table "order_item" drop column if exists "variant";`);
    this.addSql(`alter table "order_item" drop column if exists "variant_id";`);
    this.addSql(`drop table if exists "product_variant";`);
    this.addSql(`alter table "product" drop column if exists "max_price";`);
    this.addSql(`alter table "product" drop column if exists "options";`);
  }
}
