import { Migration } from '@mikro-orm/migrations';

// API tokens: a script runs the back office with one instead of a browser's sign-in. Only the SHA-256 of each
// secret is kept (the secret is shown once, at creation); a revoked token keeps its row for the owner's record.
export class Migration20261125090000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists "api_token" (
      "id" serial primary key,
      "name" varchar(100) not null,
      "scope" varchar(16) not null check ("scope" in ('read-only', 'read-write')),
      "prefix" varchar(16) not null,
      "secret_hash" char(64) not null unique,
      "created_at" timestamptz not null default now(),
      "expires_at" timestamptz null,
      "last_used_at" timestamptz null,
      "revoked_at" timestamptz null
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "api_token";`);
  }
}
