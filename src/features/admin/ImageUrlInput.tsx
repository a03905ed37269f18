import { Button, FileButton, Group, TextInput, type TextInputProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';

/** Sends an image file to POST /api/admin/uploads and returns the URL the shop serves it at. */
export async function uploadImage(file: File): Promise<string> {
  const response = await fetch('/api/admin/uploads', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': file.type || 'application/octet-stream' },
    body: file,
  });
  const body = (await response.json().catch(() => ({}))) as { url?: string; message?: string };
  if (!response.ok || !body.url) throw new Error(body.message ?? `${response.status}: ${response.statusText}`);
  return body.url;
}

/** A URL field with an Upload button beside it that fills the field (or appends, for a list). */
export function ImageUrlInput({
  onUploaded,
  uploadLabel,
  ...inputProps
}: TextInputProps & { onUploaded: (url: string) => void; uploadLabel: string }) {
  const [uploading, setUploading] = useState(false);
  async function upload(file: File | null) {
    if (!file) return;
    setUploading(true);
    try {
      onUploaded(await uploadImage(file));
    } catch (error) {
      notifications.show({ title: 'Upload failed', message: error instanceof Error ? error.message : 'Upload failed', color: 'red' });
    } finally {
      setUploading(false);
    }
  }
  return (
    <TextInput
      {...inputProps}
      // The button sits beside the box itself, so labels and error texts never push it out of line.
      inputContainer={(input) => (
        <Group gap="xs" wrap="nowrap" align="center">
          <div style={{ flex: 1 }}>{input}</div>
          <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg,image/webp,image/gif">
            {(props) => (
              <Button {...props} variant="default" loading={uploading} aria-label={uploadLabel}>
                Upload
              </Button>
            )}
          </FileButton>
        </Group>
      )}
    />
  );
}
