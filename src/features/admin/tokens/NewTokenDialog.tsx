import { Alert, Anchor, Button, Code, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { modalStyles } from '../modal-styles';

/** The new token's secret, shown this once: the server keeps only its hash and never returns it again. */
export function NewTokenDialog({ token, onClose }: { token: { name: string; secret: string } | null; onClose: () => void }) {
  return (
    <Modal
      styles={modalStyles}
      opened={token !== null}
      onClose={onClose}
      title="Copy your new API token"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      // Closing by accident would lose the secret: only the buttons close it.
      closeOnClickOutside={false}
    >
      {token && (
        <Stack gap="sm">
          <Alert color="walnut" title="Shown only this once">
            Store it now, e.g. in your script&apos;s secret settings. The shop keeps no copy it could show again; if it is lost, revoke
            &ldquo;{token.name}&rdquo; and create another.
          </Alert>
          <Group align="flex-end" wrap="nowrap" gap="xs">
            <TextInput
              label={`Token for ${token.name}`}
              value={token.secret}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              style={{ flex: 1, minWidth: 0 }}
            />
            <CopyButton value={token.secret}>
              {({ copied, copy }) => (
                <Button variant={copied ? 'filled' : 'light'} onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm">
            Send it as <Code>Authorization: Bearer &lt;token&gt;</Code> to the shop&apos;s API under <Code>/api</Code> (see{' '}
            <Anchor href="/api/docs" underline="always">
              /api/docs
            </Anchor>
            ).
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>I have stored it</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
