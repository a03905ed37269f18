import { TRPCError } from '@trpc/server';
import { ZodError, type z } from 'zod';
import { ERROR_REASONS, type ErrorReason } from '../domain/error-reasons';

/** "email: Invalid email address; price: Too small" — names every bad field (D4). */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const field = issue.path.map(String).join('.');
      return field ? `${field}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

type TrpcCode = TRPCError['code'];

const CODE_OF_STATUS: Record<number, TrpcCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

/** Extra, machine-readable facts of an error, sent in the error's `data` beside the reason. */
export type ErrorDetails = Record<string, string | number | boolean | null | readonly string[] | readonly number[]>;

/**
 * A failure with a stable reason (D25): its HTTP status comes from the reason's entry in ERROR_REASONS, its
 * message is for people, its details are sent in `data` for scripts (e.g. `allowed` for INVALID_TRANSITION).
 */
export class AppError extends TRPCError {
  constructor(
    readonly reason: ErrorReason,
    message: string,
    readonly details: ErrorDetails = {},
    cause?: unknown,
  ) {
    super({ code: CODE_OF_STATUS[ERROR_REASONS[reason].status] ?? 'INTERNAL_SERVER_ERROR', message, cause });
  }
}

/** A 400 whose message names the bad fields; `issues` keeps them for clients that want each one. */
export class InputError extends AppError {
  readonly issues: { path: string[]; message: string }[];

  constructor(zodError: ZodError) {
    super('VALIDATION_FAILED', describeIssues(zodError.issues));
    this.issues = zodError.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }));
  }
}

export function zodCause(error: TRPCError): ZodError | undefined {
  return error.cause instanceof ZodError ? error.cause : undefined;
}
