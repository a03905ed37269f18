import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { AddToCartButton } from '../features/cart/AddToCartButton';
import { FeaturedCrafts } from '../features/catalog/FeaturedCrafts';
import { Testimonials } from '../features/home/Testimonials';
import { usePageMeta } from '../lib/page-meta';
import { useStoreStructuredData } from '../lib/structured-data';
import classes from './home.module.css';

// Below the fold: its form code loads after the page has shown.
const NewsletterSignup = lazy(() => import('../features/newsletter/NewsletterSignup').then((m) => ({ default: m.NewsletterSignup })));

export default function HomePage() {
  usePageMeta('Turnery', 'Hand-turned yarn bowls, cutting boards, swirlettes and accessories from a small Georgia woodturning workshop.', {
    structuredData: useStoreStructuredData(),
  });
  return (
    <>
      <Box className={classes.hero}>
        <img src="/images/hero.svg" alt="" className={classes.heroImage} width={1600} height={900} fetchPriority="high" />
        <Container size="xl" className={classes.heroContent}>
          <Stack gap="lg" maw={560}>
            <Title order={1} c="white" fz={{ base: 36, sm: 52 }}>
              Handcrafted wood, turned with care
            </Title>
            <Text c="walnut.0" fz="lg">
              Yarn bowls, cutting boards, swirlettes and small treasures, each one shaped by hand on our lathe in Georgia.
            </Text>
            <Group>
              <Button component={Link} to="/shop" size="lg">
                Explore Our Crafts
              </Button>
              <Button component={Link} to="/about" size="lg" variant="white" color="walnut.9">
                Our Story
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>
      <Container size="xl" py={64}>
        <FeaturedCrafts renderAction={(product) => <AddToCartButton product={product} fullWidth />} />
      </Container>
      {/* Made-to-order work, in sight from the first page (issue 45). */}
      <Container size="xl" pb={64}>
        <section aria-labelledby="custom-orders-title" className={classes.customOrders}>
          <Stack gap="xs" maw={640}>
            <Title order={2} id="custom-orders-title">
              Custom Orders
            </Title>
            <Text c="gray.8">
              A bowl from the walnut in your yard, a set of boards for a wedding, a lid to match the one that broke: tell us what you have
              in mind and we will send you a quote. Custom orders typically take 2-4 weeks.
            </Text>
          </Stack>
          <Button component={Link} to="/commission" size="md" variant="outline">
            Request a custom piece
          </Button>
        </section>
      </Container>
      <Box bg="walnut.0" py={64}>
        <Container size="xl">
          <Testimonials />
        </Container>
      </Box>
      <Container size="xl" py={64} mih={260}>
        <Suspense fallback={null}>
          <NewsletterSignup />
        </Suspense>
      </Container>
    </>
  );
}
