import { Alert, Button, Group, InputBase, Stack, TextInput } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { trpc } from '../../lib/trpc';
import { errorCode, errorReason } from '../../lib/trpc-errors';
import {
  REVIEW_FIELDS,
  REVIEW_LABELS,
  REVIEW_LIMITS,
  reviewErrors,
  serverReviewErrors,
  type ReviewErrors,
  type ReviewValues,
} from './review-form';
import { ReviewPhoto } from './ReviewPhoto';
import { StarRatingInput } from './StarRatingInput';

const L = REVIEW_LIMITS;

/**
 * The buyer's review of one delivered piece: stars, a title, the text, the name to sign with (their first name to
 * start with) and one optional photo. `onSent` follows the server's answer; a link already used or no longer valid
 * is the page's to show (`onStale`: read the link again).
 */
export function ReviewForm({
  token,
  customerName,
  onSent,
  onStale,
}: {
  token: string;
  customerName: string;
  onSent: () => void;
  onStale: () => void;
}) {
  const [values, setValues] = useState<ReviewValues>({ rating: null, title: '', body: '', authorName: customerName });
  const [photo, setPhoto] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<ReviewErrors>({});
  const [refusal, setRefusal] = useState<string>();
  const form = useRef<HTMLFormElement>(null);
  const send = trpc.reviews.create.useMutation();

  const change = <F extends keyof ReviewValues>(field: F, value: ReviewValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const typed = (field: 'title' | 'body' | 'authorName') => (event: { currentTarget: { value: string } }) =>
    change(field, event.currentTarget.value);

  // Puts the keyboard on the first field that needs attention (for the rating: its chosen star, or the first).
  const showErrors = (found: ReviewErrors) => {
    setErrors(found);
    const first = REVIEW_FIELDS.find((field) => found[field]);
    if (!first) return;
    const fields = form.current?.querySelectorAll<HTMLElement>(`[name="${first}"]`) ?? [];
    ([...fields].find((field) => (field as HTMLInputElement).checked) ?? fields[0])?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    const found = reviewErrors(values);
    if (Object.keys(found).length > 0) return showErrors(found);
    send.mutate(
      { token, rating: values.rating!, title: values.title, body: values.body, authorName: values.authorName, photoUrl: photo },
      {
        onSuccess: onSent,
        onError: (error) => {
          // What was typed stays, so nothing has to be written again.
          const reason = errorReason(error);
          if (reason === 'REVIEW_EXISTS' || reason === 'REVIEW_LINK_INVALID') return onStale();
          const fields = serverReviewErrors(error);
          if (Object.keys(fields).length > 0) return showErrors(fields);
          setRefusal(
            errorCode(error) === 'TOO_MANY_REQUESTS'
              ? error.message
              : 'Your review could not be sent just now. Please try again in a moment.',
          );
        },
      },
    );
  };

  return (
    <form ref={form} onSubmit={submit} noValidate aria-label="Your review">
      <Stack gap="md">
        {refusal && (
          <Alert color="red" title="Your review was not sent" role="alert">
            {refusal}
          </Alert>
        )}
        <StarRatingInput
          label={REVIEW_LABELS.rating}
          value={values.rating}
          error={errors.rating}
          onChange={(rating) => change('rating', rating)}
        />
        <TextInput
          name="title"
          label={REVIEW_LABELS.title}
          description="Your review in a few words"
          required
          maxLength={L.title}
          value={values.title}
          onChange={typed('title')}
          error={errors.title}
        />
        <InputBase
          component="textarea"
          multiline
          name="body"
          label={REVIEW_LABELS.body}
          description="How the piece looks and wears, what you use it for"
          rows={6}
          required
          maxLength={L.body}
          value={values.body}
          onChange={typed('body')}
          error={errors.body}
        />
        <TextInput
          name="authorName"
          label={REVIEW_LABELS.authorName}
          description="Shown with your review, as you write it here"
          autoComplete="given-name"
          required
          maxLength={L.authorName}
          value={values.authorName}
          onChange={typed('authorName')}
          error={errors.authorName}
        />
        <ReviewPhoto
          token={token}
          photo={photo}
          error={errors.photoUrl}
          onBusyChange={setUploading}
          onChange={(next) => {
            setPhoto(next);
            setErrors((current) => ({ ...current, photoUrl: undefined }));
          }}
        />
        <Group>
          <Button type="submit" size="md" loading={send.isPending} disabled={uploading}>
            Send my review
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
