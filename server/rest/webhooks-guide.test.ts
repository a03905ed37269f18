import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../paths';
import { API_INTRODUCTION } from './api-introduction';
import { WEBHOOKS_GUIDE } from './webhooks-guide';

// The documented verification code is the code the tests' receiver runs (tests/support/webhook-receiver.ts): the
// API guide (docs/api.md) and the API reference must quote it, and say the same words around it.
const read = (file: string) => fs.readFileSync(path.join(projectRoot, file), 'utf8');

describe('the webhooks guide', () => {
  it('quotes docs/examples/verify-webhook.mjs verbatim', () => {
    expect(WEBHOOKS_GUIDE).toContain(`\`\`\`js\n${read('docs/examples/verify-webhook.mjs')}\`\`\``);
  });

  it("is docs/api.md's Webhooks section and the API reference's, word for word", () => {
    expect(read('docs/api.md')).toContain(`## Webhooks\n\n${WEBHOOKS_GUIDE}`);
    expect(API_INTRODUCTION).toContain(`## Webhooks\n\n${WEBHOOKS_GUIDE}`);
  });
});
