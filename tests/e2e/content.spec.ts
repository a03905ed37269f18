import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { SignedTokens } from '../../server/http/signed-tokens';
import { expectNoA11yViolations } from './support/axe';
import { E2E_SESSION_SECRET } from './support/admin-password';

// The test signs links as the shop does, with its session secret.
const tokens = new SignedTokens(E2E_SESSION_SECRET, 'newsletter-unsubscribe-v1');
const longUsDate = (iso: string | null) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(iso ? new Date(iso) : new Date());

interface Post {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  publishedAt: string | null;
}

async function publishedPosts(page: Page): Promise<Post[]> {
  const posts = (await (await page.request.get('/api/blog')).json()) as Post[];
  expect(posts.length, 'the demo data has a published post').toBeGreaterThan(0);
  return posts;
}

const toast = (page: Page, title: string) => page.locator('.mantine-Notification-root').filter({ hasText: title });

test.describe('blog', () => {
  test('the list shows every published post and leads to its page', async ({ page }) => {
    const posts = await publishedPosts(page);
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'From the Workshop' })).toBeVisible();
    for (const post of posts) {
      const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: post.title, exact: true }) });
      await expect(card.getByText(post.excerpt)).toBeVisible();
      await expect(card.getByText(longUsDate(post.publishedAt))).toBeVisible();
    }
    await expectNoA11yViolations(page);

    const first = posts[0]!;
    await page.getByRole('link', { name: `Read More about ${first.title} →` }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${first.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
    await expect(page).toHaveTitle(`${first.title} | Turnery`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', first.title);
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: '← Back to the blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('a post opens by its slug too, and runs nothing from its content', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    for (const post of await publishedPosts(page)) {
      await page.goto(`/blog/${post.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
      const content = page.getByTestId('post-content');
      await expect(content.locator('script, iframe, [onerror], [onload], [onclick]')).toHaveCount(0);
      await expect(content.locator('a[href^="javascript:" i]')).toHaveCount(0);
    }
    expect(dialogs).toEqual([]);
  });

  test('an unknown post shows "Post not found" with a way back', async ({ page }) => {
    await page.goto('/blog/no-such-post-anywhere');
    await expect(page.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the blog' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'From the Workshop' })).toBeVisible();
  });

  test('the list shows six placeholders while it loads', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/trpc/blog.list**', async (route) => {
      await held;
      await route.continue();
    });
    // Going there from another page: a page loaded from the address bar arrives with its posts.
    await openBlogFromHome(page);
    await expect(page.getByTestId('blog-skeleton')).toHaveCount(6);
    release();
    await expect(page.getByTestId('blog-skeleton')).toHaveCount(0);
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test('an empty blog says "Coming Soon"', async ({ page }) => {
    await page.route('**/trpc/blog.list**', (route) => route.fulfill({ json: [{ result: { data: [] } }] }));
    await openBlogFromHome(page);
    await expect(page.getByRole('heading', { name: 'Coming Soon' })).toBeVisible();
    await expect(page.getByText(/check back/i)).toBeVisible();
  });
});

async function openBlogFromHome(page: Page) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Blog', exact: true }).click();
}

test.describe('contact', () => {
  const fillContactForm = async (page: Page) => {
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('combobox', { name: 'Subject' }).selectOption({ label: 'Custom Order' });
    await page.getByLabel('Message').fill('Could you turn a walnut bowl with a lid?');
  };

  test('shows the contact details and the promises of the page', async ({ page }) => {
    const info = (await (await page.request.get('/api/shop/info')).json()) as { email: string; phone: string; location: string };
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Get in Touch' })).toBeVisible();
    await expect(page.getByRole('link', { name: info.email })).toHaveAttribute('href', `mailto:${info.email}`);
    await expect(page.getByText(info.phone)).toBeVisible();
    await expect(page.getByText(info.location)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Workshop Hours' })).toBeVisible();
    await expect(page.getByText('within 24 hours on business days')).toBeVisible();
    await expect(page.getByText(/Custom orders typically take 2-4 weeks depending on complexity/)).toBeVisible();
    await expect(page.getByLabel('Message')).toHaveAttribute('rows', '5');
    await expectNoA11yViolations(page);
  });

  test('an empty form names every missing field and sends nothing', async ({ page }) => {
    let sent = false;
    await page.route('**/trpc/contact.send**', (route) => {
      sent = true;
      return route.abort();
    });
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const text of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Choose a subject',
      'Message is required',
    ]) {
      await expect(page.getByText(text)).toBeVisible();
    }
    await expect(page.getByLabel('First name')).toBeFocused();
    await page.getByLabel('First name').fill('Ada');
    await expect(page.getByText('First name is required')).toBeHidden();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    expect(sent).toBe(false);
    await expectNoA11yViolations(page, page.locator('form').filter({ has: page.getByLabel('First name') }));
  });

  test('a sent message says thank you and clears the form', async ({ page }) => {
    await page.goto('/contact');
    await fillContactForm(page);
    // Hold the request until the busy button has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/trpc/contact.send**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    await expect(toast(page, 'Message sent!')).toContainText("Thank you for your message. We'll get back to you soon.");
    await expect(page.getByLabel('First name')).toHaveValue('');
    await expect(page.getByLabel('Message')).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Subject' })).toHaveValue('');
  });

  test('a failed send says so and keeps what was typed', async ({ page }) => {
    await page.route('**/trpc/contact.send**', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/contact');
    await fillContactForm(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(toast(page, 'Error')).toContainText('Failed to send message. Please try again.');
    await expect(page.getByLabel('First name')).toHaveValue('Ada');
    await expect(page.getByLabel('Message')).toHaveValue('Could you turn a walnut bowl with a lid?');
    await expect(page.getByRole('combobox', { name: 'Subject' })).toHaveValue('custom');
  });

  test('over the rate limit, the form shows the server message', async ({ page }) => {
    const message = 'Too many attempts. Please wait 420 seconds and try again.';
    await page.route('**/trpc/contact.send**', (route) =>
      route.fulfill({
        status: 429,
        json: [{ error: { message, code: -32029, data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, path: 'contact.send' } } }],
      }),
    );
    await page.goto('/contact');
    await fillContactForm(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please wait a moment' })).toContainText(message);
    await expect(page.getByLabel('Last name')).toHaveValue('Lovelace');
  });
});

test.describe('newsletter', () => {
  const emailField = (page: Page) => page.getByRole('textbox', { name: 'Email address' });

  test('subscribing thanks the reader and clears the field', async ({ page }) => {
    await page.goto('/blog');
    await emailField(page).fill(`reader-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toast(page, 'Success!')).toContainText('Thank you for subscribing to our newsletter.');
    await expect(emailField(page)).toHaveValue('');
  });

  test('a failed subscription says so and keeps the address', async ({ page }) => {
    await page.route('**/trpc/newsletter.subscribe**', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/blog');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expectNoA11yViolations(page, page.locator('form').filter({ has: emailField(page) }));
    await emailField(page).fill('keep-me@example.com');
    await emailField(page).press('Enter');
    await expect(toast(page, 'Error')).toContainText('Failed to subscribe. Please try again.');
    await expect(emailField(page)).toHaveValue('keep-me@example.com');
  });

  test('the link from the welcome email unsubscribes; a forged one does not', async ({ page }) => {
    const email = `leaver-${Date.now()}@example.com`;
    expect((await page.request.post('/api/newsletter/subscribe', { data: { email } })).status()).toBe(200);

    await page.goto(`/newsletter/unsubscribe?token=${encodeURIComponent(tokens.sign(email))}`);
    await expect(page.getByRole('heading', { level: 1, name: 'You have been unsubscribed' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expectNoA11yViolations(page);

    const forged = tokens.sign(email).replace(/\.(.)/, (_, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
    await page.goto(`/newsletter/unsubscribe?token=${encodeURIComponent(forged)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'This unsubscribe link is not valid' })).toBeVisible();
  });
});
