import { ZodError } from 'zod';
import type { SqlRunner } from '../../db/sql';
import { InputError } from '../../trpc/errors';

/**
 * 400 naming each photo url the upload pipeline did not answer (so a made-up address, or one of any other site,
 * never reaches a page or an email): `field` is where the urls came from, e.g. ['photos'] or ['photo'].
 */
export async function requireUploads(tx: SqlRunner, urls: readonly string[], field: (index: number) => (string | number)[]) {
  if (urls.length === 0) return;
  const names = urls.map((url) => url.slice('/uploads/'.length));
  const rows = await tx.query<{ name: string }>('select name from upload where name = any($1)', [names]);
  const stored = new Set(rows.map((row) => row.name));
  const missing = names.flatMap((name, index) => (stored.has(name) ? [] : [index]));
  if (missing.length === 0) return;
  throw new InputError(
    new ZodError(
      missing.map((index) => ({
        code: 'custom' as const,
        path: field(index),
        message: 'is not an uploaded image: upload it first and send the url the upload answered',
        input: undefined,
      })),
    ),
  );
}
