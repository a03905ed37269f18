import { Avatar, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FiveStars } from '../../components/FiveStars';
import { TESTIMONIALS } from './testimonials';

export function Testimonials() {
  return (
    <Stack component="section" aria-labelledby="testimonials-title" gap="lg">
      <Title order={2} id="testimonials-title" ta="center">
        What Our Customers Say
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {TESTIMONIALS.map((testimonial) => (
          <Card key={testimonial.name} withBorder radius="md" padding="lg" component="figure" m={0}>
            <Stack gap="md" h="100%" justify="space-between">
              <Stack gap="sm">
                <FiveStars />
                <Text component="blockquote" m={0} fs="italic">
                  “{testimonial.text}”
                </Text>
              </Stack>
              <Group component="figcaption" gap="sm" wrap="nowrap">
                <Avatar color="walnut.8" variant="filled" radius="xl" aria-hidden>
                  {testimonial.initials}
                </Avatar>
                <div>
                  <Text fw={600}>{testimonial.name}</Text>
                  <Text size="sm" c="gray.7">
                    {testimonial.label}
                  </Text>
                </div>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
