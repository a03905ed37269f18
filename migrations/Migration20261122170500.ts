import { Migration } from '@mikro-orm/migrations';

// Every write to what the storefront reads tells the app instances listening on this channel
// (server/cache/catalog-changes.ts) to drop their cached answers. Statement-level: one notice per statement.
export class Migration20261122170500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function notify_catalog_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('turnery_catalog_changed', tg_table_name);
  return null;
end;
$$;`);
    for (const table of ['product', 'blog_post']) {
      this.addSql(`create trigger ${table}_catalog_changed after insert or update or delete or truncate on "${table}"
  for each statement execute function notify_catalog_changed();`);
    }
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists product_catalog_changed on "product";`);
    this.addSql(`drop trigger if exists blog_post_catalog_changed on "blog_post";`);
    this.addSql(`drop function if exists notify_catalog_changed();`);
  }
}
