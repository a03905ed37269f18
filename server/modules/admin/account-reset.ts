import type { SqlSource } from '../../db/sql';
import type { AppServices } from '../../contract/app-services';
import { replacePassword } from './account.service';

/**
 * ADMIN_PASSWORD_RESET: the operator takes the account back from whoever changed the password or made tokens. The
 * password in force becomes `password` (ADMIN_PASSWORD) on every instance, every admin session ends and every API
 * token is revoked, in one transaction. Runs at each start while the setting is on.
 */
export async function resetAdminAccount(
  db: SqlSource,
  password: string,
  services: Pick<AppServices, 'adminPassword' | 'adminSessions' | 'apiTokens' | 'logger'>,
): Promise<void> {
  const ended = await replacePassword(db, services, password, { revokeApiTokens: true });
  services.logger.warn(
    ended,
    'ADMIN_PASSWORD_RESET: the admin password is ADMIN_PASSWORD again; every admin session ended and every API token ' +
      'was revoked. Unset ADMIN_PASSWORD_RESET, or the next start resets the account again.',
  );
}
