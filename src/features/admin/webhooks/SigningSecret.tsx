import { Button, Checkbox, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { formatDateTime } from '../format';
import { modalStyles } from '../modal-styles';

/** A secret the owner copies into the receiver: shown whole (it wraps on a phone) with a Copy button. */
export function SecretValue({ secret }: { secret: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Code block style={{ flex: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {secret}
      </Code>
      <CopyButton value={secret}>
        {({ copied, copy }) => (
          <Button size="xs" variant="default" onClick={copy} aria-label={copied ? 'Copied the signing secret' : 'Copy the signing secret'}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** An endpoint's signing secret, read from the server only when the owner asks; rotated behind a confirmation. */
export function SigningSecret({ endpointId, url }: { endpointId: number; url: string }) {
  const utils = trpc.useUtils();
  const [shown, setShown] = useState(false);
  const [rotating, setRotating] = useState(false);
  const [keepOld, setKeepOld] = useState(true);
  const secret = trpc.admin.webhooks.secret.useQuery({ id: endpointId }, { enabled: shown, staleTime: 0, gcTime: 0 });
  const rotate = trpc.admin.webhooks.rotateSecret.useMutation();

  async function rotateNow() {
    try {
      const rotated = await rotate.mutateAsync({ id: endpointId, keepOldSecretHours: keepOld ? 24 : 0 });
      utils.admin.webhooks.secret.setData({ id: endpointId }, rotated);
      await utils.admin.webhooks.endpoints.invalidate();
      setShown(true);
      setRotating(false);
      notifications.show({ title: 'Secret rotated', message: 'Put the new secret in your receiver.', color: 'sage.7' });
    } catch (error) {
      notifications.show({ title: 'Error', message: error instanceof Error ? error.message : 'The secret was not rotated', color: 'red' });
    }
  }

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          onClick={() => setShown(!shown)}
          aria-expanded={shown}
          aria-label={`${shown ? 'Hide' : 'Reveal'} signing secret of ${url}`}
        >
          {shown ? 'Hide' : 'Reveal'} signing secret
        </Button>
        <Button size="xs" variant="default" onClick={() => setRotating(true)} aria-label={`Rotate signing secret of ${url}`}>
          Rotate signing secret
        </Button>
      </Group>
      {shown && secret.data && (
        <>
          <SecretValue secret={secret.data.secret} />
          {secret.data.previousSecretExpiresAt && (
            <Text size="sm" c="gray.7">
              The previous secret also signs until {formatDateTime(secret.data.previousSecretExpiresAt)}.
            </Text>
          )}
        </>
      )}
      <Modal styles={modalStyles} opened={rotating} onClose={() => setRotating(false)} title="Rotate signing secret" centered>
        <Stack>
          <Text>Deliveries to {url} will be signed with a new secret. Put it in your receiver.</Text>
          <Checkbox
            label="Keep the old secret working for 24 hours"
            description="Each delivery then carries both signatures, so the receiver can switch without missing one. Untick it if the old secret leaked."
            checked={keepOld}
            onChange={(event) => setKeepOld(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRotating(false)} disabled={rotate.isPending}>
              Cancel
            </Button>
            <Button color="red.8" onClick={() => void rotateNow()} loading={rotate.isPending}>
              Rotate secret
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
