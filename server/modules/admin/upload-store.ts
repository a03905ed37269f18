import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';

export interface StoredUpload {
  contentType: string;
  bytes: Buffer;
  sha256: string;
}

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif' };
export const contentTypeOf = (name: string): string | undefined => TYPES[name.split('.').pop() ?? ''];

/** The name an upload is stored under: the first 32 hex characters of the sha256 of the bytes as sent. */
export const uploadHash = (sent: Buffer) => createHash('sha256').update(sent).digest('hex').slice(0, 32);

/** Stores `bytes` under `name` (once: names are content-addressed, so a second save is the same image). */
export async function saveUpload(em: EntityManager, name: string, bytes: Buffer): Promise<void> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await sql(em).query(
    `insert into "upload" ("name", "content_type", "size", "sha256", "bytes") values ($1, $2, $3, $4, $5) on conflict ("name") do nothing`,
    [name, contentTypeOf(name), bytes.length, sha256, bytes],
  );
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
