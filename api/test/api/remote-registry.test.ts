/**
 * Deploying a remote alone (issue 22): with REMOTES_FILE the running server answers /remotes.json, the page's copy of
 * the registry and the page's CSP from the file as it is now, and keeps the last good registry when the file breaks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { remotesFileRegistry } from '../../src/server/remoteRegistry.js';
import { useTestApp } from '../support/app.js';
import { testDatabaseKinds } from '../support/databases.js';
import { renderRequestOf, writeFakeShellRenderer } from '../support/shellRenderer.js';

const local = { mf_catalog: '/mf/mf-catalog/mf-manifest.json', mf_cart_checkout: '/mf/mf-cart-checkout/mf-manifest.json' };
const moved = { ...local, mf_catalog: 'https://cdn.example.no/catalog/v2/mf-manifest.json' };

function builtShell(root: string): void {
  const shell = path.join(root, 'shell', 'dist');
  fs.mkdirSync(shell, { recursive: true });
  fs.writeFileSync(path.join(shell, 'index.html'), '<!doctype html><html lang="nb"><head><meta name="csrf-token" content="__CSRF_TOKEN__"></head><body><div id="root"></div></body></html>');
  writeFakeShellRenderer(root);
}

/** The registry the API handed the shell's renderer for this page (what the page's data carries to the browser). */
const pageRegistry = (html: string) => renderRequestOf(html)?.remotes ?? null;
const scriptSources = (csp: unknown) => /script-src ([^;]*)/.exec(String(csp))?.[1]?.split(' ') ?? [];

describe.each(testDatabaseKinds())('the remote registry follows REMOTES_FILE on %s', (kind) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-registry-'));
  builtShell(root);
  const file = path.join(root, 'remotes.json');
  fs.writeFileSync(file, JSON.stringify(local));
  const config = loadConfig({ REMOTES_FILE: file }, { cwd: root, readFile: (f) => fs.readFileSync(f, 'utf8') });
  const warnings: string[] = [];
  // Every request looks at the file (no 1 s wait in a test); the interval itself is unit-tested.
  const registry = remotesFileRegistry({ file: config.remotesFile!, initial: config.remotes, checkEveryMs: 0, log: { info: () => {}, warn: (m) => warnings.push(m) } });
  const t = useTestApp(kind, { rootDir: root, remotes: registry, fixtures: false });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const registryJson = async () => (await t().app.inject({ method: 'GET', url: '/remotes.json' })).json();
  const page = () => t().app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
  // A rename over the old file, as a deploy script writes it (no reader sees half a file).
  const rewrite = (text: string) => {
    fs.writeFileSync(`${file}.next`, text);
    fs.renameSync(`${file}.next`, file);
  };

  it('serves the file as it was at start-up', async () => {
    expect(await registryJson()).toEqual(local);
    const res = await page();
    expect(pageRegistry(res.body)).toEqual(local);
    expect(scriptSources(res.headers['content-security-policy'])).not.toContain('https://cdn.example.no');
  });

  it('a rewritten file is what /remotes.json, the page and its CSP say next, without a restart', async () => {
    rewrite(JSON.stringify(moved));
    expect(await registryJson()).toEqual(moved);
    const res = await page();
    expect(pageRegistry(res.body)).toEqual(moved);
    // The page may now load the catalogue's scripts from its new origin.
    expect(scriptSources(res.headers['content-security-policy'])).toContain('https://cdn.example.no');
  });

  it('a file that becomes invalid leaves the last good registry in service and says why; a fixed file is served again', async () => {
    rewrite('{"mf_catalog": "https://cdn.exa');
    expect(await registryJson()).toEqual(moved);
    expect(pageRegistry((await page()).body)).toEqual(moved);
    expect(warnings.at(-1)).toMatch(/not valid JSON.*stays as it was/);

    fs.rmSync(file);
    expect(await registryJson()).toEqual(moved);
    expect(warnings.at(-1)).toMatch(/cannot be read.*stays as it was/);

    rewrite(JSON.stringify(local));
    expect(await registryJson()).toEqual(local);
    expect(pageRegistry((await page()).body)).toEqual(local);
  });
});
