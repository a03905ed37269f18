import cookieSession from 'cookie-session';
import type { Config } from '../config';
import { sessionSecret } from './session-secret';

/** The browser's signed session cookie (D13, D16). */
export function sessionCookie(config: Config) {
  return cookieSession({
    name: 'turnery.sid',
    secret: sessionSecret(config),
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isProduction,
    maxAge: 12 * 60 * 60 * 1000,
  });
}
