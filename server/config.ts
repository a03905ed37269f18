import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { squareEnvironment } from './domain/square-web';
import { settingProblems, SQUARE_API_URLS, type SettingProblem } from './config-rules';

// The only reader of process.env: every setting is parsed here once, and a bad value names its variable.
const optionalText = z.string().trim().min(1).optional();
// Which peers may tell the client's address in X-Forwarded-*: express's names for address ranges, or addresses
// and CIDR ranges, comma-separated. Default: a proxy on the same machine only.
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyRange = (entry: string) => {
  const [address, bits, extra] = entry.split('/');
  return (
    PROXY_RANGE_NAMES.includes(entry) ||
    (extra === undefined && isIP(address ?? '') !== 0 && (bits === undefined || /^\d{1,3}$/.test(bits)))
  );
};
const trustProxy = z
  .string()
  .transform((value) => value.split(',').map((entry) => entry.trim()))
  .refine((entries) => entries.every(isProxyRange), `must be ${PROXY_RANGE_NAMES.join(', ')} or IP addresses/CIDR ranges, comma-separated`);
const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('.data'),
  // The demo catalogue: by default in development and tests, in production only when asked for (D29).
  SEED_DEMO_DATA: flag.optional(),
  RESPONSE_CACHE: flag.default(true),
  // How long the app waits for any one database answer: a frozen connection (a partition) is a 503 within 5 s.
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(3000),
  // On a stop, readiness answers 503 this long while requests are still served, so a balancer checking readiness
  // (deploy/Caddyfile: every second) takes the instance out before its listener closes.
  STOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  PUBLIC_URL: z.string().url().optional(),
  TRUST_PROXY: trustProxy.default(['loopback']),
  ADMIN_PASSWORD: optionalText,
  // Taking the account back: at start-up the admin password becomes ADMIN_PASSWORD's again, whatever the owner
  // chose in the admin, and every admin session and API token ends. Unset it after that start.
  ADMIN_PASSWORD_RESET: flag.default(false),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Default sandbox, except in production, which must name it (config-rules.ts).
  PAYMENT_PROVIDER: z.enum(['sandbox', 'square', 'paypal']).optional(),
  // How long one provider call may take before the buyer is told the provider is unavailable.
  PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  // How long a payment may stay taken without an order (or a charge without its outcome) before it is refunded.
  PAYMENT_RECOVERY_AFTER_MS: z.coerce.number().int().min(0).default(600_000),
  // Card charges, PayPal orders, PayPal captures and orders one client (an IPv4 address, an IPv6 /64) may start in
  // 10 minutes, each counted on its own across every instance.
  PAYMENT_ATTEMPTS_PER_CLIENT: z.coerce.number().int().min(1).default(10),
  // Declined charges one card may have in an hour before the shop refuses it (card testing from many addresses).
  CARD_DECLINES_PER_CARD: z.coerce.number().int().min(1).default(5),
  // Declined card charges the whole shop takes in a minute before it refuses every card charge for the rest of it.
  CARD_DECLINES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  // Requests one API token may make a minute, counted across every instance.
  API_TOKEN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  // The public id the card form gives Square's Web Payments SDK; its prefix picks sandbox or production.
  SQUARE_APPLICATION_ID: optionalText.refine(
    (id) => id === undefined || squareEnvironment(id) !== null,
    'must start with sandbox-sq0idb- (sandbox) or sq0idp- (production)',
  ),
  SQUARE_ACCESS_TOKEN: optionalText,
  SQUARE_LOCATION_ID: optionalText,
  SQUARE_BASE_URL: z.string().url().default(SQUARE_API_URLS.sandbox),
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  PAYPAL_BASE_URL: z.string().url().default('https://api-m.sandbox.paypal.com'),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Turnery <hello@turnery.example>'),
  OWNER_EMAIL: z.string().email().default('owner@turnery.example'),
  SHOP_EMAIL: z.string().email().default('hello@turnery.example'),
  SHOP_PHONE: z.string().default('(706) 555-0142'),
  SHOP_LOCATION: z.string().default('Booth 114, Riverside Antique Mall, Athens, Georgia'),
  // The same place as a postal address, for search engines' business data (schema.org PostalAddress).
  SHOP_STREET_ADDRESS: z.string().default('Booth 114, Riverside Antique Mall'),
  SHOP_CITY: z.string().default('Athens'),
  SHOP_REGION: z.string().default('GA'),
  SHOP_POSTAL_CODE: z.string().default(''),
  SHOP_COUNTRY: z.string().length(2).default('US'),
  // Prometheus metrics: GET /metrics on the shop's port for a scraper sending this bearer token, and/or on a
  // port of their own. With neither, no metrics are served.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  // The metrics port asks for no token, so it listens on this machine only unless told otherwise.
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  // Webhooks: how long one delivery may take, the wait after the first failed attempt (doubled after each
  // further one), and how many attempts a delivery gets before it is marked failed.
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(10),
  // Webhooks to loopback, private, link-local and other internal addresses are refused (when saved and when each
  // delivery connects) unless this says otherwise: a receiver on this machine or its network (tests, development).
  WEBHOOK_ALLOW_INTERNAL_ADDRESSES: flag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** Every setting's name (.env.example lists them all). */
export const SETTING_NAMES = Object.keys(schema.shape);

type Parsed = z.infer<typeof schema>;
export type Config = Omit<Parsed, 'SEED_DEMO_DATA' | 'PAYMENT_PROVIDER'> & {
  SEED_DEMO_DATA: boolean;
  PAYMENT_PROVIDER: NonNullable<Parsed['PAYMENT_PROVIDER']>;
  dataDir: string;
  isProduction: boolean;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as shells and .env files often leave them.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(present);
  // Every problem at once, each naming its variable: bad values, then what the settings need together.
  const problems: SettingProblem[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ name: issue.path.join('.'), message: issue.message }));
  problems.push(...settingProblems(present).filter((rule) => !problems.some((problem) => problem.name === rule.name)));
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map(({ name, message }) => `  ${name}: ${message}`).join('\n')}`);
  }
  const config = parsed.data;
  const isProduction = config.NODE_ENV === 'production';
  return {
    ...config,
    SEED_DEMO_DATA: config.SEED_DEMO_DATA ?? !isProduction,
    PAYMENT_PROVIDER: config.PAYMENT_PROVIDER ?? 'sandbox',
    dataDir: path.resolve(config.DATA_DIR),
    isProduction,
  };
}
