import sharp, { type Metadata, type Sharp } from 'sharp';
import { SOCIAL_IMAGE, type VariantFormat } from '../domain/image-variants';

/** Larger pictures are refused before they are decoded (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 40_000_000;
/** The longest side an upload is kept at: twice a desktop gallery's width, no more. */
const MAX_SIDE = 2560;
/** Behind transparent parts in a JPEG, which has no transparency. */
const BACKGROUND = '#ffffff';

export class NotAnImageError extends Error {}

export interface NormalisedImage {
  bytes: Buffer;
  ext: 'jpg' | 'png';
}

const decode = (input: Buffer) => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });

/**
 * An upload re-encoded from its decoded pixels: turned upright by its EXIF orientation, at most MAX_SIDE on its
 * longest side, with every metadata block dropped (EXIF with the camera's GPS position, XMP, comments; sharp
 * keeps none unless asked). A file that does not decode whole is refused. Transparent images stay PNG.
 */
export async function normaliseUpload(input: Buffer): Promise<NormalisedImage> {
  let meta: Metadata;
  try {
    meta = await decode(input).metadata();
    if (meta.format === 'svg' || !meta.width || !meta.height) throw new NotAnImageError('not a raster image');
    const image = decode(input).rotate().resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    if (meta.hasAlpha) return { bytes: await image.png({ compressionLevel: 9 }).toBuffer(), ext: 'png' };
    return { bytes: await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), ext: 'jpg' };
  } catch (error) {
    throw error instanceof NotAnImageError ? error : new NotAnImageError((error as Error).message);
  }
}

/** The image `width` pixels wide (never wider than it is) in `format`. */
export async function resizedVariant(master: Buffer, width: number, format: VariantFormat): Promise<Buffer> {
  const image = decode(master).resize({ width, withoutEnlargement: true });
  return encode(image, format);
}

/** A 1200x630 link-preview picture: the image whole, centred on the shop's paper colour. */
export async function socialImage(source: Buffer, options: { density?: number } = {}): Promise<Buffer> {
  const { width, height } = SOCIAL_IMAGE;
  const picture = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', density: options.density })
    .resize({ width, height, fit: 'contain', background: '#f7f1e8' })
    .toBuffer();
  return sharp(picture).flatten({ background: '#f7f1e8' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

function encode(image: Sharp, format: VariantFormat): Promise<Buffer> {
  switch (format) {
    // effort 2: a few times faster than the default for a few percent more bytes; uploads are made while the
    // owner waits.
    case 'avif':
      return image.avif({ quality: 55, effort: 2 }).toBuffer();
    case 'webp':
      return image.webp({ quality: 78 }).toBuffer();
    case 'jpg':
      return image.flatten({ background: BACKGROUND }).jpeg({ quality: 80, mozjpeg: true, progressive: true }).toBuffer();
  }
}
