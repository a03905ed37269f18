import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { Requested } from './RequestForm';

/** After sending: where the link went, and the link itself, so the buyer can follow the piece from here too. */
export function RequestSent({ sent }: { sent: Requested }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: the keyboard and a screen reader start again at the news.
  useEffect(() => heading.current?.focus(), []);
  const path = `/commissions/${sent.token}`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sent-title">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="sent-title" ref={heading} tabIndex={-1}>
          Thank you, {sent.name}! Your request is with us.
        </Title>
        <Text>
          We have emailed a link to your commission&apos;s page to <strong>{sent.email}</strong>. Your quote will appear there, usually
          within two business days, and you can follow the piece from the first cut to the day it ships.
        </Text>
        <Text>
          Your page is also here:{' '}
          <Anchor
            c="walnut.8"
            underline="always"
            style={{ wordBreak: 'break-all' }}
            renderRoot={(props) => <Link to="/commissions/$token" params={{ token: sent.token }} {...props} />}
          >
            {`${typeof window === 'undefined' ? '' : window.location.origin}${path}`}
          </Anchor>
        </Text>
        <div>
          <Button renderRoot={(props) => <Link to="/commissions/$token" params={{ token: sent.token }} {...props} />}>
            Open my commission
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
