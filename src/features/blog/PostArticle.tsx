import { Anchor, Image, Stack, Text, Title, Typography } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useOrigin } from '../../lib/origin';
import { formatPostDate } from './post-date';
import type { PublishedPost } from './types';

/** A whole post. `contentHtml` was rendered from Markdown and sanitised on the server (D19). */
export function PostArticle({ post }: { post: PublishedPost }) {
  const origin = useOrigin();
  return (
    <Stack component="article" gap="lg">
      <Anchor component={Link} to="/blog" fw={600} c="walnut.8">
        ← Back to the blog
      </Anchor>
      <Image src={post.imageUrl} alt="" radius="md" width={1200} height={675} style={{ aspectRatio: '16 / 9' }} />
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
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: structuredData(post, origin) }} />
    </Stack>
  );
}

/** schema.org data for search engines (D20). '<' is escaped so no text can close the script element. */
function structuredData(post: PublishedPost, origin: string): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt,
    image: new URL(post.imageUrl, origin).toString(),
    datePublished: post.publishedAt ?? post.createdAt,
    url: new URL(`/blog/${post.slug}`, origin).toString(),
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
