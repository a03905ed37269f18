import { Migration } from '@mikro-orm/migrations';

// The admin's unread messages (filter and tab badge) are read by status, newest first.
export class Migration20261124165000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index if not exists "contact_message_status_created_at_index" on "contact_message" ("status", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "contact_message_status_created_at_index";`);
  }
}
