import { Migration } from '@mikro-orm/migrations';

// Uploaded images live in the database, so every instance behind a balancer serves every image.
export class Migration20261124180000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists "upload" (
      "name" varchar(64) primary key,
      "content_type" varchar(32) not null,
      "size" int not null,
      "sha256" char(64) not null,
      "bytes" bytea not null,
      "created_at" timestamptz not null default now()
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "upload";`);
  }
}
