import { Button, Card, Container, Image, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { usePageMeta } from '../lib/page-meta';

const VALUES = [
  {
    title: 'Quality Craftsmanship',
    text: 'Every piece is turned, sanded and finished by hand, and checked twice before it leaves the workshop.',
    icon: '✦',
  },
  {
    title: 'Sustainable Materials',
    text: 'We turn local hardwoods from storm-fallen and responsibly harvested trees, and waste as little as the lathe allows.',
    icon: '❦',
  },
  {
    title: 'Made with Love',
    text: 'We make things we would want in our own homes, for people who will use them every day for years.',
    icon: '♥',
  },
];

const PHOTOS = [
  { src: '/images/about/workshop.svg', alt: 'The workshop bench with chisels and rough-turned bowl blanks' },
  { src: '/images/about/lathe.svg', alt: 'A bowl spinning on the lathe as a gouge shapes its rim' },
  { src: '/images/about/finishing.svg', alt: 'Oil being rubbed into a finished bowl' },
];

export default function AboutPage() {
  usePageMeta('Our Story', 'Meet the makers behind Turnery: a small Georgia woodturning workshop shaping local hardwoods by hand.');
  return (
    <Container size="lg" py="xl">
      <Stack gap={56}>
        <Stack gap="md" component="section" maw={760}>
          <Title order={1}>Our Story</Title>
          <Text fz="lg">
            Turnery began with a secondhand lathe in a Georgia garage and a pile of cherry logs a neighbor was about to split for firewood.
            The first bowls were lopsided; the tenth was a gift; the hundredth went to a stranger who had seen it at a craft fair and would
            not leave without it.
          </Text>
          <Text>
            Today we are still a small workshop. We choose each board and blank ourselves, turn them slowly, and finish them with food-safe
            oils and waxes. Yarn bowls for knitters, cutting boards for cooks, swirlettes for anyone who likes to watch something spin:
            every piece carries the grain of the tree it came from, so no two are the same.
          </Text>
        </Stack>

        <Stack gap="lg" component="section" aria-labelledby="values-title">
          <Title order={2} id="values-title">
            What We Care About
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {VALUES.map((value) => (
              <Card key={value.title} withBorder radius="md" padding="lg">
                <Stack gap="sm">
                  <ThemeIcon size={44} radius="xl" color="walnut.7" aria-hidden>
                    <Text fz={22} c="white" component="span">
                      {value.icon}
                    </Text>
                  </ThemeIcon>
                  <Title order={3} fz="h4">
                    {value.title}
                  </Title>
                  <Text>{value.text}</Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>

        <Stack gap="lg" component="section" aria-labelledby="behind-title">
          <Title order={2} id="behind-title">
            Behind the Scenes
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {PHOTOS.map((photo) => (
              <Image
                key={photo.src}
                src={photo.src}
                alt={photo.alt}
                width={600}
                height={450}
                loading="lazy"
                radius="md"
                style={{ aspectRatio: '4 / 3' }}
                bg="walnut.1"
              />
            ))}
          </SimpleGrid>
        </Stack>

        <Card component="section" aria-labelledby="commission-title" withBorder radius="md" padding="xl">
          <Stack gap="sm" align="flex-start">
            <Title order={2} id="commission-title">
              Made to Order
            </Title>
            <Text>
              Some of our favorite pieces began as someone else&apos;s idea: a bowl from a family tree, a set of coasters for a wedding, a
              finial to replace one that broke. Tell us what you have in mind and we will send you a quote.
            </Text>
            <Button component={Link} to="/commission">
              Commission a piece
            </Button>
          </Stack>
        </Card>

        <Card component="section" aria-labelledby="promise-title" radius="md" padding="xl" bg="walnut.0">
          <Stack gap="sm">
            <Title order={2} id="promise-title">
              Our Promise to You
            </Title>
            <Text>If a piece is not right for you, we will make it right.</Text>
            <List spacing="xs">
              <List.Item>A 30-day satisfaction guarantee on everything we make.</List.Item>
              <List.Item>Not the right fit? Exchange it for an item of equal value.</List.Item>
            </List>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
