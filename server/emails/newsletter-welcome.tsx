import { Link, Text } from '@react-email/components';
import { EmailLayout, link, text, type ShopFooter } from './layout';

/** The first newsletter email, with the way out in it. */
export function NewsletterWelcomeEmail({ unsubscribeUrl, shop }: { unsubscribeUrl: string; shop: ShopFooter }) {
  return (
    <EmailLayout preview="Welcome to the Turnery newsletter" shop={shop}>
      <Text style={text}>Thank you for subscribing to the Turnery newsletter.</Text>
      <Text style={text}>We&apos;ll write now and then with new pieces from the lathe, stories from the workshop and the odd offer.</Text>
      <Text style={text}>
        Changed your mind?{' '}
        <Link href={unsubscribeUrl} style={link}>
          Unsubscribe
        </Link>{' '}
        at any time: {unsubscribeUrl}
      </Text>
    </EmailLayout>
  );
}
