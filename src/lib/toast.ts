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
  showToast({ title, message, color: COLORS[kind], styles: { description: { color: 'var(--mantine-color-gray-7)' } } });
}
