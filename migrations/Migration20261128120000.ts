import { Migration } from '@mikro-orm/migrations';

// Partial refunds (docs/payments.md, "Refunds"). A refund is a movement of its own in the payment ledger: a row of
// kind `refund` with its own idempotency key, written (with the amount reserved on the payment it draws from)
// before the provider is asked, so a stop in between is finished by the recovery pass with the same key. A payment
// row keeps how much of it refunds have taken (`refunded_cents`, never more than its amount); an order's refundable
// amount is the sum over its payments. `order_refund` is the owner's refund as the order's history shows it (amount,
// reason, the lines put back in stock); its ledger rows (one per payment it draws from) name it.
// Revenue is read from the ledger's movements by day (`created_at`), hence its index.
// The ledger has no entity (its statements are plain SQL), so this migration is written by hand.
export class Migration20261128120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists "order_refund" (
  "id" bigserial primary key,
  "order_id" integer not null references "shop_order" ("id") on delete cascade,
  "amount_cents" integer not null,
  "reason" text not null,
  "restock" jsonb not null default '[]',
  "created_at" timestamptz not null default now(),
  constraint "order_refund_amount_check" check ("amount_cents" > 0)
);`);
    this.addSql(`create index if not exists "order_refund_order_index" on "order_refund" ("order_id", "created_at");`);
    this.addSql(`alter table "payment_ledger"
  add column if not exists "kind" varchar(8) not null default 'payment',
  add column if not exists "refund_of" bigint null references "payment_ledger" ("id"),
  add column if not exists "refunded_cents" integer not null default 0,
  add column if not exists "order_refund_id" bigint null references "order_refund" ("id");`);
    this.addSql(`alter table "payment_ledger"
  add constraint "payment_ledger_kind_check" check ("kind" in ('payment', 'refund')),
  add constraint "payment_ledger_refunded_check" check ("refunded_cents" between 0 and "amount_cents"),
  add constraint "payment_ledger_refund_of_check" check (("kind" = 'refund') = ("refund_of" is not null));`);
    this.addSql(`create index if not exists "payment_ledger_order_index" on "payment_ledger" ("order_id") where "order_id" is not null;`);
    this.addSql(
      `create index if not exists "payment_ledger_refund_of_index" on "payment_ledger" ("refund_of") where "refund_of" is not null;`,
    );
    this.addSql(`create index if not exists "payment_ledger_created_index" on "payment_ledger" ("created_at");`);

    // Whole refunds made before: each becomes a refund row under the key it was made with (refund-<payment id>),
    // so one still in flight is repeated with that key, and the payment says all of it went back.
    this
      .addSql(`insert into "payment_ledger" ("kind", "method", "provider", "idempotency_key", "refund_of", "amount_cents", "state", "order_id", "created_at", "updated_at")
  select 'refund', "method", "provider", 'refund-' || "payment_id", "id", "amount_cents", "state", "order_id", "updated_at", "updated_at"
    from "payment_ledger"
   where "kind" = 'payment' and "state" in ('refunding', 'refunded') and "payment_id" is not null
  on conflict ("idempotency_key") do nothing;`);
    this.addSql(`update "payment_ledger" set "refunded_cents" = "amount_cents", "state" = 'refunded'
  where "kind" = 'payment' and "state" in ('refunding', 'refunded');`);
    // ...and an order's whole refund shows in its list of refunds.
    this.addSql(`do $$
declare
  r record;
  made bigint;
begin
  for r in select "id", "order_id", "amount_cents", "created_at" from "payment_ledger"
            where "kind" = 'refund' and "order_id" is not null and "order_refund_id" is null order by "id" loop
    insert into "order_refund" ("order_id", "amount_cents", "reason", "created_at")
      select r."order_id", r."amount_cents", 'Refunded in full', r."created_at" where exists (select 1 from "shop_order" where "id" = r."order_id")
      returning "id" into made;
    if made is not null then
      update "payment_ledger" set "order_refund_id" = made where "id" = r."id";
    end if;
  end loop;
end $$;`);
  }

  override async down(): Promise<void> {
    // A payment partly refunded cannot be told by the old states: it stays `ordered`; a whole one is `refunded`, or
    // `refunding` while a refund of it is not known to be done (the old recovery pass then repeats it).
    this.addSql(`update "payment_ledger" p set "state" = 'refunding' from "payment_ledger" r
  where r."refund_of" = p."id" and r."state" = 'refunding' and p."state" = 'refunded';`);
    this.addSql(`delete from "payment_ledger" where "kind" = 'refund';`);
    this.addSql(
      `alter table "payment_ledger" drop column "order_refund_id", drop column "refunded_cents", drop column "refund_of", drop column "kind";`,
    );
    this.addSql(`drop table if exists "order_refund";`);
  }
}
