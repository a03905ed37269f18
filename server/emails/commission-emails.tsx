import { Button, Img, Section, Text } from '@react-email/components';
import { colors, EmailLayout, text, type ShopFooter } from './layout';

// The emails of a commission (issue 37). Each carries the buyer's signed page, where everything can be seen and
// paid; the addresses are absolute, made from PUBLIC_URL when the email was written.

const button = { backgroundColor: colors.walnut, borderRadius: '6px', color: '#ffffff', fontSize: '15px', padding: '12px 20px' };
const quoted = { ...text, borderLeft: `3px solid ${colors.line}`, paddingLeft: '12px', whiteSpace: 'pre-wrap' } as const;

/** What the emails name of a commission. */
export interface CommissionMailFacts {
  id: number;
  name: string;
  email: string;
  purpose: string;
  wood: string;
  size: string;
  budget: string;
  neededBy: string | null;
  photos: number;
}

export interface CommissionQuoteFacts {
  version: number;
  /** `variant`: the title of the shop's variant the line is, made to order (D38), when it names one. */
  lines: { description: string; variant?: string; quantity: number; lineTotal: string }[];
  subtotal: string;
  shipping: string;
  /** A discount code the owner put on the quote (D40) and what it takes off the total. */
  discountCode?: string;
  discount?: string;
  tax: string;
  total: string;
  deposit: string;
  leadTimeDays: number;
  validUntil: string;
  message: string | null;
}

export interface CommissionEmailData {
  'commission-acknowledgement': { commission: CommissionMailFacts; pageUrl: string };
  'commission-notification': { headline: string; commission: CommissionMailFacts; adminUrl: string };
  'commission-quote': { name: string; quote: CommissionQuoteFacts; pageUrl: string };
  'commission-update': { name: string; text: string; photoUrl: string | null; pageUrl: string };
  'commission-ready': { name: string; balance: string; pageUrl: string };
  'commission-payment': { name: string; what: 'deposit' | 'balance'; amount: string; pageUrl: string };
  'commission-cancelled': { name: string; refunded: string; pageUrl: string };
}

function PageButton({ pageUrl, label }: { pageUrl: string; label: string }) {
  return (
    <>
      <Button href={pageUrl} style={button}>
        {label}
      </Button>
      <Text style={{ ...text, marginTop: '16px' }}>Your commission's page, any time: {pageUrl}</Text>
    </>
  );
}

/** To the buyer: the request arrived; its page's link. */
export function CommissionAcknowledgementEmail({
  commission,
  pageUrl,
  shop,
}: CommissionEmailData['commission-acknowledgement'] & { shop: ShopFooter }) {
  return (
    <EmailLayout preview="We received your commission request" shop={shop}>
      <Text style={text}>Hello {commission.name},</Text>
      <Text style={text}>
        Thank you for asking Turnery to turn a piece for you. We will look at your request and send you a quote, usually within two working
        days. Everything about it (the quote, the deposit, photos of the work) will be on its page:
      </Text>
      <Section>
        <Text style={quoted}>{commission.purpose}</Text>
      </Section>
      <PageButton pageUrl={pageUrl} label="See your request" />
    </EmailLayout>
  );
}

/** To the owner: a request came in, or a buyer paid. */
export function CommissionNotificationEmail({
  headline,
  commission,
  adminUrl,
  shop,
}: CommissionEmailData['commission-notification'] & { shop: ShopFooter }) {
  return (
    <EmailLayout preview={headline} shop={shop}>
      <Text style={text}>{headline}</Text>
      <Text style={text}>
        From: {commission.name} ({commission.email})
        <br />
        Wood: {commission.wood}; size: {commission.size}; budget: {commission.budget}
        <br />
        Needed by: {commission.neededBy ?? 'no date given'}; reference photos: {commission.photos}
      </Text>
      <Section>
        <Text style={quoted}>{commission.purpose}</Text>
      </Section>
      <Text style={text}>In the admin: {adminUrl}</Text>
    </EmailLayout>
  );
}

