import type { EntityManager } from '@mikro-orm/postgresql';
import { VARIANT_FORMATS, VARIANT_WIDTHS, variantName, type VariantFormat } from '../../domain/image-variants';
import { resizedVariant, socialImage } from '../../images/image-pipeline';
import { findMaster, findUpload, saveUpload, type StoredUpload } from './upload-store';

/** `<hash>-<width>.<format>` or `<hash>-og.jpg`, with only the widths and formats the shop makes. */
const VARIANT = new RegExp(`^([0-9a-f]{32})-(${VARIANT_WIDTHS.join('|')}|og)\\.(${VARIANT_FORMATS.join('|')})$`);

export function isVariantName(name: string): boolean {
  const match = VARIANT.exec(name);
  return match !== null && (match[2] !== 'og' || match[3] === 'jpg');
}

function render(master: Buffer, width: string, format: VariantFormat): Promise<Buffer> {
  return width === 'og' ? socialImage(master) : resizedVariant(master, Number(width), format);
}

/** Every variant of a new upload, made and stored before the upload is answered (the owner waits a moment once). */
export async function storeVariants(em: EntityManager, hash: string, master: Buffer): Promise<void> {
  const names = [
    ...VARIANT_WIDTHS.flatMap((width) => VARIANT_FORMATS.map((format) => variantName(hash, width, format))),
    variantName(hash, 'og', 'jpg'),
  ];
  // One at a time: sharp already uses both cores for each image, and the shop keeps answering meanwhile.
  for (const name of names) await storeVariant(em, name, master);
}

async function storeVariant(em: EntityManager, name: string, master: Buffer): Promise<Buffer> {
  const [, , width, format] = VARIANT.exec(name)!;
  const bytes = await render(master, width!, format as VariantFormat);
  await saveUpload(em, name, bytes);
  return bytes;
}

const making = new Map<string, Promise<StoredUpload | undefined>>();

/**
 * A variant of an upload stored before variants were made (or whose variants were lost): made from its master on
 * first request, then stored, so every instance serves it from then on. One render per name at a time here;
 * two instances rendering the same one store the same bytes.
 */
export function lateVariant(em: EntityManager, name: string): Promise<StoredUpload | undefined> {
  let pending = making.get(name);
  if (!pending) {
    pending = (async () => {
      const master = await findMaster(em, name.slice(0, 32));
      if (!master) return undefined;
      await storeVariant(em, name, master);
      return findUpload(em, name);
    })().finally(() => making.delete(name));
    making.set(name, pending);
  }
  return pending;
}
