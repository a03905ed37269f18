import { Migration } from '@mikro-orm/migrations';

// D35: a payment is for one purpose. The shop notes, when it creates a payment (a card charge, a PayPal order), what
// it pays: `order` (a cart's order) or `commission:<id>:deposit|balance`. Rows made before this keep null: they
// were checked as before (their amount against what they pay), and no new row is ever written without a purpose.
export class Migration20261130100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "paypal_checkout" add column if not exists "purpose" varchar(60) null;`);
    this.addSql(`alter table "payment_ledger" add column if not exists "purpose" varchar(60) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "payment_ledger" drop column if exists "purpose";`);
    this.addSql(`alter table "paypal_checkout" drop column if exists "purpose";`);
  }
}
