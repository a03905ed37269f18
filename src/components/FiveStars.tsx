import { Group } from '@mantine/core';

function Star({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="#c98b46" d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
    </svg>
  );
}

/** A fixed five-star rating (the shop has no reviews of its own); read out as one phrase. */
export function FiveStars({ size = 18 }: { size?: number }) {
  return (
    <Group gap={2} role="img" aria-label="Rated 5 out of 5 stars" wrap="nowrap">
      {Array.from({ length: 5 }, (_, index) => (
        <Star key={index} size={size} />
      ))}
    </Group>
  );
}
