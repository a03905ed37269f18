import { ZodError } from 'zod';
import type { SqlRunner } from '../../db/sql';
import type { CommissionStatus } from '../../domain/commissions';
import { AppError, InputError } from '../../trpc/errors';

// What every step that moves a commission checks first, shared by the owner's work (commission-work.service.ts), the
// buyer's payments and the cancel: a file of its own, so that those files need not import each other.

/** 400 naming one field, as a schema would. */
export function fieldError(path: (string | number)[], message: string): InputError {
  return new InputError(new ZodError([{ code: 'custom', path, message, input: undefined }]));
}

/** Locks the commission's row for the transaction and answers its status; 404 when there is none. */
export async function lockCommission(tx: SqlRunner, id: number): Promise<CommissionStatus> {
  const [row] = await tx.query<{ status: CommissionStatus }>('select status from commission where id = $1 for update', [id]);
  if (!row) throw new AppError('NOT_FOUND', `No commission with id ${id}`);
  return row.status;
}

export function refuseMove(from: CommissionStatus, to: string, allowed: readonly CommissionStatus[]): AppError {
  return new AppError('INVALID_TRANSITION', `A commission that is ${from} cannot be ${to} (only one that is ${allowed.join(' or ')})`, {
    from,
    allowed: [...allowed],
  });
}
