import { Button, Group, InputBase, Paper, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { COMMISSION_LIMITS } from '../../../../server/domain/commissions';
import { trpc } from '../../../lib/trpc';
import { PhotoField } from '../PhotoField';
import type { AdminCommission } from './commission-types';

/** A build-log entry: text and a photo (through the admin's upload), emailed to the buyer and shown on their page. */
export function UpdateEditor({ commission, onSaved }: { commission: AdminCommission; onSaved: (saved: AdminCommission) => void }) {
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState('');
  const [issues, setIssues] = useState<Record<string, string>>({});
  const post = trpc.admin.commissions.postUpdate.useMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIssues({});
    post.mutate(
      { id: commission.id, text, ...(photo ? { photo } : {}) },
      {
        onSuccess: (saved) => {
          notifications.show({ title: 'Update posted', message: `${saved.name} was emailed the update.`, color: 'sage.7' });
          setText('');
          setPhoto('');
          onSaved(saved);
        },
        onError: (failure) => {
          const found: Record<string, string> = {};
          for (const issue of (failure.data as { issues?: { path: string[]; message: string }[] } | undefined)?.issues ?? []) {
            found[issue.path[0] ?? ''] ??= issue.message;
          }
          setIssues(found);
          if (Object.keys(found).length === 0) notifications.show({ title: 'Not posted', message: failure.message, color: 'red' });
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="update-editor-title">
      <form onSubmit={submit} noValidate aria-labelledby="update-editor-title">
        <Stack gap="sm">
          <Title order={2} fz="md" id="update-editor-title">
            Post an update
          </Title>
          <InputBase
            component="textarea"
            multiline
            rows={3}
            label="What happened"
            placeholder="Roughed out today; it dries for three weeks before the final turning."
            required
            maxLength={COMMISSION_LIMITS.updateText}
            value={text}
            onChange={(event: React.ChangeEvent<HTMLTextAreaElement>) => setText(event.currentTarget.value)}
            error={issues.text}
          />
          <PhotoField label="Photo (optional)" alt="The update's photo" value={photo} onChange={setPhoto} error={issues.photo} />
          <Group justify="flex-end">
            <Button type="submit" loading={post.isPending}>
              Post update
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
