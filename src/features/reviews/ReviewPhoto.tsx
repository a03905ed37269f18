import { Button, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { PHOTO_TYPES, uploadPhoto } from '../../lib/photo-upload';

/**
 * A review's one optional photo: uploaded with the review link as soon as it is chosen (the shop's upload pipeline,
 * which strips its location and camera details), shown as a preview with a Remove button.
 */
export function ReviewPhoto({
  token,
  photo,
  error,
  onChange,
  onBusyChange,
}: {
  token: string;
  photo: string | null;
  error?: string;
  onChange: (photo: string | null) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string>();
  const addButton = useRef<HTMLButtonElement>(null);
  const picker = useRef<HTMLInputElement>(null);

  async function add(file: File | undefined) {
    if (!file) return;
    setProblem(undefined);
    setUploading(true);
    onBusyChange(true);
    try {
      onChange(await uploadPhoto(file, `/api/reviews/photos?token=${encodeURIComponent(token)}`));
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : 'The photo could not be uploaded. Please try again.');
    } finally {
      setUploading(false);
      onBusyChange(false);
    }
  }

  function remove() {
    onChange(null);
    // The button just pressed is gone: the keyboard goes on from the add button.
    requestAnimationFrame(() => addButton.current?.focus());
  }

  const message = problem ?? error;
  return (
    <Stack gap="xs" role="group" aria-labelledby="photo-label" aria-describedby="photo-hint">
      <div>
        <Text fw={700} fz="sm" id="photo-label">
          Photo (optional)
        </Text>
        <Text fz="xs" c="gray.7" id="photo-hint">
          One picture of the piece in its new home. Location and camera details are removed.
        </Text>
      </div>
      {photo ? (
        <Group gap="sm" align="flex-end">
          <Image src={photo} alt="Your photo" w={96} h={96} radius="sm" fit="cover" />
          <Button size="compact-sm" variant="default" onClick={remove} aria-label="Remove photo">
            Remove
          </Button>
        </Group>
      ) : (
        <Group gap="sm">
          {/* The file picker opened by a plain button, as the commission form's reference photos. */}
          <input
            ref={picker}
            type="file"
            accept={PHOTO_TYPES}
            hidden
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              void add(file);
            }}
          />
          <Button ref={addButton} variant="default" disabled={uploading} name="photoUrl" onClick={() => picker.current?.click()}>
            Add a photo
          </Button>
          {uploading && <Loader size="xs" aria-label="Uploading the photo" />}
        </Group>
      )}
      {message && (
        <Text fz="sm" c="red.8" role="alert">
          {message}
        </Text>
      )}
    </Stack>
  );
}
