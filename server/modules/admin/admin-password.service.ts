import { randomBytes, scrypt, timingSafeEqual, type BinaryLike } from 'node:crypto';
import type { SqlRunner, SqlSource } from '../../db/sql';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { keepFirstSetting, readSetting, replaceSetting } from './server-settings';

const HASH_KEY = 'admin-password-hash';
// A password the owner chose in the admin: it wins over ADMIN_PASSWORD and the generated one, on every instance.
const OWNER_HASH_KEY = 'admin-password-hash-owner';
export const MIN_PASSWORD_LENGTH = 12;
const KEY_LENGTH = 64;

function scryptHash(password: string, salt: BinaryLike): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, KEY_LENGTH, (error, key) => (error ? reject(error) : resolve(key))));
}

interface StoredHash {
  salt: Buffer;
  hash: Buffer;
}

/** 'scrypt$<salt hex>$<hash hex>' */
const encode = ({ salt, hash }: StoredHash) => `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;

function decode(value: string): StoredHash | undefined {
  const [scheme, salt, hash] = value.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return undefined;
  return { salt: Buffer.from(salt, 'hex'), hash: Buffer.from(hash, 'hex') };
}

async function hashPassword(password: string): Promise<StoredHash> {
  const salt = randomBytes(16);
  return { salt, hash: await scryptHash(password, salt) };
}

/**
 * The owner's password (D15): ADMIN_PASSWORD, or outside production one generated on the first start, printed
 * once and kept only as a salted scrypt hash in server_setting. Candidates are compared hash to hash in
 * constant time, so neither the password nor its length leaks through timing.
 */
export class AdminPasswordService {
  private stored: Promise<StoredHash> | undefined;

  constructor(
    private readonly config: Config,
    private readonly logger: Logger,
  ) {}

  /** Called once at start-up, so a generated password is printed in the start-up log. */
  prepare(db: SqlSource): Promise<void> {
    this.stored ??= this.load(db);
    return this.stored.then(() => undefined);
  }

  async verify(db: SqlSource, candidate: string): Promise<boolean> {
    const { salt, hash } = await this.inForce(db);
    return timingSafeEqual(await scryptHash(candidate, salt), hash);
  }

  /** The stored form of the owner's new password, made before its transaction begins (scrypt holds no connection). */
  async hashed(next: string): Promise<string> {
    return encode(await hashPassword(next));
  }

  /**
   * Makes `hashed` (hashed()'s answer) the owner's password, kept where every instance reads it (it is looked up at
   * each sign-in). In `tx`, the transaction of statements that also ends the sessions and tokens (account.service.ts).
   */
  async change(tx: SqlRunner, hashed: string): Promise<void> {
    await replaceSetting(tx, OWNER_HASH_KEY, hashed);
  }

  /** The owner's chosen password when there is one (read each time: another instance may have changed it). */
  private async inForce(db: SqlSource): Promise<StoredHash> {
    const chosen = await readSetting(db, OWNER_HASH_KEY);
    const decoded = chosen && decode(chosen);
    if (decoded) return decoded;
    this.stored ??= this.load(db);
    return this.stored;
  }

  private async load(db: SqlSource): Promise<StoredHash> {
    if (this.config.ADMIN_PASSWORD) return hashPassword(this.config.ADMIN_PASSWORD);
    const existing = await readSetting(db, HASH_KEY);
    const decoded = existing && decode(existing);
    if (decoded) return decoded;

    const password = randomBytes(15).toString('base64url');
    const stored = await hashPassword(password);
    // Another instance starting at the same moment may win the insert; then its hash is the one in force.
    const kept = decode(await keepFirstSetting(db, HASH_KEY, encode(stored)));
    if (!kept) throw new Error('The stored admin password hash is unreadable');
    if (kept.hash.equals(stored.hash)) {
      this.logger.warn(
        `ADMIN_PASSWORD is not set, so an admin password was generated: ${password} ` +
          '(shown this once; only its hash is kept. Set ADMIN_PASSWORD to choose your own.)',
      );
    }
    return kept;
  }
}
