import './admin-styles';
import { Button, Center, Container, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Outlet, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { loginSearch } from './return-to';
import { AdminNav } from './shell/AdminNav';
import classes from './shell/AdminShell.module.css';
import { useAdminSession } from './use-admin-session';

/**
 * The admin's frame around every admin page (server/domain/pages.ts, shell 'admin'): D17 first, the server is asked
 * and nothing of the admin is rendered or fetched before it says yes; then the navigation beside the page (behind a
 * menu button on a phone) and the page itself. It stays mounted from section to section, so the check runs once a visit.
 */
export function AdminShell() {
  const session = useAdminSession();
  const navigate = useNavigate();
  // Once, to the login page, then back to the asked page after signing in (a bookmarked /admin/orders opens the
  // orders). An effect rather than <Navigate>: this frame stays mounted and re-renders while the router moves.
  useEffect(() => {
    if (session === 'unauthenticated') {
      void navigate({ to: '/admin-login', search: loginSearch(window.location.pathname), replace: true });
    }
  }, [session, navigate]);
  if (session === 'unauthenticated') return null;
  if (session === 'checking') {
    return (
      <Center py={120}>
        <Stack align="center" gap="sm" role="status">
          <Loader aria-hidden />
          <Text>Checking authentication...</Text>
        </Stack>
      </Center>
    );
  }
  return <AdminFrame />;
}

function AdminFrame() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const logout = trpc.admin.auth.logout.useMutation();
  const [menuOpen, setMenuOpen] = useState(false);
  // A link followed from the menu: focus goes to the new page's heading (RouteAnnouncer), not back to the button.
  const [returnFocus, setReturnFocus] = useState(true);

  async function signOut() {
    try {
      await logout.mutateAsync();
      notifications.show({ title: 'Logged out', message: 'You have been successfully logged out.', color: 'sage.7' });
    } catch {
      // Nothing to tell: the visitor leaves the dashboard either way, and the next visit checks the server again.
    } finally {
      // docs/product.md section 4: back to the login page even when the call failed; forget every admin answer.
      await utils.admin.invalidate(undefined, { refetchType: 'none' });
      await navigate({ to: '/admin-login' });
    }
  }

  const logoutButton = (
    <Button variant="outline" onClick={() => void signOut()} loading={logout.isPending}>
      Logout
    </Button>
  );

  return (
    <Container size="xl" py={{ base: 'md', md: 'xl' }}>
      <div className={classes.frame}>
        <div className={classes.side}>
          <AdminNav />
          <Group px="0.75rem">{logoutButton}</Group>
        </div>
        <div>
          <Group hiddenFrom="md" justify="space-between" mb="md">
            <Button
              variant="default"
              onClick={() => {
                setReturnFocus(true);
                setMenuOpen(true);
              }}
              aria-expanded={menuOpen}
              aria-haspopup="dialog"
            >
              Admin menu
            </Button>
            {logoutButton}
          </Group>
          <Outlet />
        </div>
      </div>
      <Drawer
        opened={menuOpen}
        onClose={() => setMenuOpen(false)}
        title="Admin menu"
        position="left"
        size="xs"
        hiddenFrom="md"
        returnFocus={returnFocus}
        closeButtonProps={{ 'aria-label': 'Close menu' }}
      >
        <AdminNav
          onNavigate={(current) => {
            setReturnFocus(current);
            setMenuOpen(false);
          }}
        />
      </Drawer>
    </Container>
  );
}
