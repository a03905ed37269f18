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
