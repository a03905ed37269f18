import { Alert, Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useDeferredValue } from 'react';
import { BlogCard } from '../features/blog/BlogCard';
import { BlogCardSkeleton } from '../features/blog/BlogCardSkeleton';
import { usePageMeta } from '../lib/page-meta';
import { trpc } from '../lib/trpc';

const SKELETONS = 6; // docs/product.md section 9

// Below the posts: its form code loads after the page has shown (as on Home).
const NewsletterSignup = lazy(() => import('../features/newsletter/NewsletterSignup').then((m) => ({ default: m.NewsletterSignup })));

export default function BlogPage() {
  usePageMeta('From the Workshop', 'Stories, tips and news from the Turnery woodturning workshop.');
  const posts = trpc.blog.list.useQuery();
  // Rendered in a background render that yields to the browser, not in one long task when the data arrives.
  const shown = useDeferredValue(posts.data);
  return (
    <Container size="xl" py="xl">
      <Stack gap="xs" mb="xl" ta="center" align="center">
        <Title order={1}>From the Workshop</Title>
        <Text c="gray.7" maw={620}>
          Stories from the lathe: the woods we turn, how pieces come to be, and how to care for them.
        </Text>
      </Stack>
      {posts.isError ? (
        <Alert color="red" title="Could not load the blog">
          Please reload the page in a moment.
        </Alert>
      ) : shown?.length === 0 ? (
        <Stack align="center" ta="center" py={48} gap="xs">
          <Title order={2}>Coming Soon</Title>
          <Text c="gray.7">We're writing our first stories from the workshop. Please check back soon!</Text>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" aria-busy={shown === undefined}>
          {shown === undefined
            ? Array.from({ length: SKELETONS }, (_, index) => <BlogCardSkeleton key={index} />)
            : shown.map((post, index) => <BlogCard key={post.id} post={post} eager={index < 3} />)}
        </SimpleGrid>
      )}
      {/* Readers of the blog are the people most likely to want the next story by email. The minimum height is
          about the form's, so the footer does not jump when it arrives. */}
      <Box mt={64} mih={250}>
        <Suspense fallback={null}>
          <NewsletterSignup />
        </Suspense>
      </Box>
    </Container>
  );
}
