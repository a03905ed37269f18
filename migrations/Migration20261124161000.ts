import { Migration } from '@mikro-orm/migrations';

// A PayPal checkout waiting for the buyer's approval at PayPal, kept by the server under PayPal's order id:
// the return to /checkout/success?token=<id> completes it in any tab or browser (the buyer may approve in
// PayPal's app, or come back on another device), and a second return finds the order it made.
export class Migration20261124161000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists "paypal_checkout" (
  "paypal_order_id" varchar(60) primary key,
  "checkout" jsonb not null,
  "amount_cents" integer not null,
  "order_id" integer null,
  "created_at" timestamptz not null default now(),
  "completed_at" timestamptz null
);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "paypal_checkout";`);
  }
}
