import { Migration } from '@mikro-orm/migrations';

// A buyer's reference photo (POST /api/commissions/photos) is the shop's to keep only once a commission request (or
// the build log) takes it: until then it is `unattached`, and a job deletes it a day after its upload
// (server/jobs/tasks.ts). Uploads stored before this keep false: kept, as they were.
export class Migration20261130110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "upload" add column if not exists "unattached" boolean not null default false;`);
    this.addSql(`create index if not exists "upload_unattached_index" on "upload" ("created_at") where "unattached";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "upload_unattached_index";`);
    this.addSql(`alter table "upload" drop column if exists "unattached";`);
  }
}
