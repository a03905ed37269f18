import { MAX_ID } from './ids';

/** The id in /product/{id}, or null when it is not a positive integer the server could hold. */
export function parseProductId(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}
