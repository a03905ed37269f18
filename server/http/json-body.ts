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

// PostgreSQL text cannot hold a NUL character: refused before parsing with a 400 that says so, rather than
// failing in the database (a 500).
class NulText extends Error {
  readonly status = 400;
  readonly expose = true;
  readonly type = 'entity.nul';
  constructor() {
    super('Text may not contain NUL characters (\\u0000)');
  }
}

const NUL_ESCAPE = Buffer.from('\\u0000');

/** Whether JSON text holds the escape \u0000 (a backslash that is itself escaped does not count). */
export function hasNulEscape(text: Buffer): boolean {
  for (let at = text.indexOf(NUL_ESCAPE); at !== -1; at = text.indexOf(NUL_ESCAPE, at + 1)) {
    let backslashes = 0;
    while (at - backslashes - 1 >= 0 && text[at - backslashes - 1] === 0x5c) backslashes += 1;
    if (backslashes % 2 === 0) return true;
  }
  return false;
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

/** Throws the shop's 400 for JSON text nested too deep or holding a NUL character (before it is parsed). */
export function checkJsonBody(buffer: Buffer) {
  if (jsonDepth(buffer) > MAX_DEPTH) throw new TooDeep();
  if (hasNulEscape(buffer)) throw new NulText();
}
