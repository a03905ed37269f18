import { sqlTransaction, type SqlSource } from '../../db/sql';
import type { AppServices } from '../../contract/app-services';

/** What a new password ended. */
export interface PasswordReplaced {
  signedOutSessions: number;
  revokedApiTokens: number;
}

/**
 * The password in force becomes `password`; every admin session but `keepSession` ends, and every API token is
 * revoked when `revokeApiTokens`. One transaction of statements: a failure leaves password, sessions and tokens as
 * they were, never half of them changed. The owner's password change (account.router.ts) and ADMIN_PASSWORD_RESET
 * both use it.
 */
export async function replacePassword(
  db: SqlSource,
  services: Pick<AppServices, 'adminPassword' | 'adminSessions' | 'apiTokens'>,
  password: string,
  { keepSession, revokeApiTokens }: { keepSession?: string; revokeApiTokens: boolean },
): Promise<PasswordReplaced> {
  const hashed = await services.adminPassword.hashed(password);
  return sqlTransaction(db, async (tx) => {
    await services.adminPassword.change(tx, hashed);
    const signedOutSessions = await services.adminSessions.endOthers(tx, keepSession);
    const revokedApiTokens = revokeApiTokens ? await services.apiTokens.revokeAll(tx) : 0;
    return { signedOutSessions, revokedApiTokens };
  });
}
