import { Migration } from '@mikro-orm/migrations';

// A commission quote may carry a discount code (D40, the owner's choice): the code as quoted, what it took off the
// quote's total, and the code's row (its use is counted when the buyer pays the deposit; null once an unused code
// is deleted, when no use is left to count).
export class Migration20261203160000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "commission_quote" add column if not exists "discount_code" varchar(40) null;`);
    this.addSql(`alter table "commission_quote" add column if not exists "discount" numeric(10,2) not null default 0;`);
    this.addSql(
      `alter table "commission_quote" add column if not exists "discount_code_id" int null references "discount_code" ("id") on update cascade on delete set null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "commission_quote" drop column if exists "discount_code_id";`);
    this.addSql(`alter table "commission_quote" drop column if exists "discount";`);
    this.addSql(`alter table "commission_quote" drop column if exists "discount_code";`);
  }
}
