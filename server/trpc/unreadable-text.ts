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
export function unreadableText(value: unknown): TextIssue[] {
  const issues: TextIssue[] = [];
  collect(value, [], issues);
  return issues;
}

// One walk with one path, copied only for an issue: every call's input passes through here, and a new array per
// field and per level (as flatMap made) was a few percent of a tax call's CPU in a profile.
function collect(value: unknown, path: (string | number)[], issues: TextIssue[]) {
  if (typeof value === 'string') {
    const message = problem(value);
    if (message) issues.push({ path: [...path], message });
  } else if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      path.push(index);
      collect(value[index], path, issues);
      path.pop();
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value)) {
      const message = problem(key);
      path.push(key);
      if (message) issues.push({ path: [...path], message: `(its name) ${message}` });
      else collect((value as Record<string, unknown>)[key], path, issues);
      path.pop();
    }
  }
}
