import { Card, Container, Stack, Text, Title } from '@mantine/core';
import { ContactDetails } from '../features/contact/ContactDetails';
import { ContactForm } from '../features/contact/ContactForm';
import { usePageMeta } from '../lib/page-meta';
import { useStoreStructuredData } from '../lib/structured-data';
import classes from './contact.module.css';

export default function ContactPage() {
  usePageMeta('Get in Touch', 'Write to the makers of Turnery about an order, a custom piece, shipping or wholesale.', {
    structuredData: useStoreStructuredData(),
  });
  return (
    <Container size="xl" py="xl">
      <Stack gap="xs" mb="xl" ta="center" align="center">
        <Title order={1}>Get in Touch</Title>
        <Text c="gray.7" maw={620}>
          A question about a piece, an idea for a custom order, or just a hello: we read every message.
        </Text>
      </Stack>
      <div className={classes.columns}>
        <Card withBorder radius="md" padding="lg">
          <Title order={2} fz="h3" mb="md">
            Send us a message
          </Title>
          <ContactForm />
        </Card>
        <ContactDetails />
      </div>
    </Container>
  );
}
