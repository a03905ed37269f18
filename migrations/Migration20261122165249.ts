import { Migration } from '@mikro-orm/migrations';

export class Migration20261122165249 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "admin_session" ("id" varchar(64) not null, "created_at" timestamptz not null, "last_seen_at" timestamptz not null, "revoked_at" timestamptz null, constraint "admin_session_pkey" primary key ("id"));`,
    );

    this.addSql(
      `create table "blog_post" ("id" serial primary key, "title" varchar(200) not null, "slug" varchar(200) not null, "excerpt" text not null, "content" text not null, "image_url" varchar(500) not null, "published" boolean not null default false, "published_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "blog_post" add constraint "blog_post_slug_unique" unique ("slug");`);
    this.addSql(`create index "blog_post_published_idx" on "blog_post" ("published", "published_at");`);

    this.addSql(
      `create table "contact_message" ("id" serial primary key, "first_name" varchar(100) not null, "last_name" varchar(100) not null, "email" varchar(254) not null, "subject" varchar(40) not null, "message" text not null, "status" varchar(20) not null default 'new', "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "contact_message_created_at_index" on "contact_message" ("created_at");`);

    this.addSql(
      `create table "newsletter_subscription" ("id" serial primary key, "email" varchar(254) not null, "created_at" timestamptz not null, "unsubscribed_at" timestamptz null);`,
    );
    this.addSql(`alter table "newsletter_subscription" add constraint "newsletter_subscription_email_unique" unique ("email");`);

    this.addSql(
      `create table "shop_order" ("id" serial primary key, "customer_email" varchar(254) not null, "customer_name" varchar(200) not null, "shipping_address" jsonb not null, "billing_address" jsonb not null, "subtotal" numeric(10,2) not null, "shipping" numeric(10,2) not null, "tax" numeric(10,2) not null, "total" numeric(10,2) not null, "status" varchar(20) not null default 'pending', "payment_method" varchar(20) not null, "paypal_order_id" varchar(100) null, "paypal_capture_id" varchar(100) null, "square_payment_id" varchar(100) null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "shop_order_status_index" on "shop_order" ("status");`);
    this.addSql(`alter table "shop_order" add constraint "shop_order_paypal_capture_id_unique" unique ("paypal_capture_id");`);
    this.addSql(`alter table "shop_order" add constraint "shop_order_square_payment_id_unique" unique ("square_payment_id");`);
    this.addSql(`create index "shop_order_created_at_index" on "shop_order" ("created_at");`);

    this.addSql(
      `create table "outbox_email" ("id" serial primary key, "to_address" varchar(254) not null, "subject" varchar(300) not null, "text" text not null, "kind" varchar(40) not null, "created_at" timestamptz not null, "sent_at" timestamptz null, "last_error" text null);`,
    );

    this.addSql(
      `create table "product" ("id" serial primary key, "name" varchar(200) not null, "description" text not null, "price" numeric(10,2) not null, "image_url" varchar(500) not null, "gallery_images" jsonb not null default '[]', "in_stock" boolean not null default true, "stock_quantity" int not null default 1, "category" varchar(40) not null, "dimensions" varchar(200) not null, "weight" numeric(8,2) not null, "material" varchar(200) not null, "finish" varchar(200) not null, "featured" boolean not null default false, "archived" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "product_category_index" on "product" ("category");`);
    this.addSql(`create index "product_created_at_index" on "product" ("created_at");`);
    this.addSql(`create index "product_featured_idx" on "product" ("featured", "archived");`);

    this.addSql(
      `create table "order_item" ("id" serial primary key, "order_id" int not null, "product_id" int not null, "name" varchar(200) not null, "price" numeric(10,2) not null, "quantity" int not null);`,
    );
    this.addSql(`create index "order_item_order_id_index" on "order_item" ("order_id");`);
    this.addSql(`create index "order_item_product_id_index" on "order_item" ("product_id");`);

    this.addSql(
      `create table "server_setting" ("key" varchar(100) not null, "value" text not null, constraint "server_setting_pkey" primary key ("key"));`,
    );

    this.addSql(
      `alter table "order_item" add constraint "order_item_order_id_foreign" foreign key ("order_id") references "shop_order" ("id") on update cascade;`,
    );
    this.addSql(
      `alter table "order_item" add constraint "order_item_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade;`,
    );

    // Written by hand: guards the database keeps even if code goes wrong (stock never below 0, D7),
    // and a trigram index so the shop's case-insensitive substring search does not scan the table.
    this.addSql(`alter table "product" add constraint "product_stock_quantity_check" check ("stock_quantity" >= 0);`);
    this.addSql(`alter table "product" add constraint "product_price_check" check ("price" >= 0);`);
    this.addSql(`alter table "order_item" add constraint "order_item_quantity_check" check ("quantity" > 0);`);
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index "product_search_trgm_idx" on "product" using gin ((lower("name" || ' ' || "description")) gin_trgm_ops);`);
  }
}
