import { pino, type Logger } from 'pino';
import type { Config } from './config';

export type { Logger };

/** Structured JSON logs. Paths that could carry secrets or card data are censored wherever they appear. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
  return pino({
    level: config.NODE_ENV === 'test' && config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL,
    base: undefined,
    redact: {
      paths: [
        'password',
        '*.password',
        'cardData',
        '*.cardData',
        'cardNumber',
        '*.cardNumber',
        'cvv',
        '*.cvv',
        'req.headers.cookie',
        'headers.cookie',
      ],
      censor: '[redacted]',
    },
  });
}
