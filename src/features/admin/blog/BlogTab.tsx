import { Alert, Badge, Button, Group, Pagination, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { ConfirmDialog } from '../ConfirmDialog';
import { formatDate } from '../format';
import type { AdminBlogPost } from '../types';
import { BlogPostFormModal } from './BlogPostFormModal';

const PAGE_SIZE = 20;

export function BlogTab() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const paged = trpc.admin.blog.page.useQuery({ page, pageSize: PAGE_SIZE }, { placeholderData: (previous) => previous });

  const pages = Math.max(1, Math.ceil((paged.data?.total ?? 0) / PAGE_SIZE));
  const remove = trpc.admin.blog.delete.useMutation();
  const [editing, setEditing] = useState<{ opened: boolean; key: number; post?: AdminBlogPost }>({ opened: false, key: 0 });
  const openForm = (post?: AdminBlogPost) => setEditing((current) => ({ opened: true, key: current.key + 1, post }));
  const [deleting, setDeleting] = useState<AdminBlogPost | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ id: deleting.id });
      notifications.show({ title: 'Blog post deleted', message: 'The blog post has been successfully deleted.', color: 'sage.7' });
      await Promise.all([utils.admin.blog.invalidate(), queryClient.invalidateQueries({ queryKey: [['blog']] })]);
    } catch {
      notifications.show({ title: 'Error', message: 'Failed to delete blog post. Please try again.', color: 'red' });
    }
    setDeleting(null);
  }

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1} fz="h2">
          Blog Posts
        </Title>
        <Button onClick={() => openForm()}>Add Blog Post</Button>
      </Group>
      {paged.isError && <Alert color="red">The blog posts could not be loaded. Please reload the page.</Alert>}
      {paged.isPending && <Skeleton height={160} />}
      {paged.data?.total === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          No blog posts yet. Create your first post!
        </Text>
      )}
      {paged.data && paged.data.total > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Published</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {paged.data.posts.map((post) => (
                <Table.Tr key={post.id}>
                  <Table.Td>
                    <Stack gap={0}>
                      <Text fw={600}>{post.title}</Text>
                      <Text size="sm" c="dimmed">
                        /{post.slug}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>{post.published ? <Badge color="sage.7">Published</Badge> : <Badge color="gray.7">Draft</Badge>}</Table.Td>
                  <Table.Td>{post.publishedAt ? formatDate(post.publishedAt) : 'Not published'}</Table.Td>
                  <Table.Td>{formatDate(post.createdAt)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        component="a"
                        href={`/blog/${post.slug}`}
                        target="_blank"
                        rel="noopener"
                        size="xs"
                        variant="subtle"
                        aria-label={`View ${post.title} (opens in a new tab)`}
                      >
                        View
                      </Button>
                      <Button size="xs" variant="light" aria-label={`Edit ${post.title}`} onClick={() => openForm(post)}>
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red.8"
                        aria-label={`Delete ${post.title}`}
                        onClick={() => setDeleting(post)}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <BlogPostFormModal
        opened={editing.opened}
        formKey={editing.key}
        post={editing.post}
        onClose={() => setEditing((current) => ({ ...current, opened: false }))}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete blog post"
        message="Are you sure you want to delete this blog post?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      {pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination total={pages} value={page} onChange={setPage} getControlProps={(control) => ({ 'aria-label': `${control} page` })} />
        </Group>
      )}
    </>
  );
}
