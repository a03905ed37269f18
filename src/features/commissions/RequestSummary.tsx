import { Group, Image, Stack, Text } from '@mantine/core';
import { COMMISSION_BUDGETS, COMMISSION_WOODS } from '../../../server/domain/commissions';
import { STATES } from '../../../server/domain/states';
import { formatDay, type Commission } from './commission-status';

type Request = Pick<Commission, 'purpose' | 'wood' | 'size' | 'budget' | 'neededBy' | 'shipToState' | 'photos'>;

const labelOf = (list: readonly { value: string; label: string }[], value: string) =>
  list.find((item) => item.value === value)?.label ?? value;

/** What the buyer asked for, as sent: shown to the buyer and to the owner. */
export function RequestSummary({ request }: { request: Request }) {
  const facts: [string, string][] = [
    ['Wood', labelOf(COMMISSION_WOODS, request.wood)],
    ['Size', request.size],
    ['Budget', labelOf(COMMISSION_BUDGETS, request.budget)],
    ['Needed by', request.neededBy ? formatDay(request.neededBy) : 'No date given'],
    ['Ships to', labelOf(STATES, request.shipToState)],
  ];
  return (
    <Stack gap="sm">
      <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{request.purpose}</Text>
      <Stack gap={4} component="dl" m={0}>
        {facts.map(([label, value]) => (
          <Group key={label} gap="xs" wrap="nowrap" align="baseline">
            <Text component="dt" fw={600} miw={100}>
              {label}
            </Text>
            <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
      {request.photos.length > 0 && (
        <Group gap="sm">
          {request.photos.map((photo, index) => (
            <a key={photo} href={photo} target="_blank" rel="noreferrer">
              <Image src={photo} alt={`Reference photo ${index + 1}`} w={112} h={112} radius="sm" fit="cover" />
            </a>
          ))}
        </Group>
      )}
    </Stack>
  );
}
