import { Button, Checkbox, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { trpc } from '../../../lib/trpc';
import { ConfirmDialog } from '../ConfirmDialog';

const MIN_LENGTH = 12;

/** The owner's account: a new password (other browsers are signed out), and signing out everywhere. */
export function AccountTab() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const change = trpc.admin.account.changePassword.useMutation();
  const endAll = trpc.admin.account.signOutEverywhere.useMutation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  // Checked by default: whoever learnt the old password may have made a token, which a new password alone leaves working.
  const [revokeApiTokens, setRevokeApiTokens] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (next.length < MIN_LENGTH) return setProblem(`The new password must be at least ${MIN_LENGTH} characters.`);
    if (next !== repeat) return setProblem('The two new passwords are not the same.');
    try {
      const result = await change.mutateAsync({ currentPassword: current, newPassword: next, revokeApiTokens });
      setCurrent('');
      setNext('');
      setRepeat('');
      const ended = [
        result.signedOutSessions > 0 ? `Other browsers were signed out (${result.signedOutSessions}).` : '',
        result.revokedApiTokens > 0 ? `API tokens revoked: ${result.revokedApiTokens}.` : '',
      ].filter(Boolean);
      notifications.show({
        title: 'Password changed',
        message: ended.length > 0 ? ended.join(' ') : 'Use it next time you sign in.',
        color: 'sage.7',
      });
    } catch (error) {
      setProblem(
        error instanceof Error
          ? error.message.replace(/^currentPassword: /, 'The current password ').replace(/^newPassword: /, 'The new password ')
          : 'The password was not changed.',
      );
    }
  }

  async function signOutEverywhere() {
    try {
      await endAll.mutateAsync();
    } finally {
      await utils.admin.invalidate(undefined, { refetchType: 'none' });
      await navigate({ to: '/admin-login' });
    }
  }

  return (
    <Stack gap="lg" maw={520}>
      <Title order={1} fz="h2">
        Account
      </Title>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="password-heading">
        <Title order={2} fz="h3" id="password-heading" mb="sm">
          Change password
        </Title>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="sm">
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              required
              value={current}
              onChange={(event) => setCurrent(event.currentTarget.value)}
            />
            <PasswordInput
              label="New password"
              description={`At least ${MIN_LENGTH} characters. Other browsers signed in as the owner are signed out.`}
              autoComplete="new-password"
              required
              value={next}
              onChange={(event) => setNext(event.currentTarget.value)}
            />
            <PasswordInput
              label="New password again"
              autoComplete="new-password"
              required
              value={repeat}
              onChange={(event) => setRepeat(event.currentTarget.value)}
            />
            <Checkbox
              label="Also revoke all API tokens"
              description="Scripts using a token stop working until you give them a new one."
              checked={revokeApiTokens}
              onChange={(event) => setRevokeApiTokens(event.currentTarget.checked)}
            />
            {problem && (
              <Text c="red.9" size="sm" role="alert">
                {problem}
              </Text>
            )}
            <Button type="submit" loading={change.isPending} disabled={!current || !next || !repeat}>
              Change password
            </Button>
          </Stack>
        </form>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sessions-heading">
        <Title order={2} fz="h3" id="sessions-heading" mb="xs">
          Sessions
        </Title>
        <Text size="sm" mb="sm">
          Signed in on a computer you no longer use? Sign out every browser, this one included.
        </Text>
        <Button variant="outline" color="red.8" onClick={() => setConfirming(true)}>
          Sign out everywhere
        </Button>
      </Paper>
      <ConfirmDialog
        opened={confirming}
        title="Sign out everywhere"
        message="Every browser signed in as the owner is signed out, this one too. You will need the password to come back."
        confirmLabel="Sign out everywhere"
        busy={endAll.isPending}
        onConfirm={() => void signOutEverywhere()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
