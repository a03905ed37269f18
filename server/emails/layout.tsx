import { Body, Container, Head, Hr, Html, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';

// The shop's look in email: the walnut of the site's buttons, warm paper, one readable column. Inline styles
// only: mail clients ignore style sheets.
export const colors = { walnut: '#7a4a1b', ink: '#2b2118', muted: '#5f5247', paper: '#faf7f2', line: '#e6dccf' };

/** Links in the walnut of the site, underlined: readable (contrast above 4.5:1) and not told by colour alone. */
export const link = { color: '#7a4a1b', textDecoration: 'underline' } as const;

export const text = { fontSize: '15px', lineHeight: '24px', color: colors.ink, margin: '0 0 12px' } as const;

export type ShopFooter = {
  location: string;
  email: string;
};

export function EmailLayout({ preview, shop, children }: { preview: string; shop: ShopFooter; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colors.paper, fontFamily: 'Georgia, "Times New Roman", serif', margin: 0, padding: '24px 0' }}>
        <Container
          style={{
            backgroundColor: '#ffffff',
            border: `1px solid ${colors.line}`,
            borderRadius: '8px',
            maxWidth: '560px',
            padding: '32px',
          }}
        >
          <Text style={{ color: colors.walnut, fontSize: '24px', fontWeight: 700, margin: '0 0 24px' }}>Turnery</Text>
          <Section style={{ fontFamily: 'Helvetica, Arial, sans-serif' }}>{children}</Section>
          <Hr style={{ borderColor: colors.line, margin: '24px 0 12px' }} />
          <Text style={{ ...text, color: colors.muted, fontSize: '12px', lineHeight: '18px', margin: 0 }}>
            Turnery · {shop.location} · {shop.email}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
