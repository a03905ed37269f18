import { Migration } from '@mikro-orm/migrations';

// The payment ledger (server/modules/payments/payment-ledger.ts): one row per provider payment the shop asked
// for, written before the provider is called and moved on after it answers, each step its own short statement.
// A row left `charging` or `captured` by a stop or a crash is what the recovery pass finds and settles (an order
// or a refund), so money taken never stays without one.
export class Migration20261124110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists "payment_ledger" (
  "id" bigserial primary key,
  "method" varchar(10) not null,
  "provider" varchar(10) not null,
  "idempotency_key" varchar(100) not null,
  "source_ref" varchar(255) null,
  "payment_id" varchar(100) null,
  "amount_cents" integer not null,
  "state" varchar(12) not null,
  "order_id" integer null,
  "detail" text null,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  constraint "payment_ledger_key_unique" unique ("idempotency_key"),
  constraint "payment_ledger_payment_unique" unique ("method", "payment_id"),
  constraint "payment_ledger_state_check" check ("state" in ('charging', 'captured', 'ordered', 'refunding', 'refunded'))
);`);
    // The recovery pass reads only unsettled rows.
    this.addSql(
      `create index if not exists "payment_ledger_unsettled_index" on "payment_ledger" ("updated_at") where "state" in ('charging', 'captured', 'refunding');`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "payment_ledger";`);
  }
}
