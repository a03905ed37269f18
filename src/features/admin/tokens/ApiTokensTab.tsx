import { Alert, Badge, Button, Code, Group, Paper, Radio, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import type { ApiTokenScope } from '../../../../server/domain/api-token-scopes';
import { trpc } from '../../../lib/trpc';
import { ConfirmDialog } from '../ConfirmDialog';
import { formatDate, formatDateTime } from '../format';
import type { AdminApiToken as ApiToken } from '../types';
import { NewTokenDialog } from './NewTokenDialog';

const SCOPE_LABELS: Record<ApiTokenScope, string> = { 'read-only': 'Read-only', 'read-write': 'Read and write' };

/** 'YYYY-MM-DD' of today in the browser's time zone: the earliest expiry the date field offers. */
function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** `now`: when the list was read, so a render is pure. */
function TokenCard({ token, now, onRevoke }: { token: ApiToken; now: number; onRevoke: (token: ApiToken) => void }) {
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= now;
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`API token ${token.name}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {token.name}
          </Text>
          <Code>{token.prefix}…</Code>
        </div>
        <Group gap="xs">
          <Badge color={token.scope === 'read-write' ? 'walnut.7' : 'sage.7'}>{SCOPE_LABELS[token.scope]}</Badge>
          {expired && <Badge color="red.8">Expired</Badge>}
        </Group>
      </Group>
      <Text size="sm" c="gray.7" mt="xs">
        Created {formatDate(token.createdAt)} ·{' '}
        {token.expiresAt ? `${expired ? 'Expired' : 'Expires'} ${formatDateTime(token.expiresAt)}` : 'Never expires'} ·{' '}
        {token.lastUsedAt ? `Last used ${formatDateTime(token.lastUsedAt)}` : 'Never used'}
      </Text>
      <Group justify="flex-end" mt="sm">
        <Button size="xs" variant="outline" color="red.8" onClick={() => onRevoke(token)} aria-label={`Revoke ${token.name}`}>
          Revoke
        </Button>
      </Group>
    </Paper>
  );
}

/** The owner's API tokens: create one (its secret shown once), see what each may do and when it was used, revoke. */
export function ApiTokensTab() {
  const utils = trpc.useUtils();
  const tokens = trpc.admin.tokens.list.useQuery();
  const create = trpc.admin.tokens.create.useMutation();
  const revoke = trpc.admin.tokens.revoke.useMutation();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read-only');
  const [expires, setExpires] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [earliestExpiry] = useState(today);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (!name.trim()) return setProblem('Give the token a name, e.g. the script that will use it.');
    try {
      // Valid through the whole chosen day, in the owner's time zone.
      const expiresAt = expires ? new Date(`${expires}T23:59:59.999`).toISOString() : null;
      const token = await create.mutateAsync({ name: name.trim(), scope, expiresAt });
      setCreated({ name: token.name, secret: token.token });
      setName('');
      setExpires('');
      await utils.admin.tokens.list.invalidate();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The token was not created.');
    }
  }

  async function confirmRevoke() {
    if (!revoking) return;
    try {
      await revoke.mutateAsync({ id: revoking.id });
      notifications.show({ title: 'Token revoked', message: `Scripts using “${revoking.name}” are refused from now on.`, color: 'sage.7' });
    } catch (error) {
      notifications.show({ title: 'Error', message: error instanceof Error ? error.message : 'Failed to revoke the token', color: 'red' });
    } finally {
      setRevoking(null);
      await utils.admin.tokens.list.invalidate();
    }
  }

  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        API tokens
      </Title>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="new-token-heading" maw={640}>
        <Title order={2} fz="h3" id="new-token-heading" mb="xs">
          New API token
        </Title>
        <Text size="sm" mb="sm">
          A script uses a token instead of signing in: it sends it as <Code>Authorization: Bearer &lt;token&gt;</Code> to the API under{' '}
          <Code>/api</Code>. Tokens cannot manage tokens or this account.
        </Text>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Name"
              description="What uses it, e.g. 'Shipping labels script'"
              required
              maxLength={100}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Radio.Group label="Access" value={scope} onChange={setScope}>
              <Stack gap="xs" mt={4}>
                <Radio value="read-only" label="Read-only" description="Reads orders, products, posts and messages; changes nothing" />
                <Radio
                  value="read-write"
                  label="Read and write"
                  description="Also ships orders, edits products and posts, uploads images"
                />
              </Stack>
            </Radio.Group>
            <TextInput
              type="date"
              label="Expires after"
              description="Optional: the last day it works. Leave empty for a token that never expires."
              min={earliestExpiry}
              value={expires}
              onChange={(event) => setExpires(event.currentTarget.value)}
            />
            {problem && (
              <Text c="red.9" size="sm" role="alert">
                {problem}
              </Text>
            )}
            <Group>
              <Button type="submit" loading={create.isPending}>
                Create token
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      <section aria-labelledby="tokens-heading">
        <Title order={2} fz="h3" id="tokens-heading" mb="sm">
          Your API tokens
        </Title>
        {tokens.isError && <Alert color="red">The tokens could not be loaded. Please reload the page.</Alert>}
        {tokens.isPending && <Skeleton height={120} />}
        {tokens.data?.length === 0 && <Text c="gray.7">No API tokens yet.</Text>}
        <Stack>
          {tokens.data?.map((token) => (
            <TokenCard key={token.id} token={token} now={tokens.dataUpdatedAt} onRevoke={setRevoking} />
          ))}
        </Stack>
      </section>

      <NewTokenDialog token={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke API token"
        message={`Scripts using “${revoking?.name ?? ''}” (${revoking?.prefix ?? ''}…) will be refused from now on. This cannot be undone.`}
        confirmLabel="Revoke token"
        busy={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      />
    </Stack>
  );
}
