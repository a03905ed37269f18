import { Anchor, Stack, Text, Title, Typography } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IMAGE_SIZES } from '../../../server/domain/image-sizes';
import { Picture } from '../../components/Picture';
import { formatPostDate } from './post-date';
import type { PublishedPost } from './types';

/** A whole post. `contentHtml` was rendered from Markdown and sanitised on the server (D19). */
export function PostArticle({ post }: { post: PublishedPost }) {
  return (
    <Stack component="article" gap="lg">
      <Anchor component={Link} to="/blog" fw={600} c="walnut.8">
        ← Back to the blog
      </Anchor>
      <Picture
        src={post.imageUrl}
        sizes={IMAGE_SIZES.post}
        alt=""
        radius="md"
        width={1200}
        height={675}
        style={{ aspectRatio: '16 / 9' }}
      />
      <Stack gap={4}>
        <Title order={1}>{post.title}</Title>
        {/* The server's time zone may not be the reader's: the browser's own date wins without a warning. */}
        <Text c="gray.7" component="time" dateTime={post.publishedAt ?? undefined} suppressHydrationWarning>
          {formatPostDate(post.publishedAt)}
        </Text>
      </Stack>
      <Typography>
        <div data-testid="post-content" dangerouslySetInnerHTML={{ __html: post.contentHtml }} />
      </Typography>
    </Stack>
  );
}
