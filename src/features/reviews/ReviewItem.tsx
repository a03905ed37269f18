import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { Picture } from '../../components/Picture';
import { reviewDate } from './review-text';
import { Stars } from './Stars';
import type { Review } from './types';
import classes from './ReviewItem.module.css';

/**
 * One review as a reader sees it: stars, title, who and when (and the variant bought), the text, the photo and the
 * workshop's reply. `status`: a line about where it stands, for its author's own page; `level`: its title's heading
 * level (3 under the product page's 'Customer Reviews', 2 alone under its author's page title).
 */
export function ReviewItem({
  review,
  ref,
  status,
  level = 3,
}: {
  review: Review;
  ref?: Ref<HTMLElement>;
  status?: ReactNode;
  level?: 2 | 3;
}) {
  return (
    <article ref={ref} tabIndex={-1} className={classes.review} aria-labelledby={`review-${review.id}`}>
      <Stack gap={6}>
        {status}
        <Stars rating={review.rating} label={`Rated ${review.rating} out of 5`} />
        <Title order={level} fz="md" id={`review-${review.id}`}>
          {review.title}
        </Title>
        <Text size="sm" c="gray.7">
          {review.authorName} · <time dateTime={review.createdAt}>{reviewDate(review.createdAt)}</time>
          {review.variant && <> · {review.variant}</>}
        </Text>
        <Text className={classes.body}>{review.body}</Text>
        {review.photoUrl && (
          <a href={review.photoUrl} className={classes.photo}>
            <Picture
              src={review.photoUrl}
              sizes="160px"
              alt={`Photo from ${review.authorName}: ${review.title}`}
              width={160}
              height={160}
              w={160}
              h={160}
              fit="cover"
              radius="sm"
              loading="lazy"
            />
          </a>
        )}
        {review.reply && (
          <Paper bg="walnut.0" p="sm" radius="sm" className={classes.reply}>
            <Text size="sm" fw={700}>
              Reply from Turnery
            </Text>
            <Text size="sm" className={classes.body}>
              {review.reply}
            </Text>
          </Paper>
        )}
      </Stack>
    </article>
  );
}
