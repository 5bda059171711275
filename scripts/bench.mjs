#!/usr/bin/env node
// `npm run bench`: performance figures of the real build on the real server, written as JSON to bench/results/.
// A benchmark, never a test: it reports figures (and budget lines), it does not fail the test suite.
import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { buildFrontEnds, FRONT_ENDS } from './build.mjs';
import { lighthousePages } from './lighthouse.mjs';
import { benchSearch } from './bench-search.mjs';
import { categoryDisplayName } from '@shop/contracts/mappers';
import { categoryParam } from '@shop/contracts/format';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = { date: new Date().toISOString(), node: process.version, machine: 'see env', figures: {} };

function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir, env = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {}
    if (performance.now() - started > 300_000) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    url,
    seconds,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Milliseconds from sending a document request to the first byte of its body (a first visit: no cookie). */
function firstByte(url) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(url, { headers: { accept: 'text/html' } }, (res) => {
      let first = null;
      res.on('data', () => (first ??= performance.now() - started));
      res.on('end', () => (res.statusCode < 500 ? resolve(first ?? performance.now() - started) : reject(new Error(`${url} answered ${res.statusCode}`))));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Server time to first byte of each page's document, sequential (one at a time): p50/p95 over `count` requests. */
async function documentFirstByte(baseUrl, pages, { count = 100, warmup = 10 } = {}) {
  const out = {};
  const round = (n) => Math.round(n * 100) / 100;
  for (const [label, path] of Object.entries(pages)) {
    for (let i = 0; i < warmup; i++) await firstByte(baseUrl + path);
    const samples = [];
    for (let i = 0; i < count; i++) samples.push(await firstByte(baseUrl + path));
    samples.sort((a, b) => a - b);
    out[label] = { path, requests: count, p50_ms: round(percentile(samples, 50)), p95_ms: round(percentile(samples, 95)) };
  }
  return out;
}

/** Sequential requests (one connection) so each latency is the server's, not a queue's. */
async function latency(url, { count = 300, warmup = 30, init } = {}) {
  for (let i = 0; i < warmup; i++) await (await fetch(url, init)).arrayBuffer();
  const samples = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const response = await fetch(url, init);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const round = (n) => Math.round(n * 100) / 100;
  return { requests: count, p50_ms: round(percentile(samples, 50)), p95_ms: round(percentile(samples, 95)), p99_ms: round(percentile(samples, 99)) };
}

async function firstViewJs(baseUrl, paths) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const out = {};
  try {
    for (const path of paths) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = [];
      let requests = 0;
      page.on('request', () => requests++);
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        try {
          const body = await response.body();
          scripts.push({ url: response.url(), raw: body.length, gzip: gzipSync(body, { level: 9 }).length, richText: RICH_TEXT_CODE.test(body.toString('latin1')) });
        } catch {}
      });
      await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
      await context.close();
      out[path] = {
        js_files: scripts.length,
        by_app: byApp(scripts, baseUrl),
        js_raw_bytes: scripts.reduce((s, x) => s + x.raw, 0),
        js_gzip_bytes: scripts.reduce((s, x) => s + x.gzip, 0),
        requests,
        scripts: scripts.map((s) => ({ file: s.url.replace(baseUrl, ''), raw: s.raw, gzip: s.gzip })),
        // Issue 23: the editors' rich-text library (TipTap/ProseMirror) must never be part of a shopper's page.
        rich_text_scripts: scripts.filter((s) => s.richText).map((s) => s.url.replace(baseUrl, '')),
      };
    }
  } finally {
    await browser.close();
  }
  return out;
}

/** Code of the workspace's rich-text editor: ProseMirror's class names and TipTap's survive minification. */
const RICH_TEXT_CODE = /ProseMirror|tiptap/;

/**
 * The built chunks that hold the rich-text editor (mf-content/dist), with their sizes: what an editor downloads when
 * a post or page editor opens. Read from disk, so it costs nothing beside the run.
 */
function richTextChunks() {
  const dir = join(root, 'mf-content/dist');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.js'))
    .flatMap((file) => {
      const body = readFileSync(join(dir, file));
      return RICH_TEXT_CODE.test(body.toString('latin1')) ? [{ file: `/mf/mf-content/${file}`, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }] : [];
    });
}

/** One budget line: no shopper's page measured loads a rich-text chunk. */
function richTextBudget(firstView) {
  const pages = Object.entries(firstView).filter(([, figures]) => figures && figures.rich_text_scripts);
  const found = pages.flatMap(([page, figures]) => figures.rich_text_scripts.map((file) => `${page}: ${file}`));
  return [{ app: 'mf-content', metric: 'rich_text_scripts_on_shopper_pages', page: found.join(', ') || 'none', measured: found.length, budget: 0, pass: found.length === 0 }];
}

