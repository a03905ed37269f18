import { Alert, Badge, Button, Group, Modal, Pagination, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { formatDateTime } from '../format';
import type { AdminEmail as Email } from '../types';

type StateFilter = 'all' | Email['state'];

const PAGE_SIZE = 20;
const STATE_BADGES: Record<'sent' | 'waiting' | 'failed', { label: string; color: string }> = {
  sent: { label: 'Sent', color: 'sage.7' },
  waiting: { label: 'Waiting', color: 'walnut.7' },
  failed: { label: 'Failed', color: 'red.8' },
};

function EmailCard({ email, onPreview }: { email: Email; onPreview: (email: Email) => void }) {
  const utils = trpc.useUtils();
  const retry = trpc.admin.emails.retry.useMutation();
  const badge = STATE_BADGES[email.state];

  async function sendAgain() {
    try {
      await retry.mutateAsync({ id: email.id });
      notifications.show({ title: 'Queued', message: `The email to ${email.to} will be sent again.`, color: 'sage.7' });
      await utils.admin.emails.list.invalidate();
    } catch (error) {
      notifications.show({ title: 'Error', message: error instanceof Error ? error.message : 'Failed to retry', color: 'red' });
    }
  }

  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Email: ${email.subject}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {email.subject}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            To {email.to}
            {email.replyTo ? ` · Reply-To ${email.replyTo}` : ''}
          </Text>
        </div>
        <Group gap="xs">
          <Badge color={badge.color}>{badge.label}</Badge>
          <Text size="sm" c="gray.7">
            {formatDateTime(email.createdAt)}
          </Text>
        </Group>
      </Group>
      <Text size="sm" c="gray.7" mt={4}>
        {email.kind}
        {email.attempts > 0 && ` · ${email.attempts === 1 ? '1 attempt' : `${email.attempts} attempts`}`}
        {email.sentAt ? ` · sent ${formatDateTime(email.sentAt)}` : ''}
      </Text>
      {email.lastError && email.state !== 'sent' && (
        <Text size="sm" c="red.9" mt={4} style={{ overflowWrap: 'anywhere' }}>
          Last error: {email.lastError}
        </Text>
      )}
      <Group justify="flex-end" mt="sm" gap="xs">
        <Button size="xs" variant="default" onClick={() => onPreview(email)}>
          Preview
        </Button>
        {(email.state === 'failed' || email.lastError) && email.state !== 'sent' && (
          <Button size="xs" variant="light" onClick={() => void sendAgain()} loading={retry.isPending}>
            Retry
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** The shop's email, for the owner: what went out, what is waiting or failed and why, with Retry. */
export function EmailsTab() {
  const [state, setState] = useState<StateFilter>('all');
  const [page, setPage] = useState(1);
  const [preview, setPreview] = useState<Email | null>(null);
  const emails = trpc.admin.emails.list.useQuery({ page, pageSize: PAGE_SIZE, ...(state === 'all' ? {} : { state }) });
  const pages = Math.max(1, Math.ceil((emails.data?.total ?? 0) / PAGE_SIZE));

  return (
    <>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} fz="h2">
          Emails
        </Title>
        <SegmentedControl
          aria-label="Show emails"
          value={state}
          onChange={(value) => {
            setState(value);
            setPage(1);
          }}
          data={[
            { value: 'all', label: 'All' },
            { value: 'waiting', label: 'Waiting' },
            { value: 'sent', label: 'Sent' },
            { value: 'failed', label: 'Failed' },
          ]}
        />
      </Group>
      {emails.data?.mailServer === false && (
        // Why every email says Waiting: without SMTP_URL the shop keeps them here (server/modules/mail).
        <Alert color="walnut" title="Emails are not being sent" mb="md">
          No mail server is set (SMTP_URL): emails are kept here and not sent to customers or to you.
        </Alert>
      )}
      {emails.isError && <Alert color="red">The emails could not be loaded. Please reload the page.</Alert>}
      {emails.isPending && <Skeleton height={160} />}
      {emails.data?.total === 0 && (
        <Text c="gray.7" ta="center" py="xl">
          No emails here.
        </Text>
      )}
      <Stack>
        {emails.data?.emails.map((email) => (
          <EmailCard key={email.id} email={email} onPreview={setPreview} />
        ))}
      </Stack>
      {pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination total={pages} value={page} onChange={setPage} getControlProps={(control) => ({ 'aria-label': `${control} page` })} />
        </Group>
      )}
      <Modal
        opened={preview !== null}
        onClose={() => setPreview(null)}
        title={preview?.subject}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close preview' }}
      >
        {preview && (
          <Stack gap="xs">
            <Text size="sm">To {preview.to}</Text>
            {preview.html ? (
              // The email as its reader sees it, in a sandboxed frame of an origin of its own (no access to this page or
              // its cookies); the Content-Security-Policy the frame inherits lets no inline script run.
              <iframe
                title={`Preview of ${preview.subject}`}
                sandbox="allow-scripts"
                srcDoc={preview.html}
                style={{ width: '100%', height: 480, border: 0 }}
              />
            ) : (
              <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit' }}>
                {preview.text}
              </Text>
            )}
          </Stack>
        )}
      </Modal>
    </>
  );
}
