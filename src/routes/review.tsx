import { Alert, Badge, Button, Container, Group, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { REVIEW_STATUS_LABELS } from '../features/reviews/review-text';
import { ReviewForm } from '../features/reviews/ReviewForm';
import { ReviewItem } from '../features/reviews/ReviewItem';
import type { ReviewRequest } from '../features/reviews/types';
import { usePageMeta } from '../lib/page-meta';
import { errorReason } from '../lib/trpc-errors';
import { trpc } from '../lib/trpc';

const reviewRoute = getRouteApi('/review/$token');

const STATUS_COLORS = { pending: 'walnut.7', approved: 'sage.8', hidden: 'gray.7' } as const;

/** The review link of a delivered order's email (D37): the piece bought, and the buyer's review of it. */
export default function ReviewPage() {
  usePageMeta('Review Your Piece', 'Tell other buyers about your piece from Turnery.');
  const { token } = reviewRoute.useParams();
  const request = trpc.reviews.request.useQuery({ token }, { retry: false });
  const [sent, setSent] = useState(false);

  if (request.isPending) {
    return (
      <Container size="sm" py={64}>
        <Stack align="center" gap="sm" role="status">
          <Loader />
          <Text>Loading your review link...</Text>
        </Stack>
      </Container>
    );
  }
  if (!request.data) {
    const invalid = errorReason(request.error) === 'REVIEW_LINK_INVALID';
    return (
      <Container size="sm" py={64}>
        <Stack align="center" gap="md" ta="center">
          <Title order={1}>{invalid ? 'Review Link Not Valid' : 'Review'}</Title>
          <Text>
            {invalid
              ? 'This review link is not valid, or it has expired. Please use the link from the email we sent when your order arrived, or write to us.'
              : 'Your review link could not be opened just now. Please reload the page in a moment.'}
          </Text>
          <Group justify="center">
            <Button component={Link} to="/shop">
              Visit the Shop
            </Button>
            <Button component={Link} to="/contact" variant="outline">
              Contact Us
            </Button>
          </Group>
        </Stack>
      </Container>
    );
  }
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{request.data.review ? 'Your Review' : 'Review Your Piece'}</Title>
        <Bought request={request.data} />
        {request.data.review ? (
          <Written review={request.data.review} sent={sent} />
        ) : (
          <ReviewForm
            token={token}
            customerName={request.data.customerName}
            onSent={() => {
              setSent(true);
              void request.refetch();
            }}
            onStale={() => void request.refetch()}
          />
        )}
      </Stack>
    </Container>
  );
}

/** The piece the link is for: its picture, name and variant, and the order it came in. */
function Bought({ request }: { request: ReviewRequest }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="md" wrap="nowrap" align="center">
        {request.product.image && <Image src={request.product.image} alt="" w={80} h={80} radius="sm" fit="cover" />}
        <div>
          <Text fw={700}>{request.product.name}</Text>
          {request.variant && <Text size="sm">{request.variant}</Text>}
          <Text size="sm" c="gray.7">
            Order {request.orderNumber}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

/** The review written with this link, with where it stands; just after sending, the thanks first. */
function Written({ review, sent }: { review: NonNullable<ReviewRequest['review']>; sent: boolean }) {
  const thanks = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sent) thanks.current?.focus();
  }, [sent]);
  return (
    <Stack gap="md">
      {sent && (
        <Alert ref={thanks} tabIndex={-1} color="sage" title="Thank you!" role="status">
          Your review will appear once the shop has read it.
        </Alert>
      )}
      <ReviewItem
        review={review}
        level={2}
        status={
          <Badge color={STATUS_COLORS[review.status]} w="fit-content" tt="none" size="lg">
            {REVIEW_STATUS_LABELS[review.status]}
          </Badge>
        }
      />
      <Group>
        <Button variant="light" renderRoot={(props) => <Link to="/product/$id" params={{ id: String(review.productId) }} {...props} />}>
          See the piece in the shop
        </Button>
      </Group>
    </Stack>
  );
}
