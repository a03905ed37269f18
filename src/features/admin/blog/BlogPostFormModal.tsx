import { Button, Group, Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { slugify } from '../../../../server/domain/slugify';
import { blogPostInput, type BlogPostInput } from '../../../../server/domain/blog-post-input';
import { trpc } from '../../../lib/trpc';
import { ImageUrlInput } from '../ImageUrlInput';
import type { AdminBlogPost } from '../types';
import { modalStyles } from '../modal-styles';

const EMPTY: BlogPostInput = { title: '', slug: '', excerpt: '', content: '', imageUrl: '', published: false };

/** 'Create New Blog Post' / 'Edit Blog Post' (docs/product.md sections 2, 4, 5 and 8); a fresh form at every opening. */
export function BlogPostFormModal(props: { opened: boolean; formKey: number; post?: AdminBlogPost; onClose: () => void }) {
  const { opened, formKey, post, onClose } = props;
  return (
    <Modal styles={modalStyles} opened={opened} onClose={onClose} title={post ? 'Edit Blog Post' : 'Create New Blog Post'} size="56rem">
      <BlogPostForm key={formKey} post={post} onClose={onClose} />
    </Modal>
  );
}

function BlogPostForm({ post, onClose }: { post?: AdminBlogPost; onClose: () => void }) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const form = useForm<BlogPostInput>({
    initialValues: post
      ? {
          title: post.title,
          slug: post.slug,
          excerpt: post.excerpt,
          content: post.content,
          imageUrl: post.imageUrl,
          published: post.published,
        }
      : EMPTY,
    validate: schemaResolver(blogPostInput, { sync: true }),
  });
  const create = trpc.admin.blog.create.useMutation();
  const update = trpc.admin.blog.update.useMutation();
  const saving = create.isPending || update.isPending;

  async function submit(values: BlogPostInput) {
    try {
      if (post) await update.mutateAsync({ ...values, id: post.id });
      else await create.mutateAsync(values);
    } catch (error) {
      // A taken slug is the owner's to fix: say so beside the field as well.
      if ((error as { data?: { httpStatus?: number } }).data?.httpStatus === 409) form.setFieldError('slug', (error as Error).message);
      notifications.show({
        title: 'Error',
        message: post ? 'Failed to update blog post. Please try again.' : 'Failed to create blog post. Please try again.',
        color: 'red',
      });
      return;
    }
    notifications.show(
      post
        ? { title: 'Blog post updated', message: 'Your blog post has been successfully updated.', color: 'sage.7' }
        : { title: 'Blog post created', message: 'Your blog post has been successfully created.', color: 'sage.7' },
    );
    // docs/product.md section 7: both the public list (/api/blog) and the admin list (/api/blog/all) refresh.
    await Promise.all([utils.admin.blog.invalidate(), queryClient.invalidateQueries({ queryKey: [['blog']] })]);
    onClose();
  }

  const titleProps = form.getInputProps('title');
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack>
        <TextInput
          label="Title"
          required
          {...titleProps}
          onChange={(event) => {
            const title = event.currentTarget.value;
            form.setFieldValue('title', title);
            // Only while creating: an edited post keeps its address.
            if (!post) form.setFieldValue('slug', slugify(title));
          }}
        />
        <TextInput
          label="Slug"
          required
          description="Lowercase letters, numbers and hyphens; the post's address"
          {...form.getInputProps('slug')}
        />
        <Textarea label="Excerpt" required autosize minRows={2} {...form.getInputProps('excerpt')} />
        <Textarea
          label="Content"
          description="Markdown"
          required
          rows={10}
          styles={{ input: { minHeight: 200 } }}
          {...form.getInputProps('content')}
        />
        <ImageUrlInput
          label="Featured image URL"
          required
          placeholder="https://... or /images/..."
          uploadLabel="Upload the featured image"
          onUploaded={(url) => form.setFieldValue('imageUrl', url)}
          {...form.getInputProps('imageUrl')}
        />
        <Switch label="Publish immediately" {...form.getInputProps('published', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : post ? 'Update Post' : 'Create Post'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
