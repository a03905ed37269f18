import { Alert, Button, Container, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { Link, getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense, useMemo } from 'react';
import { AddToCartButton } from '../features/cart/AddToCartButton';
import { parseProductId } from '../../server/domain/product-id';
import { ProductDetails } from '../features/catalog/ProductDetails';
import { ProductGallery, productImages } from '../features/catalog/ProductGallery';
import { useVariantChoice } from '../features/catalog/useVariantChoice';
import { asVariant } from '../features/catalog/variant-choice';
import { VariantPicker } from '../features/catalog/VariantPicker';
import { firstReviewsPage } from '../features/reviews/first-page';
import { usePageMeta } from '../lib/page-meta';
import { useOrigin } from '../lib/origin';
import { productStructuredData } from '../lib/product-structured-data';
import { trpc } from '../lib/trpc';

// Its own chunk: the server renders it into the HTML, and the browser takes it over after the page's first code.
const ProductReviews = lazy(() => import('../features/reviews/ProductReviews').then((module) => ({ default: module.ProductReviews })));

const productRoute = getRouteApi('/product/$id');
const DEFAULT_DESCRIPTION = 'A handcrafted piece from the Turnery workshop.';

export default function ProductPage() {
  const { id: idText } = productRoute.useParams();
  const id = parseProductId(idText);
  // Requested only when the id is present and well formed (docs/product.md section 7).
  const query = trpc.products.byId.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  const product = query.data;
  // D37: the real count and average, and the first reviews (the page's loader started this with the product).
  const reviews = trpc.reviews.forProduct.useQuery(firstReviewsPage(id ?? 0), { enabled: id !== null });
  // D38: a product with options shows the chosen variant's picture, price, stock and weight.
  const choice = useVariantChoice(product);
  const variant = choice?.variant;
  const mainImage = variant?.imageUrl ?? product?.imageUrl;
  const images = useMemo(
    () => (product && mainImage !== undefined ? productImages({ imageUrl: mainImage, galleryImages: product.galleryImages }) : []),
    [product, mainImage],
  );
  const notFound = id === null || query.error?.data?.code === 'NOT_FOUND';
  const origin = useOrigin();
  // D39: where the shop ships, for the search engines' data only, so read on the server alone (the loader started it).
  const zones = trpc.shipping.zones.useQuery(undefined, { enabled: import.meta.env.SSR });
  const structuredData =
    import.meta.env.SSR && product ? productStructuredData(product, images, origin, zones.data?.zones, variant, reviews.data) : undefined;

  usePageMeta(product?.name ?? (notFound ? 'Product not found' : 'Product'), product ? summary(product.description) : DEFAULT_DESCRIPTION, {
    image: mainImage,
    type: product ? 'product' : 'website',
    notFound,
    structuredData,
  });

  if (notFound) {
    return (
      <Container size="sm" py={80}>
        <Stack align="center" ta="center">
          <Title order={1}>Product not found</Title>
          <Button component={Link} to="/shop">
            Continue Shopping
          </Button>
        </Stack>
      </Container>
    );
  }
  if (query.isError) {
    return (
      <Container size="sm" py={80}>
        <Title order={1}>Product</Title>
        <Alert color="red" title="This product could not be loaded" mt="md">
          Please reload the page in a moment.
        </Alert>
      </Container>
    );
  }
  return (
    <Container size="xl" py="xl">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 'lg', md: 'xl' }}>
        <div>
          {/* Keyed by its main picture too: another variant's picture starts the gallery afresh. */}
          {product ? <ProductGallery key={`${product.id} ${mainImage}`} name={product.name} images={images} /> : <GallerySkeleton />}
        </div>
        <div>
          {product && choice ? (
            <ProductDetails
              product={product}
              rating={reviews.data}
              choice={{
                variant,
                picker: (
                  <VariantPicker
                    options={product.options ?? []}
                    variants={product.variants ?? []}
                    chosen={choice.values}
                    onChoose={choice.choose}
                  />
                ),
              }}
              action={
                variant ? (
                  <AddToCartButton product={asVariant(product, variant)} size="lg" />
                ) : (
                  <Button size="lg" disabled>
                    Unavailable
                  </Button>
                )
              }
            />
          ) : product ? (
            <ProductDetails product={product} rating={reviews.data} action={<AddToCartButton product={product} size="lg" />} />
          ) : (
            <DetailsSkeleton />
          )}
        </div>
      </SimpleGrid>
      {product && (
        <Suspense fallback={null}>
          <ProductReviews productId={product.id} />
        </Suspense>
      )}
    </Container>
  );
}

/** The description's first sentences, short enough for a search result. */
function summary(description: string): string {
  const flat = description.replace(/\s+/g, ' ').trim();
  return flat.length <= 160 ? flat : `${flat.slice(0, 157).replace(/\s+\S*$/, '')}...`;
}

function GallerySkeleton() {
  return (
    <Stack gap="sm" aria-hidden data-testid="product-skeleton">
      <Skeleton style={{ aspectRatio: '1 / 1' }} />
      <SimpleGrid cols={4} spacing="sm">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} style={{ aspectRatio: '1 / 1' }} data-testid="thumbnail-skeleton" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function DetailsSkeleton() {
  return (
    <Stack gap="md" aria-hidden>
      <Skeleton height={40} width="70%" />
      <Skeleton height={18} width="40%" />
      <Skeleton height={32} width="25%" />
      <Skeleton height={80} />
      <Skeleton height={42} width={160} />
    </Stack>
  );
}
