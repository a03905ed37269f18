import { Alert, Container, Skeleton, Stack, Text, Title, Typography } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { SITE_PAGES, sitePageSlugOf } from '../../server/domain/site-pages';
import { formatPostDate } from '../features/blog/post-date';
import { usePageMeta } from '../lib/page-meta';
import { trpc } from '../lib/trpc';
import classes from './site-page.module.css';
import { errorCode } from '../lib/trpc-errors';

// The owner's pages (/privacy, /terms, /returns, /shipping, /accessibility): one file for the five, each found by
// its address. The text was written in Markdown by the owner and rendered and sanitised on the server (D19).
export default function SitePage() {
  // Only the five pages' addresses lead here (server/domain/pages.ts).
  const slug = useLocation({ select: (location) => sitePageSlugOf(location.pathname) }) ?? 'privacy';
  const page = trpc.pages.bySlug.useQuery({ slug });
  const notFound = page.isError && errorCode(page.error) === 'NOT_FOUND';
  const title = page.data?.title ?? SITE_PAGES.find((known) => known.slug === slug)!.label;
  usePageMeta(title, `${title}: Turnery, a small woodturning workshop in Georgia.`, { notFound });

  return (
    <Container size="md" py="xl">
      {page.data ? (
        <Stack component="article" gap="lg">
          <Stack gap={4}>
            <Title order={1}>{page.data.title}</Title>
            {/* The server's time zone may not be the reader's: the browser's own date wins without a warning. */}
            <Text c="gray.7">
              Last updated{' '}
              <time dateTime={page.data.updatedAt} suppressHydrationWarning>
                {formatPostDate(page.data.updatedAt)}
              </time>
            </Text>
          </Stack>
          <Typography>
            <div data-testid="site-page-content" className={classes.content} dangerouslySetInnerHTML={{ __html: page.data.html }} />
          </Typography>
        </Stack>
      ) : page.isError ? (
        <Alert color="red" title={notFound ? 'Page not found' : 'Could not load this page'}>
          {notFound ? 'This page does not exist.' : 'Please reload the page in a moment.'}
        </Alert>
      ) : (
        <Stack gap="lg" aria-busy>
          <Skeleton height={36} width="60%" />
          <Skeleton height={14} width="30%" />
          <Skeleton height={14} />
          <Skeleton height={14} />
          <Skeleton height={14} width="70%" />
        </Stack>
      )}
    </Container>
  );
}
