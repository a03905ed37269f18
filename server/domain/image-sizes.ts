// Apart from image-variants.ts: only pages that show such pictures load these strings.

/**
 * How wide each kind of picture is laid out (the `sizes` of its srcset), from the grids' columns at Mantine's
 * breakpoints (xs 36em, sm 48em, md 62em, lg 75em; containers at most 1320 px).
 */
export const IMAGE_SIZES = {
  /** The shop's grid: 2, then 3 (md), then 4 (lg) columns. */
  shopCard: '(min-width: 75em) 320px, (min-width: 62em) 33vw, 50vw',
  /** Home's featured grid: 1, then 2 (xs), then 3 (md) columns. */
  featuredCard: '(min-width: 75em) 430px, (min-width: 62em) 33vw, (min-width: 36em) 50vw, 100vw',
  /** A product's main picture: half the page from md. */
  productMain: '(min-width: 75em) 640px, (min-width: 62em) 50vw, 100vw',
  productThumbnail: '(min-width: 62em) 150px, 25vw',
  /** The blog's grid: 1, 2 (sm), 3 (md) columns. */
  postCard: '(min-width: 75em) 430px, (min-width: 62em) 33vw, (min-width: 48em) 50vw, 100vw',
  /** A post's own picture: the medium container (720 px). */
  post: '(min-width: 48em) 720px, 100vw',
} as const;
