/** The administrator's session cookie, and the API tokens scripts use instead of it. */
export const securitySchemes = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'turnery.sid',
    description: 'The session cookie set by POST /api/admin/login. Only administrator operations need it.',
  },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'tny_ and 43 characters',
    description:
      'An API token the owner created in the admin area (API tokens tab), sent as `Authorization: Bearer tny_...` with ' +
      'no cookie. A read-only token may call GET operations only. Limited per token (600 requests a minute unless ' +
      'the shop set API_TOKEN_REQUESTS_PER_MINUTE). Tokens never manage tokens or the owner account.',
  },
} as const;

interface OperationObject {
  security?: Record<string, string[]>[];
  responses?: Record<string, { description?: string }>;
}

/**
 * An administrator operation's security and the answers it brings: with `tokens`, the session cookie or an API
 * token (as alternatives), else the owner's session alone. (Also for the express routes beside the procedures.)
 */
export function secureAdminOperation<T extends OperationObject>(operation: T, method: string, { tokens }: { tokens: boolean }): T {
  const responses = (operation.responses ??= {});
  if (tokens) {
    operation.security = [{ sessionCookie: [] }, { apiToken: [] }];
    responses['401'] = { description: 'UNAUTHENTICATED: no live admin session, or an API token that is unknown, expired or revoked.' };
    // Reads are never refused: any token may read, and the same-origin check looks at writes only.
    if (method.toUpperCase() === 'GET') delete responses['403'];
    else responses['403'] = { description: 'FORBIDDEN: a write with a read-only API token, or a write sent from another site.' };
    responses['429'] = { description: 'RATE_LIMITED: too many requests with this API token; retry after `Retry-After`.' };
  } else {
    operation.security = [{ sessionCookie: [] }];
    responses['401'] = { description: 'UNAUTHENTICATED: the owner is not signed in.' };
    responses['403'] = {
      description: "FORBIDDEN: sent with an API token (tokens never manage tokens or the owner's account), or a write from another site.",
    };
  }
  return operation;
}

/**
 * Gives an operation its real security, read from its procedure's meta (`access`): one built on adminProcedure takes
 * the administrator's session or an API token, one built on ownerProcedure the owner's session only; every other
 * operation needs nothing (and never answers 401; a read never 403).
 */
export function secureOperation<T extends OperationObject>(operation: T, access: 'admin' | 'owner' | undefined, method: string): T {
  if (access === 'admin') return secureAdminOperation(operation, method, { tokens: true });
  if (access === 'owner') return secureAdminOperation(operation, method, { tokens: false });
  operation.security = [];
  delete operation.responses?.['401'];
  // A write from another site is still refused (403), so only reads lose it.
  if (method.toUpperCase() === 'GET') delete operation.responses?.['403'];
  return operation;
}
