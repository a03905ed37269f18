import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { REVIEWS_PAGE_SIZE } from './first-page';
import { reviewCount } from './review-text';
import { ReviewItem } from './ReviewItem';
import { Stars } from './Stars';
import classes from './ProductReviews.module.css';

/**
 * The product page's reviews section (D37): the summary, then the approved reviews newest first, five at a time. The
 * server renders the first five into the page's HTML; 'More reviews' asks for the next five and puts the keyboard on
 * the first of them. Loaded as a chunk of its own, so the product page's first JavaScript stays small.
 */
export function ProductReviews({ productId }: { productId: number }) {
  const [pages, setPages] = useState(1);
  const first = trpc.reviews.forProduct.useQuery({ productId, page: 1, pageSize: REVIEWS_PAGE_SIZE });
  const last = trpc.reviews.forProduct.useQuery({ productId, page: pages, pageSize: REVIEWS_PAGE_SIZE });
  const count = first.data?.count ?? 0;
  if (!first.data) return null;
  return (
    <Stack component="section" id="reviews" aria-labelledby="reviews-title" gap="md" className={classes.section}>
      <Title order={2} id="reviews-title" fz="h3">
        Customer Reviews
      </Title>
      {count === 0 ? (
        <Text c="gray.7">No one has reviewed this piece yet. Buyers are asked for a review once their order has arrived.</Text>
      ) : (
        <>
          <Group gap="sm">
            <Text fz={32} fw={700} lh={1}>
              {first.data.average}
            </Text>
            <Stack gap={2}>
              <Stars rating={Number(first.data.average)} size={20} label={`Rated ${first.data.average} out of 5`} />
              <Text size="sm" c="gray.7">
                Based on {reviewCount(count)}
              </Text>
            </Stack>
          </Group>
          <ol className={classes.list}>
            {Array.from({ length: pages }, (_, index) => (
              <ReviewPage key={index} productId={productId} page={index + 1} focusFirst={index > 0} />
            ))}
          </ol>
          {pages * REVIEWS_PAGE_SIZE < count && (
            <Group>
              <Button variant="default" loading={last.isPending} onClick={() => setPages((current) => current + 1)}>
                More reviews
              </Button>
            </Group>
          )}
          {last.isError && (
            <Text c="red.8" role="alert">
              More reviews could not be loaded. Please try again.
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}

/** One page of five; a page after the first takes the keyboard to its first review when it arrives. */
function ReviewPage({ productId, page, focusFirst }: { productId: number; page: number; focusFirst: boolean }) {
  const query = trpc.reviews.forProduct.useQuery({ productId, page, pageSize: REVIEWS_PAGE_SIZE });
  const firstReview = useRef<HTMLElement>(null);
  const arrived = query.data !== undefined;
  useEffect(() => {
    if (focusFirst && arrived) firstReview.current?.focus();
  }, [focusFirst, arrived]);
  return query.data?.reviews.map((review, index) => (
    <li key={review.id}>
      <ReviewItem review={review} ref={index === 0 ? firstReview : undefined} />
    </li>
  ));
}
