import { Link, Section, Text } from '@react-email/components';
import type { ContactInput } from '../domain/contact-form';
import { subjectLabel } from '../domain/subjects';
import { colors, EmailLayout, link, text, type ShopFooter } from './layout';

const quoted = { ...text, borderLeft: `3px solid ${colors.line}`, paddingLeft: '12px', whiteSpace: 'pre-wrap' } as const;

/** To the owner: who wrote, about what, the message; replying answers the customer (Reply-To). */
export function ContactNotificationEmail({ input, shop }: { input: ContactInput; shop: ShopFooter }) {
  return (
    <EmailLayout preview={`${subjectLabel(input.subject)} from ${input.firstName} ${input.lastName}`} shop={shop}>
      <Text style={text}>A new message came in through the contact form.</Text>
      <Text style={text}>
        From: {input.firstName} {input.lastName} &lt;
        <Link href={`mailto:${input.email}`} style={link}>
          {input.email}
        </Link>
        &gt;
        <br />
        Subject: {subjectLabel(input.subject)}
      </Text>
      <Section>
        <Text style={quoted}>{input.message}</Text>
      </Section>
      <Text style={text}>Reply to this email to answer {input.firstName} within 24 hours, as the contact page promises.</Text>
    </EmailLayout>
  );
}

/** To the customer: their message arrived, and when to expect an answer. */
export function ContactAcknowledgementEmail({ input, shop }: { input: ContactInput; shop: ShopFooter }) {
  return (
    <EmailLayout preview="We received your message" shop={shop}>
      <Text style={text}>Hello {input.firstName},</Text>
      <Text style={text}>Thank you for writing to Turnery. We received your message and will reply within 24 hours.</Text>
      <Text style={text}>What you wrote:</Text>
      <Section>
        <Text style={quoted}>{input.message}</Text>
      </Section>
    </EmailLayout>
  );
}
