import { Notifications } from '@mantine/notifications';

// Its own chunk (main.tsx loads it lazily): toasts go through the notifications store, which queues them
// until this host has loaded, so the first page need not carry the toast UI.
export default function NotificationsHost() {
  // docs/product.md section 9: one toast at a time, 5 s auto-close.
  return <Notifications limit={1} autoClose={5000} position="top-right" />;
}
