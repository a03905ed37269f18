import { Button, FileButton, Group, Image, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { uploadImage } from './ImageUrlInput';

/**
 * One photo, chosen by uploading it: its thumbnail with Replace and Remove, never the raw /uploads/... address the
 * upload answers (ImageUrlInput is the field for an address typed by hand).
 */
export function PhotoField({
  label,
  alt,
  value,
  onChange,
  error,
}: {
  label: string;
  /** The thumbnail's text alternative. */
  alt: string;
  value: string;
  onChange: (url: string) => void;
  error?: string;
}) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  async function upload(file: File | null) {
    if (!file) return;
    setUploading(true);
    try {
      onChange(await uploadImage(file));
    } catch (failure) {
      notifications.show({ title: 'Upload failed', message: failure instanceof Error ? failure.message : 'Upload failed', color: 'red' });
    } finally {
      setUploading(false);
    }
  }
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined}>
      <Text component="div" size="sm" fw={500} id={`${id}-label`} mb={4}>
        {label}
      </Text>
      <Group gap="sm" align="center">
        {value && <Image src={value} alt={alt} w={96} h={96} fit="cover" radius="sm" />}
        <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg,image/webp,image/gif">
          {(props) => (
            <Button {...props} variant="default" loading={uploading}>
              {value ? 'Replace photo' : 'Upload a photo'}
            </Button>
          )}
        </FileButton>
        {value && (
          <Button variant="subtle" color="red.8" onClick={() => onChange('')}>
            Remove photo
          </Button>
        )}
      </Group>
      {error && (
        <Text size="sm" c="red.8" mt={4} id={`${id}-error`}>
          {error}
        </Text>
      )}
    </div>
  );
}
