import { sql } from './database';
import { eventually } from './eventually';

/**
 * Outbox emails (a query selecting at least `text`), once the delivery job has rendered each of them: a request
 * writes an email's data, and the job renders its text and HTML a moment later.
 */
export function renderedEmails<Row extends { text: unknown }>(databaseUrl: string, query: string, values: unknown[] = []): Promise<Row[]> {
  return eventually(
    () => sql<Row>(databaseUrl, query, values),
    (rows) => rows.every((row) => row.text !== null),
  );
}
