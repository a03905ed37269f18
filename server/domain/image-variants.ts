// Addresses of an image's resized copies, shared by the server (which makes them) and the client (which asks
// for them in srcset). No I/O here.

/** Widths (CSS pixels x density) an uploaded image is resized to: a phone's card up to a desktop's gallery. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280] as const;
/** Newest first: a browser takes the first <source> type it can show; JPEG is for the rest. */
export const VARIANT_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** A link preview's picture (Open Graph, Twitter/X): the size their large cards show. */
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;

/** An upload as the shop names it: 32 hex characters of its sha256 and the stored type. */
const UPLOAD = /^\/uploads\/([0-9a-f]{32})\.(png|jpg|webp|gif)$/;
/** An image the shop ships (demo products, posts, the home page's picture). */
const SHIPPED = /^\/images\/([a-z0-9-]+(?:\/[a-z0-9-]+)*)\.(svg|png|jpg)$/;

/** The stored name of an upload's variant: `<hash>-<width>.<format>` or `<hash>-og.jpg`. */
export const variantName = (hash: string, width: number | 'og', format: VariantFormat) => `${hash}-${width}.${format}`;

/** The srcset of an uploaded image in one format, or undefined for any other address (it has no variants). */
export function uploadSrcSet(url: string, format: VariantFormat): string | undefined {
  const hash = UPLOAD.exec(url)?.[1];
  if (!hash) return undefined;
  return VARIANT_WIDTHS.map((width) => `/uploads/${variantName(hash, width, format)} ${width}w`).join(', ');
}

/**
 * The address of an image's link-preview picture (1200x630 JPEG), made from the image itself: uploads have one
 * stored beside them, shipped images one rendered by /og/. Undefined for an image elsewhere on the web: the shop
 * does not fetch other sites' pictures, so the preview uses the shop's own.
 */
export function socialImagePath(imageUrl: string | undefined): string | undefined {
  if (!imageUrl) return undefined;
  const upload = UPLOAD.exec(imageUrl);
  if (upload) return `/uploads/${variantName(upload[1]!, 'og', 'jpg')}`;
  const shipped = SHIPPED.exec(imageUrl);
  if (shipped) return `/og/images/${shipped[1]}.jpg`;
  return undefined;
}

/** The shop's own preview picture, for pages without an image of their own. */
export const DEFAULT_SOCIAL_IMAGE = '/og/images/hero.jpg';