/** Which front end a script belongs to: /mf/<remote>/… is that remote (remoteEntry.js apart), anything else the shell. */
function byApp(scripts, baseUrl) {
  const apps = {};
  for (const script of scripts) {
    const path = script.url.startsWith(baseUrl) ? script.url.slice(baseUrl.length) : script.url;
    const match = /^\/mf\/([^/]+)\/(.*)$/.exec(path);
    const app = match ? match[1] : 'shell';
    const entry = (apps[app] ??= { js_files: 0, js_gzip_bytes: 0, js_raw_bytes: 0, remote_entry_gzip_bytes: 0 });
    entry.js_files += 1;
    entry.js_gzip_bytes += script.gzip;
    entry.js_raw_bytes += script.raw;
    if (match && match[2].startsWith('remoteEntry')) entry.remote_entry_gzip_bytes += script.gzip;
  }
  return apps;
}

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * Per front end budgets from its package.json "sizeBudget" (gzip bytes):
 *   firstViewGzip      what the app adds to a first view (its remoteEntry included), the worst page measured
 *   remoteEntryGzip    its remoteEntry.js (remotes)
 * and the whole shop's from the root package.json "performanceBudget". Printed and recorded, never failing.
 */
function sizeBudgets(firstView) {
  const lines = [];
  const pages = Object.entries(firstView).filter(([, figures]) => figures && figures.by_app);
  for (const dir of FRONT_ENDS) {
    const budget = readJson(join(root, dir, 'package.json')).sizeBudget;
    if (!budget) continue;
    let worst = { page: null, bytes: 0, remoteEntry: 0 };
    for (const [page, figures] of pages) {
      const app = figures.by_app[dir === 'shell' ? 'shell' : dir];
      if (app && app.js_gzip_bytes > worst.bytes) worst = { page, bytes: app.js_gzip_bytes, remoteEntry: app.remote_entry_gzip_bytes };
      if (app && app.remote_entry_gzip_bytes > worst.remoteEntry) worst.remoteEntry = app.remote_entry_gzip_bytes;
    }
    if (budget.firstViewGzip != null) {
      lines.push({ app: dir, metric: 'first_view_js_gzip_bytes', page: worst.page, measured: worst.bytes, budget: budget.firstViewGzip, pass: worst.bytes <= budget.firstViewGzip });
    }
    if (budget.remoteEntryGzip != null) {
      lines.push({ app: dir, metric: 'remote_entry_gzip_bytes', measured: worst.remoteEntry, budget: budget.remoteEntryGzip, pass: worst.remoteEntry <= budget.remoteEntryGzip });
    }
  }
  return lines;
}

/** Server time to first byte of the documents: p95 against performanceBudget.ttfbP95Ms. */
function ttfbBudgets(ttfb, budget) {
  if (budget.ttfbP95Ms == null) return [];
  return Object.entries(ttfb ?? {}).map(([label, figures]) => ({ app: 'shop', page: label, metric: 'document_ttfb_p95_ms', measured: figures.p95_ms, budget: budget.ttfbP95Ms, pass: figures.p95_ms <= budget.ttfbP95Ms }));
}

function pageBudgets(firstView, lighthouse, budget) {
  const lines = [];
  for (const [label, figures] of Object.entries(lighthouse ?? {})) {
    if (!figures?.median) continue;
    const { score, lcp_ms, cls, tbt_ms } = figures.median;
    if (budget.lighthouseScore != null) lines.push({ app: 'shop', page: label, metric: 'lighthouse_performance_score', measured: score, budget: budget.lighthouseScore, pass: score >= budget.lighthouseScore });
    if (budget.lcpMs != null) lines.push({ app: 'shop', page: label, metric: 'lcp_ms', measured: lcp_ms, budget: budget.lcpMs, pass: lcp_ms <= budget.lcpMs });
    if (budget.cls != null) lines.push({ app: 'shop', page: label, metric: 'cls', measured: cls, budget: budget.cls, pass: cls <= budget.cls });
    if (budget.tbtMs != null && tbt_ms != null) lines.push({ app: 'shop', page: label, metric: 'tbt_ms', measured: tbt_ms, budget: budget.tbtMs, pass: tbt_ms <= budget.tbtMs });
  }
  for (const [path, maxBytes] of Object.entries(budget.firstViewJsGzip ?? {})) {
    const measured = firstView[path]?.js_gzip_bytes;
    if (measured != null) lines.push({ app: 'shop', page: path, metric: 'first_view_js_gzip_bytes', measured, budget: maxBytes, pass: measured <= maxBytes });
  }
  return lines;
}

