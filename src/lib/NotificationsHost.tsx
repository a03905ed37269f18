import { Notifications } from '@mantine/notifications';

// Its own chunk (main.tsx loads it lazily): toasts go through the notifications store, which queues them
// until this host has loaded, so the first page need not carry the toast UI.
export default function NotificationsHost() {
  // docs/product.md section 9: one toast at a time, 5 s auto-close. At the bottom: at the top right a toast lay over
  // the header's cart button (the next thing a shopper reaches for after 'Add to Cart'), the open cart's close
  // button and the admin sections' buttons, and Mantine keeps a toast open while the pointer is on it.
  return <Notifications limit={1} autoClose={5000} position="bottom-right" />;
}
