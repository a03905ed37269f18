import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import { reviewCount } from './review-text';
import { Stars } from './Stars';

/**
 * Under the product's name: its real average as stars, linking to the reviews below ('Rated 4.7 out of 5, 3 reviews'
 * to a screen reader), or 'No reviews yet' (D37). Nothing while the reviews are loading.
 */
export function RatingSummary({ summary }: { summary: { average: string | null; count: number } | undefined }) {
  if (!summary) return null;
  if (summary.average === null || summary.count === 0) {
    return (
      <Text size="sm" c="gray.7">
        No reviews yet
      </Text>
    );
  }
  return (
    <Anchor href="#reviews" size="sm" c="gray.8" style={{ display: 'inline-flex', alignItems: 'center', gap: 8, width: 'fit-content' }}>
      <Stars rating={Number(summary.average)} />
      {/* Read as one phrase; the eye sees '4.7  3 reviews'. */}
      <span>
        <VisuallyHidden component="span">Rated </VisuallyHidden>
        <Text span fw={700} size="sm">
          {summary.average}
        </Text>
        <VisuallyHidden component="span"> out of 5,</VisuallyHidden> {reviewCount(summary.count)}
      </span>
    </Anchor>
  );
}
