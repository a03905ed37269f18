import { SimpleGrid, Stack, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { IMAGE_SIZES } from '../../../server/domain/image-sizes';
import { Picture } from '../../components/Picture';

/** The main image, with a 4-column thumbnail gallery when there is more than one image. */
export function ProductGallery({ name, images }: { name: string; images: string[] }) {
  const [selected, setSelected] = useState(0);
  const current = images[selected] ?? images[0];
  return (
    <Stack gap="sm">
      <Picture
        src={current ?? ''}
        sizes={IMAGE_SIZES.productMain}
        alt={images.length > 1 ? `${name}, image ${selected + 1} of ${images.length}` : name}
        width={800}
        height={800}
        radius="md"
        style={{ aspectRatio: '1 / 1' }}
        fetchPriority="high"
        data-testid="product-main-image"
      />
      {images.length > 1 && (
        <SimpleGrid cols={4} spacing="sm" role="group" aria-label="Product images">
          {images.map((image, index) => (
            <UnstyledButton
              key={image}
              onClick={() => setSelected(index)}
              aria-label={`Show image ${index + 1} of ${images.length}`}
              aria-pressed={index === selected}
              style={{
                borderRadius: 8,
                outline: index === selected ? '3px solid var(--mantine-color-walnut-7)' : '1px solid var(--mantine-color-walnut-1)',
                outlineOffset: index === selected ? 0 : -1,
                overflow: 'hidden',
              }}
            >
              <Picture
                src={image}
                sizes={IMAGE_SIZES.productThumbnail}
                alt=""
                width={200}
                height={200}
                loading="lazy"
                style={{ aspectRatio: '1 / 1' }}
              />
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** The main image first, then the gallery, each once. */
export function productImages(product: { imageUrl: string; galleryImages: string[] }): string[] {
  return [...new Set([product.imageUrl, ...product.galleryImages].filter((url) => url.trim() !== ''))];
}
