import { Image, type ImageProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import { uploadSrcSet } from '../../server/domain/image-variants';

type PictureProps = Omit<ImageProps, 'src'> &
  Omit<ComponentPropsWithoutRef<'img'>, keyof ImageProps | 'src' | 'srcSet' | 'sizes'> & { src: string; sizes: string };

/**
 * An image, and for an uploaded one its resized copies: AVIF, then WebP, then JPEG, each at every width, so a
 * phone downloads a phone-sized picture in the smallest format it can show. `sizes` says how wide the image is
 * laid out. Shipped drawings (SVG) are sharp at any size and have no copies.
 */
export function Picture({ src, sizes, ...image }: PictureProps) {
  const jpeg = uploadSrcSet(src, 'jpg');
  if (!jpeg) return <Image src={src} {...image} />;
  return (
    // display: contents: the <picture> adds no box, so the image lays out as it would alone.
    <picture style={{ display: 'contents' }}>
      <source type="image/avif" srcSet={uploadSrcSet(src, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={uploadSrcSet(src, 'webp')} sizes={sizes} />
      <Image src={src} srcSet={jpeg} sizes={sizes} {...image} />
    </picture>
  );
}
