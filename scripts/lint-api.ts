// `npm run lint:api`: the API document (/api/openapi.json, generated from the procedures) checked by Redocly's
// recommended rules. Any problem fails, warnings included: the document is what integrators generate clients from.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openApiDocument } from '../server/rest/openapi';

const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'turnery-openapi-')), 'openapi.json');
fs.writeFileSync(file, JSON.stringify(openApiDocument(), null, 2));
const lint = spawnSync(process.execPath, ['node_modules/@redocly/cli/bin/cli.js', 'lint', file, '--format=stylish'], { encoding: 'utf8' });
const output = `${lint.stdout}${lint.stderr}`;
// Redocly calls a document with warnings valid ('You have 1 warning.'); here a warning fails as an error does.
const clean = lint.status === 0 && /Your API description is valid/.test(output) && !/You have \d+ warnings?/.test(output);
if (!clean) {
  console.error(output.replace(/[\s\S]*?(validating)/, '$1'));
  console.error('API document: redocly lint found problems (above)');
  process.exit(1);
}
console.log('API document: 0 errors, 0 warnings (redocly lint, recommended rules)');
