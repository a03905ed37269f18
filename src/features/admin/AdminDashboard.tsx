import './admin-styles';
import { Badge, Button, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { trpc } from '../../lib/trpc';
import { AccountTab } from './account/AccountTab';
import { AnalyticsTab } from './analytics/AnalyticsTab';
import { ApiTokensTab } from './tokens/ApiTokensTab';
import { BlogTab } from './blog/BlogTab';
import { CommissionsTab } from './commissions/CommissionsTab';
import { ContactsTab } from './contacts/ContactsTab';
import { EmailsTab } from './emails/EmailsTab';
import { OrdersTab } from './orders/OrdersTab';
import { ProductsTab } from './products/ProductsTab';
import { WebhooksTab } from './webhooks/WebhooksTab';
import { LowStock } from './LowStock';
import { SetupWarnings } from './SetupWarnings';
import { StatCards } from './StatCards';

/** docs/product.md section 2's dashboard; rendered only once the server said the visitor is the admin. */
export function AdminDashboard() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const logout = trpc.admin.auth.logout.useMutation();
  // The unread messages, as a badge on the Contacts tab.
  const unread = trpc.admin.contacts.page.useQuery({ page: 1, pageSize: 1 }).data?.unread ?? 0;
  // Commission requests waiting for a quote, as a badge on the Commissions tab.
  const requested = trpc.admin.commissions.count.useQuery().data?.requested ?? 0;

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

  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>Admin Dashboard</Title>
            <Text c="dimmed">Manage your products, orders, and content</Text>
          </div>
          <Button variant="outline" onClick={() => void signOut()} loading={logout.isPending}>
            Logout
          </Button>
        </Group>
        <SetupWarnings />
        <StatCards />
        <LowStock />
        {/* Only the open tab is mounted, so each tab's data loads when it is first shown. */}
        <Tabs defaultValue="products" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="products">Products</Tabs.Tab>
            <Tabs.Tab value="orders">Orders</Tabs.Tab>
            <Tabs.Tab
              value="commissions"
              rightSection={
                requested ? (
                  <Badge size="sm" circle aria-label={`${requested} new`}>
                    {requested}
                  </Badge>
                ) : null
              }
            >
              Commissions
            </Tabs.Tab>
            <Tabs.Tab value="blog">Blog Posts</Tabs.Tab>
            <Tabs.Tab
              value="contacts"
              rightSection={
                unread ? (
                  <Badge size="sm" circle aria-label={`${unread} unread`}>
                    {unread}
                  </Badge>
                ) : null
              }
            >
              Contacts
            </Tabs.Tab>
            <Tabs.Tab value="emails">Emails</Tabs.Tab>
            <Tabs.Tab value="webhooks">Webhooks</Tabs.Tab>
            <Tabs.Tab value="analytics">Analytics</Tabs.Tab>
            <Tabs.Tab value="account">Account</Tabs.Tab>
            <Tabs.Tab value="tokens">API tokens</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="products" pt="lg">
            <ProductsTab />
          </Tabs.Panel>
          <Tabs.Panel value="orders" pt="lg">
            <OrdersTab />
          </Tabs.Panel>
          <Tabs.Panel value="commissions" pt="lg">
            <CommissionsTab />
          </Tabs.Panel>
          <Tabs.Panel value="blog" pt="lg">
            <BlogTab />
          </Tabs.Panel>
          <Tabs.Panel value="contacts" pt="lg">
            <ContactsTab />
          </Tabs.Panel>
          <Tabs.Panel value="emails" pt="lg">
            <EmailsTab />
          </Tabs.Panel>
          <Tabs.Panel value="webhooks" pt="lg">
            <WebhooksTab />
          </Tabs.Panel>
          <Tabs.Panel value="analytics" pt="lg">
            <AnalyticsTab />
          </Tabs.Panel>
          <Tabs.Panel value="account" pt="lg">
            <AccountTab />
          </Tabs.Panel>
          <Tabs.Panel value="tokens" pt="lg">
            <ApiTokensTab />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