/** To the buyer: a quote (or a new version of it) to accept by paying the deposit. */
export function CommissionQuoteEmail({ name, quote, pageUrl, shop }: CommissionEmailData['commission-quote'] & { shop: ShopFooter }) {
  return (
    <EmailLayout preview={`Your quote: $${quote.total}`} shop={shop}>
      <Text style={text}>Hello {name},</Text>
      <Text style={text}>
        {quote.version > 1 ? 'Here is an updated quote for your commission' : 'Here is our quote for your commission'}:
      </Text>
      <Text style={text}>
        {quote.lines.map((line, index) => (
          <span key={index}>
            {line.quantity} x {line.description}: ${line.lineTotal}
            <br />
            {line.variant && (
              <>
                <span style={{ color: colors.muted }}>{line.variant}</span>
                <br />
              </>
            )}
          </span>
        ))}
        Shipping: ${quote.shipping}
        <br />
        {quote.discountCode && (
          <>
            Discount ({quote.discountCode}): -${quote.discount}
            <br />
          </>
        )}
        Tax: ${quote.tax}
        <br />
        Total: ${quote.total}
      </Text>
      <Text style={text}>
        A deposit of ${quote.deposit} starts the work, which takes about {quote.leadTimeDays} days. The quote holds until {quote.validUntil}
        .
      </Text>
      {quote.message && (
        <Section>
          <Text style={quoted}>{quote.message}</Text>
        </Section>
      )}
      <PageButton pageUrl={pageUrl} label="Accept and pay the deposit" />
    </EmailLayout>
  );
}

/** To the buyer: a build-log entry, with its photo. */
export function CommissionUpdateEmail({
  name,
  text: entry,
  photoUrl,
  pageUrl,
  shop,
}: CommissionEmailData['commission-update'] & { shop: ShopFooter }) {
  return (
    <EmailLayout preview="News of your commission" shop={shop}>
      <Text style={text}>Hello {name},</Text>
      <Text style={text}>News from the workshop about your piece:</Text>
      <Section>
        <Text style={quoted}>{entry}</Text>
      </Section>
      {photoUrl && <Img src={photoUrl} alt="The work in progress" width="480" style={{ maxWidth: '100%', margin: '0 0 12px' }} />}
      <PageButton pageUrl={pageUrl} label="See the build log" />
    </EmailLayout>
  );
}

/** To the buyer: the piece is finished; the balance is due. */
export function CommissionReadyEmail({ name, balance, pageUrl, shop }: CommissionEmailData['commission-ready'] & { shop: ShopFooter }) {
  return (
    <EmailLayout preview="Your piece is ready" shop={shop}>
      <Text style={text}>Hello {name},</Text>
      <Text style={text}>Your piece is finished. Once the balance of ${balance} is paid, we pack it and send it on its way.</Text>
      <PageButton pageUrl={pageUrl} label="Pay the balance" />
    </EmailLayout>
  );
}

/** To the buyer: a deposit or balance was received. */
export function CommissionPaymentEmail({
  name,
  what,
  amount,
  pageUrl,
  shop,
}: CommissionEmailData['commission-payment'] & { shop: ShopFooter }) {
  return (
    <EmailLayout preview={`We received your ${what}`} shop={shop}>
      <Text style={text}>Hello {name},</Text>
      <Text style={text}>
        {what === 'deposit'
          ? `Thank you: we received your deposit of $${amount}, and the work on your piece begins. We will post progress on its page as it goes.`
          : `Thank you: we received the balance of $${amount}. Your piece will ship shortly; the tracking number will follow by email.`}
      </Text>
      <PageButton pageUrl={pageUrl} label="See your commission" />
    </EmailLayout>
  );
}

/** To the buyer: the commission was cancelled, with what went back. */
export function CommissionCancelledEmail({
  name,
  refunded,
  pageUrl,
  shop,
}: CommissionEmailData['commission-cancelled'] & { shop: ShopFooter }) {
  return (
    <EmailLayout preview="Your commission was cancelled" shop={shop}>
      <Text style={text}>Hello {name},</Text>
      <Text style={text}>
        Your commission was cancelled.{' '}
        {refunded !== '0.00' ? `We have returned $${refunded} to you; your bank may take a few days to show it.` : ''}
      </Text>
      <Text style={text}>Questions? Reply to this email or write to {shop.email}.</Text>
      <Text style={text}>Your commission's page: {pageUrl}</Text>
    </EmailLayout>
  );
}
