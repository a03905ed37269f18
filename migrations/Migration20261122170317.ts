import { Migration } from '@mikro-orm/migrations';

// The sandbox payment provider's record of what it charged (D11), so orders can verify sandbox payments.
export class Migration20261122170317 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "sandbox_payment" ("id" varchar(60) not null, "kind" varchar(20) not null, "status" varchar(20) not null, "amount" numeric(10,2) not null, "currency" varchar(3) not null default 'USD', "card_last4" varchar(4) null, "paypal_order_id" varchar(60) null, "capture_id" varchar(60) null, "decline_code" varchar(40) null, "idempotency_key" varchar(100) null, "created_at" timestamptz not null, "refunded_at" timestamptz null, constraint "sandbox_payment_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "sandbox_payment" add constraint "sandbox_payment_idempotency_key_unique" unique ("idempotency_key");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sandbox_payment" cascade;`);
  }
}
