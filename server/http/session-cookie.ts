import cookieSession from 'cookie-session';
import type { Request, RequestHandler } from 'express';
import type { Config } from '../config';
import { sessionSecret } from './session-secret';

/**
 * The browser's signed session cookie (D13, D16), cookie-session's middleware run when `req.session` is first read
 * or set: most calls (a calculation, a catalogue read, a refused flood) never touch the session, and its work per
 * request (a cookie jar, the hook that writes Set-Cookie) was about 4% of a tax call's CPU (profiled). It sets up
 * what it always did, only later; a session read after the answer's head is sent could not be saved either way.
 */
export function sessionCookie(config: Config): RequestHandler {
  const attach = cookieSession({
    name: 'turnery.sid',
    secret: sessionSecret(config),
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isProduction,
    maxAge: 12 * 60 * 60 * 1000,
  });
  const noop = () => {};
  // One descriptor for every request (its functions read the request as `this`; express sets `req.res`): defining
  // fresh closures per request cost about half as much again (in process).
  const lazySession: PropertyDescriptor & ThisType<Request> = {
    configurable: true,
    enumerable: true,
    get() {
      // cookie-session defines `req.session` itself (configurable), replacing this one, and calls next at once.
      attach(this, this.res!, noop);
      return this.session;
    },
    set(value: Request['session']) {
      attach(this, this.res!, noop);
      this.session = value;
    },
  };
  return (req, _res, next) => {
    Object.defineProperty(req, 'session', lazySession);
    next();
  };
}
