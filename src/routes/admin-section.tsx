import { Center, Loader } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { Suspense, type ComponentType } from 'react';
import { NotFound } from '../components/NotFound';
import { findSection } from '../features/admin/sections';
import { usePageMeta } from '../lib/page-meta';

const sectionRoute = getRouteApi('/admin-shell/admin/$section');

// One section of the admin (src/features/admin/sections.ts), inside the admin's frame, which has asked the server
// first (D17). An address no section has is the not-found page.
export default function AdminSectionPage() {
  const section = findSection(sectionRoute.useParams().section);
  if (!section) return <NotFound />;
  // Keyed: each section its own loading boundary, so the old section is not left on screen (and its heading
  // focused) while the new one's code loads.
  return <Section key={section.path} name={section.name} Component={section.component} />;
}

function Section({ name, Component }: { name: string; Component: ComponentType }) {
  usePageMeta(`${name} - Admin`, `The shop's ${name.toLowerCase()}, for the owner.`);
  return (
    <Suspense
      fallback={
        <Center py="xl" role="status">
          <Loader aria-label={`Loading ${name}`} />
        </Center>
      }
    >
      <Component />
    </Suspense>
  );
}
