// `npm run lighthouse`: Lighthouse in mobile emulation (its default) against the production build, for Home,
// Shop, a product, a product with variants (D38), one with reviews (D37), a policy page, the blog and a post, on a fresh database with the demo catalogue. Each page is audited
// LIGHTHOUSE_RUNS times (3); the table shows the run with the median performance score, and every run's score.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDatabase, startBenchShop } from './bench-shop';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium-path.mjs';

const chrome = chromiumPath();
if (!chrome) throw new Error('No Chromium found: apt-get install chromium, or set CHROMIUM_PATH');

const database = await benchDatabase('lighthouse');
const shop = await startBenchShop(database.url);
// Audited at http://localhost, the address a developer opens.
const url = shop.url.replace('127.0.0.1', 'localhost');

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnery-lh-report-'));
try {
  const product = ((await (await fetch(`${url}/api/products/featured`)).json()) as { id: number }[])[0]!;
  const post = ((await (await fetch(`${url}/api/blog`)).json()) as { slug: string }[])[0]!;
  const withVariants = ((await (await fetch(`${url}/api/products`)).json()) as { id: number; variants?: unknown[] }[]).find(
    (candidate) => candidate.variants,
  );
  if (!withVariants) throw new Error('The demo catalogue has no product with variants');
  // A product whose page shows reviews (D37): the demo catalogue seeds some.
  const listed = (await (await fetch(`${url}/api/products`)).json()) as { id: number }[];
  let reviewed: number | undefined;
  for (const { id } of listed) {
    const reviews = (await (await fetch(`${url}/api/products/${id}/reviews`)).json()) as { count: number };
    if (reviews.count > 0) {
      reviewed = id;
      break;
    }
  }
  if (reviewed === undefined) throw new Error('The demo catalogue has no product with reviews');
  const pages = [
    ['Home', '/'],
    ['Shop', '/shop'],
    ['Product', `/product/${product.id}`],
    ['Variants', `/product/${withVariants.id}`],
    ['Reviewed', `/product/${reviewed}`],
    ['Returns', '/returns'],
    ['Blog', '/blog'],
    ['Post', `/blog/${post.slug}`],
  ] as const;
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const rows: string[][] = [];
  for (const [name, page] of pages) {
    const audited: string[][] = [];
    for (let round = 1; round <= runs; round++) audited.push(await audit(name, page, round));
    // Sorted by performance: the middle run is the median.
    audited.sort((a, b) => Number(a[1]) - Number(b[1]));
    const median = audited[Math.floor(audited.length / 2)]!;
    rows.push([...median, audited.map((row) => row[1]).join(' ')]);
  }
  const header = [
    'page',
    'performance',
    'accessibility',
    'best practices',
    'SEO',
    'FCP',
    'LCP',
    'CLS',
    'TBT',
    'performance of each run, sorted',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cols: string[]) => `| ${cols.map((col, i) => col.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\nLighthouse 12 (mobile emulation, simulated throttling), median of ${runs} runs, reports in ${outDir}`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  rows.forEach((row) => console.log(line(row)));

  async function audit(name: string, page: string, round: number): Promise<string[]> {
    const report = path.join(outDir, `${name}-${round}.json`);
    // Lighthouse now and then fails to drive Chromium on a busy machine; one more try before giving up.
    const lighthouse = () =>
      run(process.execPath, [
        'node_modules/lighthouse/cli/index.js',
        url + page,
        '--output=json',
        `--output-path=${report}`,
        '--quiet',
        `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`,
        '--only-categories=performance,accessibility,best-practices,seo',
      ]);
    await lighthouse().catch(lighthouse);
    // The parts of Lighthouse's JSON report read here.
    const result = JSON.parse(fs.readFileSync(report, 'utf8')) as {
      categories: Record<string, { score: number | null } | undefined>;
      audits: Record<string, { displayValue?: string } | undefined>;
    };
    const score = (id: string) => String(Math.round((result.categories[id]?.score ?? 0) * 100));
    const metric = (id: string) => result.audits[id]?.displayValue ?? '';
    return [
      name,
      score('performance'),
      score('accessibility'),
      score('best-practices'),
      score('seo'),
      metric('first-contentful-paint'),
      metric('largest-contentful-paint'),
      metric('cumulative-layout-shift'),
      metric('total-blocking-time'),
    ];
  }
} finally {
  await shop.stop();
  await database.stop();
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: chrome } });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited with ${code}`))));
  });
}
