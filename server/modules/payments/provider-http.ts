import { PaymentUnavailableError } from './payment-provider';

// The real connectors' one road to the network: JSON over fetch, a timeout, and one retry of a request that
// failed in transit. Every write carries an idempotency key, so the retry can never charge twice.

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

/** `timeoutMs` bounds the whole call, the retry included (PAYMENT_PROVIDER_TIMEOUT_MS). */
export async function callProvider(provider: string, request: ProviderRequest, timeoutMs: number): Promise<ProviderResponse> {
  const deadline = AbortSignal.timeout(timeoutMs);
  let lastError = '';
  for (let attempt = 1; attempt <= ATTEMPTS && !deadline.aborted; attempt++) {
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body),
        signal: deadline,
      });
      const text = await response.text();
      // A provider fault (5xx) is worth the same idempotent retry as a dropped connection.
      if (response.status >= 500 && attempt < ATTEMPTS) {
        lastError = `${provider} answered ${response.status}`;
        continue;
      }
      return { status: response.status, body: parseJson(text) };
    } catch {
      lastError = deadline.aborted ? `no answer within ${timeoutMs} ms` : 'network error';
    }
  }
  throw new PaymentUnavailableError(`Could not reach ${provider} (${lastError})`);
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { message: text.slice(0, 200) };
  }
}
