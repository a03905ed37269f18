import { Migration } from '@mikro-orm/migrations';

// Emails off the request path: an outbox email is written as its kind and the data its template needs, and the
// delivery job renders its text and HTML (server/modules/mail/mail.service.ts), so text is empty until then.
// Emails written before keep their text and are sent as they are.
export class Migration20261128100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "outbox_email" add column if not exists "data" jsonb null, alter column "text" drop not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`update "outbox_email" set "text" = '' where "text" is null;`);
    this.addSql(`alter table "outbox_email" alter column "text" set not null, drop column "data";`);
  }
}
