// Steps of a checkout that several specs take: a cart with one product, the shipping form, the server's quote.
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { QuoteJson } from '../../support/api-types';
import { ADDRESS, BUYER } from '../../support/fixtures';

// Other specs change stock on the same server, so pick the featured product with the most stock left.
export async function fillCartWithOneProduct(page: Page) {
  const products = (await (await page.request.get('/api/products/featured')).json()) as {
    id: number;
    name: string;
    price: string;
    imageUrl: string;
    weight: string;
    stockQuantity: number;
    inStock: boolean;
    options?: unknown[];
  }[];
  // A product with options (D38) goes into a cart as one of its variants: these journeys buy a product without.
  const product = products.filter((p) => p.inStock && !p.options).sort((a, b) => b.stockQuantity - a.stockQuantity)[0]!;
  expect(product.stockQuantity).toBeGreaterThan(0);
  await page.goto('/');
  await page.evaluate((item) => localStorage.setItem('turnery-cart', JSON.stringify([{ ...item, quantity: 1 }])), {
    id: product.id,
    name: product.name,
    price: product.price,
    imageUrl: product.imageUrl,
    weight: product.weight,
    stockQuantity: product.stockQuantity,
  });
  return product;
}

export async function serverQuote(page: Page, productId: number, state: string) {
  const response = await page.request.post('/api/checkout/quote', { data: { items: [{ productId, quantity: 1 }], state } });
  return (await response.json()) as QuoteJson;
}

export async function fillShipping(page: Page, email = BUYER.customerEmail) {
  const [firstName, lastName] = BUYER.customerName.split(' ');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill(firstName!);
  await page.getByLabel('Last name').fill(lastName!);
  await page.getByLabel('Address').fill(ADDRESS.address);
  await page.getByLabel('City').fill(ADDRESS.city);
  await chooseState(page, 'Georgia');
  await page.getByLabel('ZIP code').fill(ADDRESS.zipCode);
  await page.getByLabel('Phone').fill(ADDRESS.phone);
}

export async function chooseState(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'State' }).selectOption({ label: name });
}
