import { Image, Paper, Stack, Text } from '@mantine/core';
import type { Commission } from './commission-status';

const when = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** The workshop's updates on the piece, newest first, each with its photo. `empty`: what the owner reads instead of the buyer's words. */
export function BuildLog({
  updates,
  empty = 'No updates yet: the first one comes when the work starts.',
}: {
  updates: Commission['updates'];
  empty?: string;
}) {
  if (updates.length === 0) {
    return <Text c="gray.7">{empty}</Text>;
  }
  const newestFirst = [...updates].reverse();
  return (
    <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {newestFirst.map((update) => (
        <Paper key={update.id} withBorder radius="md" p="md" component="li">
          <Stack gap="sm">
            <Text size="sm" c="gray.7" component="time" dateTime={update.createdAt}>
              {when(update.createdAt)}
            </Text>
            <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{update.text}</Text>
            {update.photo && (
              <Image src={update.photo} alt={`Workshop photo: ${update.text.slice(0, 80)}`} radius="sm" maw={480} loading="lazy" />
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
