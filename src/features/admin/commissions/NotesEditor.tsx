import { Button, Group, InputBase, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { COMMISSION_LIMITS } from '../../../../server/domain/commissions';
import { trpc } from '../../../lib/trpc';
import type { AdminCommission } from './commission-types';

/** The owner's own notes on a commission (wood on hand, what was agreed by phone): never shown to the buyer. */
export function NotesEditor({ commission, onSaved }: { commission: AdminCommission; onSaved: (saved: AdminCommission) => void }) {
  const [notes, setNotes] = useState(commission.notes ?? '');
  const [error, setError] = useState<string | undefined>();
  const save = trpc.admin.commissions.update.useMutation();
  const changed = notes.trim() !== (commission.notes ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    save.mutate(
      { id: commission.id, notes },
      {
        onSuccess: (saved) => {
          notifications.show({ title: 'Notes saved', message: 'Only you see them.', color: 'sage.7' });
          setNotes(saved.notes ?? '');
          onSaved(saved);
        },
        onError: (failure) => {
          const issue = (failure.data as { issues?: { path: string[]; message: string }[] } | undefined)?.issues?.find(
            (one) => one.path[0] === 'notes',
          );
          if (issue) setError(issue.message);
          else notifications.show({ title: 'Notes not saved', message: failure.message, color: 'red' });
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="notes-editor-title">
      <form onSubmit={submit} noValidate aria-labelledby="notes-editor-title">
        <Stack gap="sm">
          <Title order={2} fz="md" id="notes-editor-title">
            Your notes
          </Title>
          <InputBase
            component="textarea"
            multiline
            rows={3}
            label="Notes"
            description="Only you see these; the buyer never does."
            maxLength={COMMISSION_LIMITS.notes}
            value={notes}
            onChange={(event: React.ChangeEvent<HTMLTextAreaElement>) => setNotes(event.currentTarget.value)}
            error={error}
          />
          <Group justify="flex-end">
            {!changed && commission.notes && (
              <Text size="sm" c="dimmed">
                Saved
              </Text>
            )}
            <Button type="submit" variant="light" loading={save.isPending} disabled={!changed}>
              Save notes
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
