import { squareEnvironment, type SquareEnvironment } from './domain/square-web';

// What a setting needs beyond its own value (D29): production refuses, at start-up, whatever would lose money or
// data, and Square's settings must agree on sandbox or production. Read from the variables as given (config.ts
// passes them), so every problem is found even when another value does not parse.

/** Square's API, by environment: the sandbox is SQUARE_BASE_URL's default. */
export const SQUARE_API_URLS: Record<SquareEnvironment, string> = {
  sandbox: 'https://connect.squareupsandbox.com',
  production: 'https://connect.squareup.com',
};

/** An admin password a production shop accepts: long enough not to be guessed. */
export const MIN_PRODUCTION_ADMIN_PASSWORD = 12;

export interface SettingProblem {
  name: string;
  message: string;
}

type Settings = Record<string, string | undefined>;

/** Every problem of the settings taken together, each naming its variable. */
export function settingProblems(env: Settings): SettingProblem[] {
  const problems = [...(env.NODE_ENV === 'production' ? productionProblems(env) : []), ...squareProblems(env)];
  if ((env.ADMIN_PASSWORD_RESET === 'true' || env.ADMIN_PASSWORD_RESET === '1') && !env.ADMIN_PASSWORD?.trim()) {
    problems.push({ name: 'ADMIN_PASSWORD_RESET', message: 'needs ADMIN_PASSWORD, the password to reset to' });
  }
  return problems;
}

function productionProblems(env: Settings): SettingProblem[] {
  const problems: SettingProblem[] = [];
  const adminPassword = env.ADMIN_PASSWORD?.trim() ?? '';
  if (!adminPassword) problems.push({ name: 'ADMIN_PASSWORD', message: 'required in production' });
  else if (adminPassword.length < MIN_PRODUCTION_ADMIN_PASSWORD) {
    problems.push({ name: 'ADMIN_PASSWORD', message: `must be at least ${MIN_PRODUCTION_ADMIN_PASSWORD} characters in production` });
  }
  if (!env.SESSION_SECRET) problems.push({ name: 'SESSION_SECRET', message: 'required in production' });
  // The only source of the shop's absolute addresses (links in emails, sitemap, canonical), never the Host header.
  if (!env.PUBLIC_URL) problems.push({ name: 'PUBLIC_URL', message: 'required in production' });
  if (!env.DATABASE_URL) {
    problems.push({
      name: 'DATABASE_URL',
      message: 'required in production (without it the shop runs an embedded PostgreSQL whose data is lost with the container)',
    });
  }
  if (!env.PAYMENT_PROVIDER) {
    problems.push({
      name: 'PAYMENT_PROVIDER',
      message:
        'required in production: square or paypal take real payments; sandbox takes no money and is for a staging shop only (its pages then say so)',
    });
  }
  return problems;
}

function squareProblems(env: Settings): SettingProblem[] {
  const provider = env.PAYMENT_PROVIDER ?? (env.NODE_ENV === 'production' ? undefined : 'sandbox');
  const problems: SettingProblem[] = [];
  // Real card payments need all three: the browser's card fields (application id) and the server's charge.
  if (provider === 'square') {
    for (const name of ['SQUARE_APPLICATION_ID', 'SQUARE_ACCESS_TOKEN', 'SQUARE_LOCATION_ID']) {
      if (!env[name]?.trim()) problems.push({ name, message: 'required when PAYMENT_PROVIDER is square' });
    }
  }
  // The card fields tokenize in the application id's environment and the server charges at SQUARE_BASE_URL: a live
  // id with the sandbox API (the default) fails every payment, and a sandbox id with the live API as well. A base
  // URL that is neither of Square's (a test double, a proxy) is not judged.
  const idEnvironment = provider !== 'sandbox' && env.SQUARE_APPLICATION_ID ? squareEnvironment(env.SQUARE_APPLICATION_ID.trim()) : null;
  const baseUrl = env.SQUARE_BASE_URL ?? SQUARE_API_URLS.sandbox;
  const urlEnvironment = (Object.keys(SQUARE_API_URLS) as SquareEnvironment[]).find((name) => sameOrigin(SQUARE_API_URLS[name], baseUrl));
  if (idEnvironment && urlEnvironment && idEnvironment !== urlEnvironment) {
    problems.push({
      name: 'SQUARE_BASE_URL',
      message:
        `${baseUrl} is Square's ${urlEnvironment} but SQUARE_APPLICATION_ID is a ${idEnvironment} id: ` +
        `set SQUARE_BASE_URL=${SQUARE_API_URLS[idEnvironment]} or an application id of the ${urlEnvironment}`,
    });
  }
  return problems;
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
