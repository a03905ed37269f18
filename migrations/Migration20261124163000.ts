import { Migration } from '@mikro-orm/migrations';

// The admin's order search (server/modules/orders/order-search.ts) looks inside emails and names (ILIKE
// '%text%'): trigram indexes keep it an index scan as orders grow (pg_trgm is created by the first migration).
export class Migration20261124163000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index if not exists "shop_order_customer_email_trgm" on "shop_order" using gin ("customer_email" gin_trgm_ops);`);
    this.addSql(`create index if not exists "shop_order_customer_name_trgm" on "shop_order" using gin ("customer_name" gin_trgm_ops);`);
    this.addSql(`create index if not exists "shop_order_total_index" on "shop_order" ("total");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "shop_order_customer_email_trgm";`);
    this.addSql(`drop index if exists "shop_order_customer_name_trgm";`);
    this.addSql(`drop index if exists "shop_order_total_index";`);
  }
}
