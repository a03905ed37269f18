import { Migration } from '@mikro-orm/migrations';

// Low stock: each product's alert level (2 unless the owner sets another). A sale that takes a product to or
// below it emails the owner (server/modules/orders/insert-order.ts); the dashboard lists what is low.
export class Migration20261124164000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "product" add column if not exists "low_stock_threshold" integer not null default 2;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "product" drop column "low_stock_threshold";`);
  }
}
