import { Alert, Button, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { PostArticle } from '../features/blog/PostArticle';
import { usePageMeta } from '../lib/page-meta';
import { useOrigin } from '../lib/origin';
import { postStructuredData } from '../lib/structured-data';
import { trpc } from '../lib/trpc';
import { errorCode } from '../lib/trpc-errors';

// A post's own page at /blog/{id} or /blog/{slug} (D19). Drafts are 'Post not found', as unknown posts are.
export default function BlogPostPage() {
  const { post: idOrSlug } = useParams({ from: '/blog/$post' });
  const post = trpc.blog.byIdOrSlug.useQuery({ id: idOrSlug });
  const notFound = post.isError && errorCode(post.error) === 'NOT_FOUND';
  const origin = useOrigin();
  usePageMeta(
    post.data?.title ?? (notFound ? 'Post not found' : 'From the Workshop'),
    post.data?.excerpt ?? 'A story from the Turnery workshop.',
    {
      image: post.data?.imageUrl,
      type: post.data ? 'article' : 'website',
      notFound,
      canonicalPath: post.data ? `/blog/${post.data.slug}` : undefined,
      structuredData: import.meta.env.SSR && post.data ? postStructuredData(post.data, origin) : undefined,
    },
  );

  return (
    <Container size="md" py="xl">
      {post.data ? (
        <PostArticle post={post.data} />
      ) : notFound ? (
        <Stack align="center" ta="center" py={48}>
          <Title order={1}>Post not found</Title>
          <Text c="gray.7">This post doesn't exist, or it isn't published yet.</Text>
          <Button component={Link} to="/blog">
            Back to the blog
          </Button>
        </Stack>
      ) : post.isError ? (
        <Alert color="red" title="Could not load this post">
          Please reload the page in a moment.
        </Alert>
      ) : (
        <Stack gap="lg" aria-busy data-testid="post-skeleton">
          <Skeleton style={{ aspectRatio: '16 / 9' }} />
          <Skeleton height={36} width="70%" />
          <Skeleton height={14} width="30%" />
          <Skeleton height={14} />
          <Skeleton height={14} />
          <Skeleton height={14} width="60%" />
        </Stack>
      )}
    </Container>
  );
}
