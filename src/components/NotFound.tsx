import { Button, Code, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { usePageMeta } from '../lib/page-meta';

export function NotFound() {
  const location = useLocation();
  usePageMeta('404 Page Not Found', 'This page does not exist.', { notFound: true });
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center">
        <Title order={1}>404 Page Not Found</Title>
        <Text c="dimmed">
          No route matches <Code>{location.pathname}</Code>. Did you forget to add the page to the router?
        </Text>
        <Button component={Link} to="/">
          Return to Home
        </Button>
      </Stack>
    </Container>
  );
}