function printBudget(line) {
  const where = line.page ? ` (${line.page})` : '';
  console.log(`[budget] ${line.pass ? 'PASS' : 'FAIL'} ${line.app} ${line.metric}${where}: ${line.measured} / budget ${line.budget}`);
}

async function main() {
  buildFrontEnds();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  try {
    // First start seeds an empty database; the second is the cold start of an already-built, already-seeded tree.
    let server = await startServer(dataDir);
    results.figures.first_start_with_seed_s = Math.round(server.seconds * 100) / 100;
    await server.stop();
    server = await startServer(dataDir);
    results.figures.cold_start_s = Math.round(server.seconds * 100) / 100;

    const categories = await (await fetch(`${server.url}/api/v1/categories`)).json();
    const category = categories[0];
    const id = category.MainGroupID ?? category.id ?? category.Id;
    const name = categoryParam(categoryDisplayName(category.Name));
    results.figures.api_category_articles_embedded = await latency(`${server.url}/api/v1/categories/${id}/articles?page=2&per_page=20`);
    // A product page too (issue 4): the shell, the guard's article fetch and the catalogue remote's product chunks.
    const listed = await (await fetch(`${server.url}/api/v1/categories/${id}/articles?per_page=1`)).json();
    const productPath = `/product/${encodeURIComponent(listed.data[0].Slug)}`;
    // The five pages of the "production grade" issue (checkout with an empty cart: a first visit's checkout).
    const pages = { home: '/', category: `/${encodeURIComponent(name)}`, product: productPath, search: '/search/jakke', checkout: '/checkout' };
    try {
      results.figures.document_ttfb = await documentFirstByte(server.url, pages);
    } catch (error) {
      results.figures.document_ttfb = { error: String(error?.message ?? error) };
    }
    try {
      results.figures.first_view = await firstViewJs(server.url, Object.values(pages));
    } catch (error) {
      results.figures.first_view = { error: String(error?.message ?? error) };
    }
    // Lighthouse, mobile profile, median of LIGHTHOUSE_RUNS (3) per page. BENCH_LIGHTHOUSE=0 skips it.
    if (process.env.BENCH_LIGHTHOUSE !== '0') {
      try {
        results.figures.lighthouse = await lighthousePages(server.url, pages, { runs: Number(process.env.LIGHTHOUSE_RUNS ?? 3) });
      } catch (error) {
        results.figures.lighthouse = { error: String(error?.message ?? error) };
      }
    }
    await server.stop();
    const shopBudget = readJson(join(root, 'package.json')).performanceBudget ?? {};
    results.figures.budgets = [
      ...(results.figures.first_view.error ? [] : sizeBudgets(results.figures.first_view)),
      ...(results.figures.first_view.error ? [] : richTextBudget(results.figures.first_view)),
      ...pageBudgets(results.figures.first_view.error ? {} : results.figures.first_view, results.figures.lighthouse?.error ? {} : results.figures.lighthouse, shopBudget),
      ...ttfbBudgets(results.figures.document_ttfb?.error ? {} : results.figures.document_ttfb, shopBudget),
    ];
    results.figures.pages = summaryByPage(pages, results.figures.first_view, results.figures.lighthouse);
    results.figures.editor_rich_text_chunks = richTextChunks();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  // Search latency at the seeded size and at 20 000 articles, embedded and on PostgreSQL when configured.
  // BENCH_SEARCH=0 skips it (a quick front-end-only run).
  if (process.env.BENCH_SEARCH !== '0') results.figures.search = await benchSearch();
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const file = join(root, 'bench/results', `bench-${results.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(results, null, 2));
  writeFileSync(join(root, 'bench/results/latest.json'), JSON.stringify(results, null, 2));
  console.log(JSON.stringify(results.figures, (k, v) => (k === 'scripts' || k === 'by_app' || k === 'budgets' ? undefined : v), 2));
  for (const line of results.figures.budgets ?? []) printBudget(line);
  console.log(`written ${file}`);
}

/** One line per page: first-view JS and requests beside the Lighthouse figures. */
function summaryByPage(pages, firstView, lighthouse) {
  const out = {};
  for (const [label, path] of Object.entries(pages)) {
    const view = firstView?.[path] ?? {};
    const lh = lighthouse?.[label]?.median ?? {};
    out[label] = {
      path,
      js_raw_bytes: view.js_raw_bytes ?? null,
      js_gzip_bytes: view.js_gzip_bytes ?? null,
      js_files: view.js_files ?? null,
      requests: view.requests ?? null,
      lighthouse_score: lh.score ?? null,
      lcp_ms: lh.lcp_ms ?? null,
      cls: lh.cls ?? null,
      tbt_ms: lh.tbt_ms ?? null,
    };
  }
  return out;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
