import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
  Typography,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { AppRouter } from '../../../../server/trpc/app-router';
import { SITE_PAGE_LIMITS } from '../../../../server/domain/site-page-input';
import { trpc } from '../../../lib/trpc';
import { fieldErrors } from '../../../lib/trpc-errors';
import { formatDate } from '../format';
import classes from './PagesSection.module.css';

type AdminSitePage = inferRouterOutputs<AppRouter>['admin']['pages']['list'][number];

/**
 * The pages every shop must have (privacy, terms, returns, shipping, accessibility): the list, with a badge on a page
 * still holding the starting text the shop came with, and the editor of one (docs/admin.md).
 */
export function PagesSection() {
  const pages = trpc.admin.pages.list.useQuery();
  const [editing, setEditing] = useState<AdminSitePage | null>(null);
  // The page last edited: back on the list, its Edit button has the focus, as before the editor opened.
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const focusOnMount = useCallback((button: HTMLButtonElement | null) => button?.focus(), []);

  if (editing)
    return (
      <PageEditor
        key={editing.slug}
        page={editing}
        onClose={() => {
          setReturnTo(editing.slug);
          setEditing(null);
        }}
      />
    );
  return (
    <>
      <Title order={1} fz="h2" mb="xs">
        Pages
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        The pages linked from every page&apos;s footer. Each came with a starting text: review it, make it match how you work, and have it
        checked before the shop opens.
      </Text>
      {pages.isError && <Alert color="red">The pages could not be loaded. Please reload the page.</Alert>}
      {pages.isPending && <Skeleton height={160} />}
      {pages.data && (
        // On a phone the date moves under the page's address and the actions stack: no sideways scrolling.
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Page</Table.Th>
              <Table.Th visibleFrom="sm">Last updated</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pages.data.map((page) => (
              <Table.Tr key={page.slug}>
                <Table.Td>
                  <Group gap="xs">
                    <Stack gap={0}>
                      <Text fw={600}>{page.title}</Text>
                      <Text size="sm" c="dimmed">
                        /{page.slug}
                      </Text>
                      <Text size="sm" c="dimmed" hiddenFrom="sm">
                        Last updated {formatDate(page.updatedAt)}
                      </Text>
                    </Stack>
                    {page.startingText && <Badge color="walnut.7">Starting text, review it</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="sm">{formatDate(page.updatedAt)}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button
                      ref={page.slug === returnTo ? focusOnMount : undefined}
                      size="xs"
                      variant="light"
                      aria-label={`Edit ${page.title}`}
                      onClick={() => setEditing(page)}
                    >
                      Edit
                    </Button>
                    <ViewLink slug={page.slug} title={page.title} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}

function ViewLink({ slug, title }: { slug: string; title: string }) {
  return (
    <Button
      component="a"
      href={`/${slug}`}
      target="_blank"
      rel="noopener"
      size="xs"
      variant="subtle"
      aria-label={`View page ${title} (opens in a new tab)`}
    >
      View page
    </Button>
  );
}

type Field = 'title' | 'body';

/** One page: its title and Markdown, Write and Preview (rendered by the server, as the storefront will show it). */
function PageEditor({ page, onClose }: { page: AdminSitePage; onClose: () => void }) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(page.title);
  const [body, setBody] = useState(page.body);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [tab, setTab] = useState<string | null>('write');
  const save = trpc.admin.pages.update.useMutation();
  const preview = trpc.admin.pages.preview.useMutation();
  // The list made way for the editor: its heading takes the focus, as a new page's does.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const showPreview = (next: string | null) => {
    setTab(next);
    if (next === 'preview') preview.mutate({ slug: page.slug, body });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { slug: page.slug, title, body },
      {
        onSuccess: () => {
          notifications.show({ title: 'Page saved', message: `${title.trim()} is saved and live on the shop.`, color: 'sage.7' });
          void Promise.all([utils.admin.pages.invalidate(), queryClient.invalidateQueries({ queryKey: [['pages']] })]).then(onClose);
        },
        onError: (error) => {
          const named = fieldErrors(error);
          setErrors({ title: named.title, body: named.body });
          // The text's error is on the Write tab.
          if (named.body) setTab('write');
          if (!named.title && !named.body)
            notifications.show({ title: 'Error', message: 'The page could not be saved. Please try again.', color: 'red' });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Edit ${page.title}`}>
      <Stack>
        <Group justify="space-between">
          <Title order={1} fz="h2" ref={heading} tabIndex={-1}>
            Edit {page.title}
          </Title>
          <Group gap="xs">
            <Anchor href={`/${page.slug}`} target="_blank" rel="noopener" size="sm">
              View page (opens in a new tab)
            </Anchor>
          </Group>
        </Group>
        {page.startingText && (
          <Alert color="walnut" title="Starting text, review it">
            This is the text the shop came with. Make it match how you really work and have it checked before the shop opens; saving marks
            it as yours.
          </Alert>
        )}
        <TextInput
          label="Title"
          name="title"
          required
          maxLength={SITE_PAGE_LIMITS.title}
          value={title}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            setErrors((current) => ({ ...current, title: undefined }));
          }}
          error={errors.title}
        />
        <Tabs value={tab} onChange={showPreview} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="write">Write</Tabs.Tab>
            <Tabs.Tab value="preview">Preview</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="write" pt="sm">
            <Textarea
              label="Text"
              name="body"
              description="Markdown: ## for a heading, - for a list, [words](/contact) for a link"
              required
              rows={20}
              value={body}
              onChange={(event) => {
                setBody(event.currentTarget.value);
                setErrors((current) => ({ ...current, body: undefined }));
              }}
              error={errors.body}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
          </Tabs.Panel>
          <Tabs.Panel value="preview" pt="sm">
            {preview.isPending ? (
              <Loader size="sm" aria-label="Rendering the preview" />
            ) : preview.isError ? (
              <Alert color="red">{fieldErrors(preview.error).body ?? 'The preview could not be made. Please try again.'}</Alert>
            ) : (
              <Paper withBorder p="md">
                <Typography>
                  <div
                    data-testid="page-preview"
                    className={classes.preview}
                    dangerouslySetInnerHTML={{ __html: preview.data?.html ?? '' }}
                  />
                </Typography>
              </Paper>
            )}
          </Tabs.Panel>
        </Tabs>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Back to the pages
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
