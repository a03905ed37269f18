import { ZodError } from 'zod';
import type { SqlRunner } from '../../db/sql';
import { InputError } from '../../trpc/errors';
import { attachUploads } from '../admin';

/**
 * 400 naming `photoUrl` unless it is an image the shop's upload pipeline stored (POST /api/reviews/photos with the
 * review's link): never a made-up address or another site's. Taken for good in the caller's transaction, so the
 * clean-up of unattached photos leaves it (as a commission request's photos, commission-photos.ts).
 */
export async function requireReviewPhoto(tx: SqlRunner, url: string): Promise<void> {
  const name = url.slice('/uploads/'.length);
  const stored = await attachUploads(tx, [name]);
  if (!stored.includes(name)) {
    const message = 'is not an uploaded image: upload it first with the review link and send the url the upload answered';
    throw new InputError(new ZodError([{ code: 'custom', path: ['photoUrl'], message, input: undefined }]));
  }
}
