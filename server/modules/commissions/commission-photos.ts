import { ZodError } from 'zod';
import type { SqlRunner } from '../../db/sql';
import { InputError } from '../../trpc/errors';
import { attachUploads } from '../admin';

/**
 * 400 naming each photo url the upload pipeline did not answer (so a made-up address, or one of any other site,
 * never reaches a page or an email): `field` is where the urls came from, e.g. ['photos'] or ['photo']. The photos
 * that are stored are attached in the caller's transaction: kept from then on, never deleted as a photo no request
 * took (a buyer's photo left unattached for a day is: server/jobs/tasks.ts).
 */
export async function requireUploads(tx: SqlRunner, urls: readonly string[], field: (index: number) => (string | number)[]) {
  if (urls.length === 0) return;
  const names = urls.map((url) => url.slice('/uploads/'.length));
  const stored = new Set(await attachUploads(tx, names));
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
