import { notifications } from '@mantine/notifications';
import type { inferRouterOutputs } from '@trpc/server';
import { STATES } from '../../../../server/domain/states';
import type { AppRouter } from '../../../../server/trpc/app-router';
import { inputIssues } from '../../../lib/trpc-errors';

// What the Shipping & tax section's two forms share: the settings' types, the state choices and how a refusal shows.

export type Settings = inferRouterOutputs<AppRouter>['admin']['sales'];
export type Issues = Record<string, string>;

export const STATE_CHOICES = STATES.map((state) => ({ value: state.value, label: `${state.label} (${state.value})` }));

/**
 * A save the server refused: each bad field it named, by its whole path ('zones.1.states'), for the form to show;
 * a toast when it named none; and the keyboard to the first field named.
 */
export function refusal(error: { message: string }, root: HTMLElement | null): Issues {
  const found: Issues = {};
  for (const issue of inputIssues(error)) found[issue.path.join('.')] ??= issue.message;
  if (Object.keys(found).length === 0) notifications.show({ title: 'Not saved', message: error.message, color: 'red' });
  requestAnimationFrame(() => root?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  return found;
}
