import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { expect, test } from 'vitest';
import { loadConfig } from '../config';
import { helmetFor, securityHeaders } from './security-headers';

const response = () => new ServerResponse(new IncomingMessage(new Socket()));

test.each([
  ['development', {}],
  [
    'production',
    {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(64),
      ADMIN_PASSWORD: 'a-long-admin-password',
      PUBLIC_URL: 'https://turnery.example',
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
