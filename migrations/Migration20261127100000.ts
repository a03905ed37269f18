import { Migration } from '@mikro-orm/migrations';

// Every PayPal order the shop creates is kept in `paypal_checkout` (D28): a capture is asked of PayPal only for
// an order this shop made. An order made without the buyer's checkout details (the in-page flow, where the
// browser places the order itself after the capture) has no checkout to keep, hence the nullable column.
export class Migration20261127100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "paypal_checkout" alter column "checkout" drop not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "paypal_checkout" where "checkout" is null;`);
    this.addSql(`alter table "paypal_checkout" alter column "checkout" set not null;`);
  }
}
