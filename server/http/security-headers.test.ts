import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { expect, test } from 'vitest';
import { loadConfig } from '../config';
import { apiSecurityHeaders, helmetFor, isApiPath, securityHeaders } from './security-headers';

const response = (url = '/') => {
  const req = new IncomingMessage(new Socket());
  req.url = url;
  return new ServerResponse(req);
};

test.each([
  ['development', {}],
  [
    'production',
    {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(64),
      ADMIN_PASSWORD: 'a-long-admin-password',
      PUBLIC_URL: 'https://turnery.example',
      DATABASE_URL: 'postgres://shop@db.internal/shop',
      PAYMENT_PROVIDER: 'sandbox',
    },
  ],
])('each answer gets the headers helmet itself sets (%s)', (_name, env) => {
  const config = loadConfig(env);
  const byHelmet = response();
  helmetFor(config)(byHelmet.req, byHelmet, () => undefined);
  const byCopy = response();
  let passedOn = false;
  securityHeaders(config)(byCopy.req, byCopy, () => void (passedOn = true));
  expect(passedOn).toBe(true);
  expect(byCopy.getHeaders()).toEqual(byHelmet.getHeaders());
  expect(Object.keys(byCopy.getHeaders())).toContain('content-security-policy');
  expect(byCopy.hasHeader('strict-transport-security')).toBe(config.isProduction);
});

const production = loadConfig({
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(64),
  ADMIN_PASSWORD: 'a-long-admin-password',
  PUBLIC_URL: 'https://turnery.example',
  DATABASE_URL: 'postgres://shop@db.internal/shop',
  PAYMENT_PROVIDER: 'square',
  SQUARE_APPLICATION_ID: 'sq0idp-x',
  SQUARE_ACCESS_TOKEN: 'token',
  SQUARE_LOCATION_ID: 'LOC1',
  SQUARE_BASE_URL: 'https://connect.squareup.com',
});

test("an API answer gets OWASP's REST set instead, HSTS in production only", () => {
  const res = response('/api/tax/calculate');
  securityHeaders(production)(res.req, res, () => undefined);
  expect(res.getHeaders()).toEqual({
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  });
  expect(apiSecurityHeaders(loadConfig({}))).not.toHaveProperty('strict-transport-security');
});

test.each([
  ['/api/products', true],
  ['/api/products?search=bowl', true],
  ['/api', true],
  ['/trpc/products.list?input=%7B%7D', true],
  ['/trpc', true],
  ['/api/docs', false],
  ['/api/docs/redoc.standalone.js', false],
  ['/api/docs?x=1', false],
  ['/apiary', false],
  ['/trpcx', false],
  ['/shop', false],
  ['/', false],
  ['/uploads/a.png', false],
])('%s is an API address: %s', (url, api) => {
  expect(isApiPath(url)).toBe(api);
});
