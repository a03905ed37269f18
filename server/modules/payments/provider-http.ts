import { PaymentUnavailableError } from './payment-provider';

// The real connectors' one road to the network: JSON over fetch, a timeout, and one retry of a request that
// failed in transit, that the provider answered with a fault (5xx), or that it throttled (429, after a short
// wait, as Square's and PayPal's guides ask). Every write carries an idempotency key, so the retry can never
// charge twice; a throttled or failed request made nothing at the provider.

export interface ProviderResponse {
  status: number;
  body: unknown;
}

export interface ProviderRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  /** A JSON body, or a ready string (form-encoded, for PayPal's token call). */
  body?: unknown;
}

const ATTEMPTS = 2;
/** PAYMENT_PROVIDER_TIMEOUT_MS's default. */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 15_000;
/** The wait before repeating a throttled request when the provider names none (Retry-After), with jitter. */
const THROTTLED_WAIT_MS = 250;

/**
 * The one time limit of a provider operation (PAYMENT_PROVIDER_TIMEOUT_MS): every call it makes (PayPal's token,
 * the call, a re-authentication and its repeat) shares it, so the operation never outlasts it.
 */
export class ProviderDeadline {
  readonly signal: AbortSignal;
  private readonly endsAt: number;

  constructor(readonly timeoutMs: number) {
    this.signal = AbortSignal.timeout(timeoutMs);
    this.endsAt = Date.now() + timeoutMs;
  }

  get remainingMs() {
    return Math.max(0, this.endsAt - Date.now());
  }
}

/**
 * `deadline` bounds the whole call, the retry included: a number of milliseconds (PAYMENT_PROVIDER_TIMEOUT_MS),
 * or the deadline of the operation this call is part of.
 */
export async function callProvider(
  provider: string,
  request: ProviderRequest,
  deadline: number | ProviderDeadline,
): Promise<ProviderResponse> {
  const limit = typeof deadline === 'number' ? new ProviderDeadline(deadline) : deadline;
  let lastError = '';
  for (let attempt = 1; attempt <= ATTEMPTS && !limit.signal.aborted; attempt++) {
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body),
        signal: limit.signal,
      });
      const text = await response.text();
      const last = attempt === ATTEMPTS;
      // A provider fault (5xx) is worth the same idempotent retry as a dropped connection.
      if (response.status >= 500 && !last) {
        lastError = `${provider} answered ${response.status}`;
        continue;
      }
      // Throttled: wait as the provider asks (or a moment), then once more if the deadline leaves room for it.
      if (response.status === 429 && !last) {
        const wait = throttledWait(response.headers.get('retry-after'));
        if (wait < limit.remainingMs / 2) {
          await sleep(wait, limit.signal);
          lastError = `${provider} answered 429`;
          continue;
        }
      }
      return { status: response.status, body: parseJson(text) };
    } catch {
      lastError = limit.signal.aborted ? `no answer within ${limit.timeoutMs} ms` : 'network error';
    }
  }
  throw new PaymentUnavailableError(`Could not reach ${provider} (${lastError})`);
}

function throttledWait(retryAfter: string | null): number {
  const seconds = Number(retryAfter);
  if (retryAfter !== null && Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  return THROTTLED_WAIT_MS + Math.floor(Math.random() * THROTTLED_WAIT_MS);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { message: text.slice(0, 200) };
  }
}
