import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from '../logger';

export const CATALOG_CHANNEL = 'turnery_catalog_changed';

/**
 * Listens on PostgreSQL for changes to what the storefront reads (products, blog posts). A trigger in the
 * database sends the notification on every write, from any app instance or even a psql session, so every
 * instance's cache hears of it. While the listening connection is down nothing may be cached: `live` is false.
 */
export class CatalogChanges extends EventEmitter {
  private client: pg.Client | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  live = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
  ) {
    super();
  }

  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', () => this.emit('change'));
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${CATALOG_CHANNEL}`);
      this.client = client;
      this.live = true;
      // Anything may have changed while nobody was listening.
      this.emit('change');
    } catch {
      this.lost(client);
    }
  }

  private lost(client: pg.Client) {
    if (this.client && this.client !== client) return;
    this.client = undefined;
    if (this.live) this.logger.warn('lost the catalogue change listener; caching is off until it is back');
    this.live = false;
    this.emit('change');
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    if (!this.stopped && !this.retry) {
      this.retry = setTimeout(() => {
        this.retry = undefined;
        void this.connect();
      }, 1000);
      this.retry.unref();
    }
  }

  /**
   * A change this instance made itself (the owner's save): its caches drop it now, before the write is answered, so
   * the next page this instance serves shows it. The database's notice, which tells every other instance, can
   * arrive after that next read; it then drops them once more.
   */
  changedHere() {
    this.emit('change');
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.live = false;
    const client = this.client;
    this.client = undefined;
    client?.removeAllListeners('end');
    await client?.end().catch(() => undefined);
  }
}
