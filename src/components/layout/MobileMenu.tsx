import { Drawer, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import classes from './Header.module.css';
import { NAV_LINKS } from './nav-links';

// Its own chunk: a drawer pulls in Mantine's modal and scroll-area code, which the first page need not load.
export default function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Menu" position="left" size="xs" hiddenFrom="sm">
      <nav aria-label="Mobile">
        <Stack gap="xs">
          {NAV_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className={classes.mobileLink} activeOptions={{ exact: link.to === '/' }} onClick={onClose}>
              {link.label}
            </Link>
          ))}
        </Stack>
      </nav>
    </Drawer>
  );
}
