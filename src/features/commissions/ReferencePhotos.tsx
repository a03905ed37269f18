import { Button, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { COMMISSION_LIMITS } from '../../../server/domain/commissions';
import { PHOTO_TYPES, uploadPhoto } from '../../lib/photo-upload';

const MAX = COMMISSION_LIMITS.photos;

/**
 * Up to four reference photos: each is uploaded as soon as it is chosen (so a large one is not sent again with the
 * form), shown as a preview with its own Remove button.
 */
export function ReferencePhotos({
  photos,
  error,
  onChange,
  onBusyChange,
}: {
  photos: string[];
  error?: string;
  onChange: (photos: string[]) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string>();
  const addButton = useRef<HTMLButtonElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const left = MAX - photos.length;

  async function add(files: File[]) {
    const chosen = files.slice(0, left);
    if (chosen.length === 0) return;
    setProblem(files.length > left ? `Only ${MAX} photos fit; the first ${left === 1 ? 'one was' : `${left} were`} added.` : undefined);
    setUploading(true);
    onBusyChange(true);
    const added: string[] = [];
    try {
      for (const file of chosen) added.push(await uploadPhoto(file, '/api/commissions/photos'));
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : 'The photo could not be uploaded. Please try again.');
    } finally {
      onChange([...photos, ...added]);
      setUploading(false);
      onBusyChange(false);
    }
  }

  function remove(index: number) {
    onChange(photos.filter((_, at) => at !== index));
    // The button just pressed is gone: the keyboard goes on from the add button.
    requestAnimationFrame(() => addButton.current?.focus());
  }

  const message = problem ?? error;
  return (
    <Stack gap="xs" role="group" aria-labelledby="photos-label" aria-describedby="photos-hint">
      <div>
        <Text fw={700} fz="sm" id="photos-label">
          Reference photos (optional)
        </Text>
        <Text fz="xs" c="gray.7" id="photos-hint">
          Up to {MAX} pictures: a sketch, a piece you like, or the wood you have. Location and camera details are removed.
        </Text>
      </div>
      {photos.length > 0 && (
        <Group gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Chosen photos">
          {photos.map((url, index) => (
            <Stack key={url} gap={4} component="li" align="center">
              <Image src={url} alt={`Reference photo ${index + 1}`} w={96} h={96} radius="sm" fit="cover" />
              <Button size="compact-xs" variant="default" onClick={() => remove(index)} aria-label={`Remove photo ${index + 1}`}>
                Remove
              </Button>
            </Stack>
          ))}
        </Group>
      )}
      <Group gap="sm">
        {/* The file picker opened by a plain button: Mantine's FileButton would add its code to the page's first load. */}
        <input
          ref={picker}
          type="file"
          accept={PHOTO_TYPES}
          multiple
          hidden
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = '';
            void add(files);
          }}
        />
        <Button ref={addButton} variant="default" disabled={left === 0 || uploading} name="photos" onClick={() => picker.current?.click()}>
          {photos.length === 0 ? 'Add photos' : 'Add more photos'}
        </Button>
        {uploading && <Loader size="xs" aria-label="Uploading photos" />}
        {left === 0 && (
          <Text fz="sm" c="gray.7">
            Four photos added.
          </Text>
        )}
      </Group>
      {message && (
        <Text fz="sm" c="red.8" role="alert">
          {message}
        </Text>
      )}
    </Stack>
  );
}
