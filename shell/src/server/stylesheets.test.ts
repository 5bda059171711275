// @vitest-environment node
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INLINE_MAX_BYTES, readStylesheets } from './stylesheets.js';

/** A remote's origin serving stylesheets (and counting the requests for each). */
let server: http.Server;
let origin: string;
const requests = new Map<string, number>();
const files: Record<string, { status: number; body: string }> = {
  '/mf/mf-catalog/page.0123456789.css': { status: 200, body: '.grid{display:grid}\n/*# sourceMappingURL=page.0123456789.css.map*/' },
  '/mf/mf-catalog/large.0123456789.css': { status: 200, body: `.x{}${' '.repeat(INLINE_MAX_BYTES)}` },
  '/mf/mf-catalog/gone.0123456789.css': { status: 404, body: 'no' },
  '/mf/mf-catalog/plain.css': { status: 200, body: '.dev{}' },
};

const shellDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-css-'));
fs.writeFileSync(path.join(shellDir, '460.abcdef0123.css'), '.chrome{margin:0}');

beforeAll(async () => {
  server = http.createServer((request, response) => {
    requests.set(request.url!, (requests.get(request.url!) ?? 0) + 1);
    const file = files[request.url!] ?? { status: 404, body: '' };
    response.writeHead(file.status, { 'content-type': 'text/css' }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  fs.rmSync(shellDir, { recursive: true, force: true });
});

const read = (hrefs: string[]) => readStylesheets(hrefs, { shellDir, shellFiles: ['/460.abcdef0123.css'], serverOrigin: origin });

describe('readStylesheets', () => {
  it.each([
    ['the shell\'s own, from its build folder', '/460.abcdef0123.css', '.chrome{margin:0}'],
    ['a remote\'s, from the remote\'s origin', '/mf/mf-catalog/page.0123456789.css', '.grid{display:grid}'],
    ['a remote\'s at an absolute URL', 'ABSOLUTE/mf/mf-catalog/page.0123456789.css', '.grid{display:grid}'],
    ['one larger than INLINE_MAX_BYTES: linked', '/mf/mf-catalog/large.0123456789.css', undefined],
    ['one the remote does not have: linked', '/mf/mf-catalog/gone.0123456789.css', undefined],
    ['one without a content hash (a dev server\'s): linked', '/mf/mf-catalog/plain.css', undefined],
  ])('%s', async (_name, given, text) => {
    const href = given.replace('ABSOLUTE', origin);
    expect(await read([href])).toEqual([text === undefined ? { href } : { href, text }]);
  });

  it('reads a file once however many pages ask, and keeps the order it was given', async () => {
    const hrefs = ['/mf/mf-catalog/page.0123456789.css', '/460.abcdef0123.css'];
    const before = requests.get(hrefs[0]!) ?? 0;
    const pages = await Promise.all(Array.from({ length: 5 }, () => read(hrefs)));
    for (const sheets of pages) expect(sheets.map((sheet) => sheet.href)).toEqual(hrefs);
    expect((requests.get(hrefs[0]!) ?? 0) - before).toBeLessThanOrEqual(1);
    // A file without a content hash is never read (it may change under the same name).
    expect(requests.has('/mf/mf-catalog/plain.css')).toBe(false);
  });

  it('reads a file too large to write in once too: it stays linked without being fetched for every page', async () => {
    const href = '/mf/mf-catalog/large.0123456789.css';
    await read([href]);
    const before = requests.get(href) ?? 0;
    for (let page = 0; page < 3; page++) expect(await read([href])).toEqual([{ href }]);
    expect(requests.get(href)).toBe(before);
  });

  it('asks again for a file that could not be read (the remote may be back)', async () => {
    const href = '/mf/mf-catalog/gone.0123456789.css';
    const before = requests.get(href) ?? 0;
    await read([href]);
    await read([href]);
    expect((requests.get(href) ?? 0) - before).toBe(2);
  });
});
