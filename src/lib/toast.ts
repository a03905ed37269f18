import type { NotificationData } from '@mantine/notifications';

const COLORS = { error: 'red', success: 'green', info: 'blue' } as const;

/**
 * Shows a toast with a named close button. The notifications store is imported with the first toast (the lazy
 * NotificationsHost loads it anyway), so it is in no page's first bundle. A toast shown in a group can be taken
 * away with the rest of its group by `hideToasts`, whether it is showing or still waiting its turn (one toast at a
 * time: the others queue).
 */
export function showToast(data: NotificationData, group?: string) {
  const grouped = group === undefined ? undefined : { ids: members(group), id: `${group}-${++toastCount}` };
  grouped?.ids.add(grouped.id);
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      closeButtonProps: { 'aria-label': 'Close notification' },
      ...data,
      id: grouped?.id ?? data.id,
      onClose: (props) => {
        grouped?.ids.delete(grouped.id);
        data.onClose?.(props);
      },
    }),
  );
}

/** Takes every toast of the group away, shown or queued. */
export function hideToasts(group: string) {
  const ids = members(group);
  const hidden = [...ids];
  ids.clear();
  if (hidden.length === 0) return;
  void import('@mantine/notifications').then(({ notifications }) => hidden.forEach((id) => notifications.hide(id)));
}

/**
 * One of docs/product.md section 8's toasts. The message gets a darker grey than Mantine's default, so an open toast
 * never fails the accessibility scan.
 */
export function toast(title: string, message: string, kind: keyof typeof COLORS) {
  showToast(
    { title, message, color: COLORS[kind], styles: { description: { color: 'var(--mantine-color-gray-7)' } } },
    kind === 'error' ? ERROR_TOASTS : undefined,
  );
}

/**
 * Takes every error toast away: once a payment went through, a decline retried at once must not still show, or
 * wait in the queue to show, over 'Order Confirmed!'.
 */
export function hideErrorToasts() {
  hideToasts(ERROR_TOASTS);
}

const ERROR_TOASTS = 'error-toast';
const groups = new Map<string, Set<string>>();
let toastCount = 0;

function members(group: string) {
  let ids = groups.get(group);
  if (!ids) groups.set(group, (ids = new Set()));
  return ids;
}
