import { Migration } from '@mikro-orm/migrations';

// Product reviews (D37): a buyer reviews an order line once, through the signed link of the order's delivered email
// (`order_item_id` unique); the owner approves, hides or answers each (`status`, `reply`). Demo reviews (the demo
// catalogue's seed, `is_demo`) are the only rows without an order line. The product page's list reads approved
// reviews newest first; the owner's queue reads by status, newest first. A write to the table tells the response
// caches to drop what they keep (the catalogue's change notice), as a product's write does: the product page shows
// the approved reviews and their average.
export class Migration20261202120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists "review" (
  "id" serial primary key,
  "order_item_id" int null unique references "order_item" ("id") on update cascade,
  "order_id" int null references "shop_order" ("id") on update cascade,
  "product_id" int not null references "product" ("id") on update cascade on delete cascade,
  "variant_id" int null references "product_variant" ("id") on update cascade on delete set null,
  "variant" varchar(200) null,
  "rating" smallint not null check ("rating" between 1 and 5),
  "title" varchar(120) not null,
  "body" text not null,
  "author_name" varchar(60) not null,
  "photo_url" varchar(500) null,
  "status" varchar(10) not null default 'pending' check ("status" in ('pending', 'approved', 'hidden')),
  "reply" text null,
  "replied_at" timestamptz null,
  "is_demo" boolean not null default false,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  constraint "review_order_line_check" check ("is_demo" or ("order_item_id" is not null and "order_id" is not null))
);`);
    this.addSql(
      `create index if not exists "review_product_approved_index" on "review" ("product_id", "created_at" desc) where "status" = 'approved';`,
    );
    this.addSql(`create index if not exists "review_status_index" on "review" ("status", "created_at" desc);`);
    this.addSql(`create index if not exists "review_order_id_index" on "review" ("order_id");`);
    this.addSql(`drop trigger if exists review_catalog_changed on "review";`);
    this.addSql(`create trigger review_catalog_changed after insert or update or delete or truncate on "review"
  for each statement execute function notify_catalog_changed();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists review_catalog_changed on "review";`);
    this.addSql(`drop table if exists "review";`);
  }
}
