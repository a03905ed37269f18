import type { NotificationData } from '@mantine/notifications';

const COLORS = { error: 'red', success: 'green', info: 'blue' } as const;

/**
 * Shows a toast with a named close button. The notifications store is imported with the first toast (the lazy
 * NotificationsHost loads it anyway), so it is in no page's first bundle.
 */
export function showToast(data: NotificationData) {
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({ closeButtonProps: { 'aria-label': 'Close notification' }, ...data }),
  );
}

/**
 * One of docs/product.md section 8's toasts. The message gets a darker grey than Mantine's default, so an open toast
 * never fails the accessibility scan.
 */
export function toast(title: string, message: string, kind: keyof typeof COLORS) {
  const id = kind === 'error' ? `error-toast-${++errorToastCount}` : undefined;
  if (id) errorToasts.add(id);
  showToast({
    id,
    title,
    message,
    color: COLORS[kind],
    styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    onClose: () => id && errorToasts.delete(id),
  });
}

// The error toasts shown or still waiting their turn (one toast at a time: the others queue).
const errorToasts = new Set<string>();
let errorToastCount = 0;

/**
 * Takes every error toast away: once a payment went through, a decline retried at once must not still show, or
 * wait in the queue to show, over 'Order Confirmed!'.
 */
export function hideErrorToasts() {
  const ids = [...errorToasts];
  errorToasts.clear();
  if (ids.length === 0) return;
  void import('@mantine/notifications').then(({ notifications }) => ids.forEach((id) => notifications.hide(id)));
}
