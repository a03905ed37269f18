// What the server said when a call failed: the tRPC error code and, for bad input, which fields.

interface ErrorData {
  code?: string;
  reason?: string;
  httpStatus?: number;
  issues?: { path: string[]; message: string }[];
}

function errorData(error: unknown): ErrorData | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const data = error.data;
  return typeof data === 'object' && data !== null ? data : undefined;
}

/** e.g. 'NOT_FOUND', 'BAD_REQUEST', 'TOO_MANY_REQUESTS'; undefined for a network failure. */
export function errorCode(error: unknown): string | undefined {
  return errorData(error)?.code;
}

/** The server's stable reason (D25), e.g. 'REVIEW_EXISTS'; undefined for a network failure. */
export function errorReason(error: unknown): string | undefined {
  return errorData(error)?.reason;
}

/** Every bad field the server named, with its whole path (e.g. ['variants', '2', 'sku']). */
export function inputIssues(error: unknown): { path: string[]; message: string }[] {
  return errorData(error)?.issues ?? [];
}

/** The first message the server gave for each bad field. */
export function fieldErrors(error: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of inputIssues(error)) {
    const field = issue.path[0];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
