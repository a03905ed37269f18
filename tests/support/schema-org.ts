import fs from 'node:fs';
import { createRequire } from 'node:module';
import jsonld from 'jsonld';

// Checks structured data against schema.org's vocabulary as schema-dts publishes it (its declarations are
// generated from schema.org's own definitions): every type must exist, and every property must belong to it or
// to a type it extends. Plus a JSON-LD expansion, so the block is valid JSON-LD, not merely JSON.

const declarations = fs.readFileSync(createRequire(import.meta.url).resolve('schema-dts/dist/schema.d.ts'), 'utf8');

interface Declared {
  parents: string[];
  properties: Set<string>;
}

const interfaces = new Map<string, Declared>();
for (const match of declarations.matchAll(/interface (\w+) extends ([^{]+)\{([\s\S]*?)\n\}/g)) {
  const parents = match[2]!.split(',').map((parent) => parent.trim().replace(/<.*$/, ''));
  const properties = new Set([...match[3]!.matchAll(/^\s+"([\w@]+)"\??:/gm)].map((property) => property[1]!));
  interfaces.set(match[1]!, { parents, properties });
}

function propertiesOf(type: string): Set<string> | undefined {
  const leaf = interfaces.get(`${type}Leaf`);
  if (!leaf) return undefined;
  const all = new Set<string>();
  const visit = (name: string) => {
    const declared = interfaces.get(name);
    if (!declared) return;
    declared.properties.forEach((property) => all.add(property));
    declared.parents.forEach(visit);
  };
  visit(`${type}Leaf`);
  return all;
}

/** The problems found in `data` (empty when every type and property is schema.org's). */
export function schemaOrgProblems(data: unknown, path = '$'): string[] {
  if (Array.isArray(data)) return data.flatMap((item, index) => schemaOrgProblems(item, `${path}[${index}]`));
  if (data === null || typeof data !== 'object') return [];
  const node = data as Record<string, unknown>;
  const problems: string[] = [];
  const type = node['@type'];
  if (typeof type === 'string') {
    const allowed = propertiesOf(type);
    if (!allowed) problems.push(`${path}: schema.org has no type ${type}`);
    for (const key of Object.keys(node)) {
      if (key.startsWith('@')) continue;
      if (allowed && !allowed.has(key)) problems.push(`${path}: ${type} has no property ${key}`);
    }
  } else if (path !== '$' || !('@graph' in node)) {
    problems.push(`${path}: a node without @type`);
  }
  for (const [key, value] of Object.entries(node)) if (!key.startsWith('@')) problems.push(...schemaOrgProblems(value, `${path}.${key}`));
  return problems;
}

/** The data expanded as JSON-LD (schema.org's context given offline: this machine has no internet). */
export async function expandJsonLd(data: object): Promise<object[]> {
  const documentLoader = (url: string) => {
    if (!/^https?:\/\/schema\.org\/?$/.test(url)) return Promise.reject(new Error(`unexpected context ${url}`));
    return Promise.resolve({ contextUrl: undefined, documentUrl: url, document: { '@context': { '@vocab': 'https://schema.org/' } } });
  };
  return jsonld.expand(data, { documentLoader });
}

/** The schema.org blocks of a page's HTML, parsed. */
export function structuredDataOf(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (block) => JSON.parse(block[1]!) as unknown,
  );
}
