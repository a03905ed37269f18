import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type SqlRunner } from '../../db/sql';

export interface StoredUpload {
  contentType: string;
  bytes: Buffer;
  sha256: string;
}

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif' };
export const contentTypeOf = (name: string): string | undefined => TYPES[name.split('.').pop() ?? ''];

/** The name an upload is stored under: the first 32 hex characters of the sha256 of the bytes as sent. */
export const uploadHash = (sent: Buffer) => createHash('sha256').update(sent).digest('hex').slice(0, 32);

/**
 * Stores `bytes` under `name` (once: names are content-addressed, so a second save is the same image). A buyer's
 * reference photo is stored `unattached` (deleted a day later unless a request takes it: forgetUnattachedPhotos);
 * the shop's own images, and a photo the owner uploads too, are kept.
 */
export async function saveUpload(em: EntityManager, name: string, bytes: Buffer, options: { unattached?: boolean } = {}): Promise<void> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await sql(em).query(
    `insert into "upload" ("name", "content_type", "size", "sha256", "bytes", "unattached") values ($1, $2, $3, $4, $5, $6)
     on conflict ("name") do update set "unattached" = false where "upload"."unattached" and not excluded."unattached"`,
    [name, contentTypeOf(name), bytes.length, sha256, bytes, options.unattached ?? false],
  );
}

/**
 * An upload already stored, sent again: true when it is stored. Sent by the owner, it is kept from now on; sent by
 * a buyer while still unattached, its day starts again (its address was just handed out anew).
 */
export async function uploadedAgain(em: EntityManager, name: string, by: 'owner' | 'buyer'): Promise<boolean> {
  const rows = await sql(em).query(
    `update "upload" set "unattached" = "unattached" and $2, "created_at" = case when "unattached" and $2 then now() else "created_at" end
      where "name" = $1 returning "name"`,
    [name, by === 'buyer'],
  );
  return rows.length > 0;
}

/**
 * Takes stored uploads for good (a commission request's photos, a build-log entry's), in the caller's transaction:
 * the names of those stored. The row of each is locked until that transaction ends, so the clean-up job cannot
 * delete a photo a request is taking (it skips locked rows; once taken, a photo is no longer unattached).
 */
export async function attachUploads(tx: SqlRunner, names: readonly string[]): Promise<string[]> {
  const rows = await tx.query<{ name: string }>(
    `update "upload" set "unattached" = false where "name" = any($1::varchar[]) returning "name"`,
    [names],
  );
  return rows.map((row) => row.name);
}

/** How long a buyer's photo waits for a request before the clean-up job deletes it. */
export const UNATTACHED_PHOTO_HOURS = 24;

/**
 * Deletes the buyer's photos no request took within UNATTACHED_PHOTO_HOURS of their upload, with the resized copies a
 * page asked for (`<hash>-<width>.<format>`): one statement. A photo a request is taking at that moment is skipped
 * (its row is locked; the next run finds it attached). Answers how many photos and copies went.
 */
export async function forgetUnattachedPhotos(em: EntityManager): Promise<{ photos: number; copies: number }> {
  const [row] = await sql(em).query<{ photos: number; copies: number }>(
    `with "gone" as (
       delete from "upload" where "name" in (
         select "name" from "upload"
          where "unattached" and "created_at" < now() - make_interval(hours => $1)
          for update skip locked)
       returning left("name", 32) as "hash"
     ), "copies" as (
       delete from "upload" "copy" using "gone" where left("copy"."name", 33) = "gone"."hash" || '-'
       returning 1
     )
     select (select count(*) from "gone")::int as "photos", (select count(*) from "copies")::int as "copies"`,
    [UNATTACHED_PHOTO_HOURS],
  );
  return row!;
}

const MASTER_TYPES = ['jpg', 'png', 'webp', 'gif'];

/** The stored image an upload's variants are made from: `<hash>.<ext>`, whatever its type. */
export async function findMaster(em: EntityManager, hash: string): Promise<Buffer | undefined> {
  const rows = await sql(em).query<{ bytes: Buffer }>(
    `select "bytes" from "upload" where "name" in ($1, $2, $3, $4) limit 1`,
    MASTER_TYPES.map((ext) => `${hash}.${ext}`),
  );
  return rows[0]?.bytes;
}

export async function findUpload(em: EntityManager, name: string): Promise<StoredUpload | undefined> {
  const rows = await sql(em).query<{ content_type: string; bytes: Buffer; sha256: string }>(
    `select "content_type", "bytes", "sha256" from "upload" where "name" = $1`,
    [name],
  );
  const row = rows[0];
  return row ? { contentType: row.content_type, bytes: row.bytes, sha256: row.sha256 } : undefined;
}

/** Earlier versions kept uploads in DATA_DIR/uploads: copied in once, under their old names (URLs keep working). */
export async function importDiskUploads(em: EntityManager, dir: string): Promise<number> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  let imported = 0;
  for (const name of names) {
    const contentType = contentTypeOf(name);
    if (!contentType || name.length > 64 || name.startsWith('.')) continue;
    const bytes = await fs.readFile(path.join(dir, name));
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const result = await sql(em).query(
      `insert into "upload" ("name", "content_type", "size", "sha256", "bytes") values ($1, $2, $3, $4, $5) on conflict ("name") do nothing returning "name"`,
      [name, contentType, bytes.length, sha256, bytes],
    );
    imported += result.length;
  }
  return imported;
}
