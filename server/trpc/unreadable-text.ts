// Text no field may hold, whatever its schema: a NUL character (PostgreSQL's text cannot store one) and a lone
// UTF-16 surrogate such as "\ud800" (valid JSON, but no UTF-8 encodes it: it would be stored as U+FFFD). Found
// in any input, by where it is, so the answer names the field.

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface TextIssue {
  path: (string | number)[];
  message: string;
}

function problem(text: string): string | undefined {
  if (text.includes('\0')) return 'may not contain NUL characters (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'is not valid Unicode text (it holds a lone surrogate, which UTF-8 cannot encode)';
  return undefined;
}

/** Each field (or key) of `value` holding text no field may hold, with why. */
export function unreadableText(value: unknown, path: (string | number)[] = []): TextIssue[] {
  if (typeof value === 'string') {
    const message = problem(value);
    return message ? [{ path, message }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => unreadableText(item, [...path, index]));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const message = problem(key);
    return message ? [{ path: [...path, key], message: `(its name) ${message}` }] : unreadableText(item, [...path, key]);
  });
}
