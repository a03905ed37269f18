import { isUtf8 } from 'node:buffer';
import express, { type RequestHandler } from 'express';

export const BODY_LIMIT = '100kb';
export const BODY_LIMIT_BYTES = 100 * 1024;
// No request of this shop nests deeper than a handful of levels; far deeper JSON is an attack on the stack
// (a JSON.stringify of it further down throws RangeError), so it is refused before it is parsed.
const MAX_DEPTH = 32;

class TooDeep extends Error {
  readonly status = 400;
  readonly expose = true;
  readonly type = 'entity.too.deep';
  constructor() {
    super(`The request body nests deeper than ${MAX_DEPTH} levels`);
  }
}

// A body that is not UTF-8 would be decoded with U+FFFD in place of its bad bytes, silently changing what was
// sent: it is refused (400 MALFORMED_REQUEST) before parsing. Text the database cannot hold (a NUL) is refused
// after parsing, by the procedures, naming the field (server/trpc/unreadable-text.ts).
class NotUtf8 extends Error {
  readonly status = 400;
  readonly expose = true;
  readonly type = 'entity.encoding';
  constructor(at: number) {
    super(`The request body is not valid UTF-8 (from byte ${at})`);
  }
}

/** Where the first byte that is not part of valid UTF-8 is, or -1 when all of it is. */
export function firstBadUtf8Byte(text: Buffer): number {
  if (isUtf8(text)) return -1;
  // Rare (only bad requests): decode and find where the replacement character first appears.
  const decoded = new TextDecoder('utf-8', { fatal: false }).decode(text);
  return Buffer.byteLength(decoded.slice(0, decoded.indexOf('\ufffd')));
}

/** Nesting depth of JSON text, counting brackets outside strings, without parsing it. */
export function jsonDepth(text: Buffer): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) deepest = Math.max(deepest, (depth += 1));
    else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return deepest;
}

/** express.json with the shop's size limit (413 beyond it) and depth limit (400 beyond it). */
export function jsonBody(options: { strict?: boolean } = {}): RequestHandler {
  return express.json({
    limit: BODY_LIMIT,
    strict: options.strict ?? true,
    verify: (_req, _res, buffer) => checkJsonBody(buffer),
  });
}

/** Throws the shop's 400 for JSON text nested too deep or not valid UTF-8 (before it is parsed). */
export function checkJsonBody(buffer: Buffer) {
  if (jsonDepth(buffer) > MAX_DEPTH) throw new TooDeep();
  const bad = firstBadUtf8Byte(buffer);
  if (bad !== -1) throw new NotUtf8(bad);
}
