import { Stack, Text, Title } from '@mantine/core';
import { LowStock } from './LowStock';
import { SetupWarnings } from './SetupWarnings';
import { StatCards } from './StatCards';

/** docs/product.md section 2's dashboard, the admin's Home: the shop at a glance, and what needs the owner. */
export function AdminHome() {
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>Admin Dashboard</Title>
        <Text c="dimmed">Manage your products, orders, and content</Text>
      </div>
      <SetupWarnings />
      <StatCards />
      <LowStock />
    </Stack>
  );
}
