import { TRPCError } from '@trpc/server';
import { ZodError, type z } from 'zod';

/** "email: Invalid email address; price: Too small" — names every bad field (D4). */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const field = issue.path.map(String).join('.');
      return field ? `${field}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/** A 400 whose message names the bad fields; `issues` keeps them for clients that want each one. */
export class InputError extends TRPCError {
  readonly issues: { path: string[]; message: string }[];

  constructor(zodError: ZodError) {
    super({ code: 'BAD_REQUEST', message: describeIssues(zodError.issues) });
    this.issues = zodError.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }));
  }
}

export function zodCause(error: TRPCError): ZodError | undefined {
  return error.cause instanceof ZodError ? error.cause : undefined;
}
