import { Migration } from '@mikro-orm/migrations';

// A product that ships separately (D39, oversize): its own shipping surcharge in cents, added to the order's shipping
// for each unit bought, even when the order ships free. null: none, as every product before it.
export class Migration20261203140000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "product" add column if not exists "shipping_surcharge" int null check ("shipping_surcharge" >= 0);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "product" drop column if exists "shipping_surcharge";`);
  }
}
