import '../features/admin/admin-styles';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { returnPath } from '../features/admin/return-to';
import { usePageMeta } from '../lib/page-meta';
import { trpc } from '../lib/trpc';

export const INVALID_PASSWORD = 'Invalid password. Please try again.';
export const LOGIN_FAILED = 'Login failed. Please check your password and try again.';

export default function AdminLoginPage() {
  usePageMeta('Admin Access', 'Sign in to run the shop.');
  const navigate = useNavigate();
  const search = useLocation({ select: (location) => location.searchStr });
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const login = trpc.admin.auth.login.useMutation();
  const blank = password.trim() === '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (blank || login.isPending) return;
    setError(null);
    try {
      const result = await login.mutateAsync({ password });
      if (!result.success) {
        setError(INVALID_PASSWORD);
        return;
      }
      notifications.show({ title: 'Login successful', message: 'Welcome to the admin dashboard', color: 'sage.7' });
      // Back to the admin page asked for before signing in (src/features/admin/return-to.ts), else the dashboard.
      await navigate({ href: returnPath(search) });
    } catch (cause) {
      // Too many attempts: the server's message says how long to wait, which the generic text would hide.
      const status = (cause as { data?: { httpStatus?: number } }).data?.httpStatus;
      setError(status === 429 && cause instanceof Error ? cause.message : LOGIN_FAILED);
    }
  }

  return (
    <Center py={{ base: 'xl', sm: 80 }} px="md">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md" w="100%" maw={420}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack>
            <Title order={1} ta="center" fz={28}>
              Admin Access
            </Title>
            <Text c="dimmed" ta="center" size="sm">
              This area is for authorized administrators only.
            </Text>
            <PasswordInput
              label="Password"
              placeholder="Enter the admin password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              visible={visible}
              onVisibilityChange={setVisible}
              visibilityToggleButtonProps={{ 'aria-label': visible ? 'Hide password' : 'Show password', tabIndex: 0 }}
              error={error ? true : undefined}
              aria-describedby={error ? 'admin-login-error' : undefined}
              data-autofocus
            />
            {error && (
              <Alert color="red" variant="light" id="admin-login-error" role="alert">
                {error}
              </Alert>
            )}
            <Button type="submit" fullWidth disabled={blank || login.isPending}>
              {login.isPending ? 'Signing in...' : 'Sign In'}
            </Button>
            <Button component={Link} to="/" variant="subtle" fullWidth>
              Back to main site
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
