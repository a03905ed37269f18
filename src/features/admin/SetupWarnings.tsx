import { Alert, Stack } from '@mantine/core';
import { trpc } from '../../lib/trpc';

/** Settings the server noticed are wrong (e.g. a balancer TRUST_PROXY leaves out), above the stat cards. */
export function SetupWarnings() {
  // The stat cards' own query: one request for both.
  const warnings = trpc.admin.dashboard.stats.useQuery().data?.warnings ?? [];
  if (warnings.length === 0) return null;
  return (
    <Stack gap="sm">
      {warnings.map((warning) => (
        <Alert key={warning} color="walnut" variant="light" title="A setting needs your attention">
          {warning}
        </Alert>
      ))}
    </Stack>
  );
}
