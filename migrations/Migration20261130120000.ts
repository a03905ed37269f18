import { Migration } from '@mikro-orm/migrations';

// Idempotency keys of the owner's money calls (D36, server/trpc/idempotency.ts): `idempotency_key` keeps, per
// operation, each key's request (a hash of its body), the request running under it (a lease) or its answer, for at
// least 24 hours. A partial refund also keeps its key on its own `order_refund` row, written in the refund's
// transaction, so a retry finds the refund even when the process stopped before the answer was kept. Both start
// empty: existing refunds have no key.
export class Migration20261130120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "order_refund" add column if not exists "idempotency_key" varchar(255) null constraint "order_refund_idempotency_key_unique" unique;`,
    );
    this.addSql(`create table if not exists "idempotency_key" (
  "operation" varchar(100) not null,
  "key" varchar(255) not null,
  "request_hash" char(64) not null,
  "lease" uuid null,
  "locked_until" timestamptz null,
  "answer" text null,
  "created_at" timestamptz not null default now(),
  constraint "idempotency_key_pkey" primary key ("operation", "key")
);`);
    this.addSql(`create index if not exists "idempotency_key_created_at_index" on "idempotency_key" ("created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "idempotency_key";`);
    this.addSql(`alter table "order_refund" drop column if exists "idempotency_key";`);
  }
}
