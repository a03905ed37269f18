import { Anchor, Card, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IMAGE_SIZES } from '../../../server/domain/image-sizes';
import { Picture } from '../../components/Picture';
import { formatPostDate } from './post-date';
import type { BlogPostSummary } from './types';

/** A post in the blog list: image, date, title, excerpt and a 'Read More →' link to /blog/{id}. */
export function BlogCard({ post, eager = false }: { post: BlogPostSummary; eager?: boolean }) {
  const params = { post: String(post.id) };
  return (
    <Card component="article" withBorder padding="lg" radius="md" h="100%">
      <Card.Section>
        {/* The title below names the post; the picture is decoration for screen readers. */}
        <Link to="/blog/$post" params={params} tabIndex={-1} aria-hidden>
          <Picture
            src={post.imageUrl}
            sizes={IMAGE_SIZES.postCard}
            alt=""
            width={1200}
            height={675}
            loading={eager ? 'eager' : 'lazy'}
            style={{ aspectRatio: '16 / 9' }}
          />
        </Link>
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Text size="sm" c="gray.7" component="time" dateTime={post.publishedAt ?? undefined} suppressHydrationWarning>
          {formatPostDate(post.publishedAt)}
        </Text>
        <Title order={2} fz="h3">
          {post.title}
        </Title>
        <Text c="dark.5" style={{ flex: 1 }}>
          {post.excerpt}
        </Text>
        <Anchor renderRoot={(props) => <Link {...props} to="/blog/$post" params={params} />} fw={600} c="walnut.8">
          Read More<VisuallyHidden> about {post.title}</VisuallyHidden> →
        </Anchor>
      </Stack>
    </Card>
  );
}
