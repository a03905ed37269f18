import { Migration } from '@mikro-orm/migrations';

// Rate limits shared by every instance (server/http/rate-limits.ts, rate-limiter-flexible's PostgreSQL store):
// one row per limit and client, `expire` in epoch milliseconds. Unlogged: a crash may lose counts, which only
// forgives a few attempts, and the writes skip the WAL.
export class Migration20261123120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create unlogged table if not exists "rate_limit" (
  "key" varchar(255) primary key,
  "points" integer not null default 0,
  "expire" bigint
);`);
    this.addSql(`create index if not exists "rate_limit_expire_index" on "rate_limit" ("expire");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "rate_limit";`);
  }
}
