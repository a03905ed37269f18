/**
 * Escapes LIKE's wildcards so that a shopper's `%`, `_` and `\` are plain characters
 * (PostgreSQL's default LIKE escape character is the backslash).
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
