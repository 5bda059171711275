import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isShopElementId, SHOP_ELEMENT_IDS } from './elementIds.js';
import { PAGE_DATA_ELEMENT_ID } from './pageData.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const FRONT_ENDS = ['shell', 'mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-content'];

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) sources(file, out);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(file);
  }
  return out;
}

/** The fixed ids the front ends write: `id="…"` in markup and the `…_ID = '…'` constants they give elements. */
function idsWritten(): Map<string, string> {
  const found = new Map<string, string>();
  const files = [...FRONT_ENDS.flatMap((name) => sources(join(REPO, name, 'src'))), join(REPO, 'shell', 'index.html')];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\bid="([a-z][a-z0-9-]*)"|\b[A-Z][A-Z_]*_ID = '([a-z][a-z0-9-]*)'/g)) {
      found.set(match[1] ?? match[2]!, file.slice(REPO.length));
    }
  }
  return found;
}

describe('the ids of the shop\'s own pages', () => {
  it('name every fixed id the shell and the remotes write (a new one goes into SHOP_ELEMENT_IDS)', () => {
    const written = idsWritten();
    expect(written.size).toBeGreaterThan(50);
    const missing = [...written].filter(([id]) => !isShopElementId(id)).map(([id, file]) => `${id} (${file})`);
    expect(missing).toEqual([]);
  });

  it.each([
    ['root', true],
    [PAGE_DATA_ELEMENT_ID, true],
    ['shop-page-scripts', true],
    ['SHOP-PAGE-DATA', true],
    [' shop-page-data ', true],
    ['shop-anything-new', true],
    ['innhold', true],
    ['mobilmeny', true],
    ['anmeldelser', true],
    ['submenu-klaer', true],
    ['post-12', true],
    ['main-12', true],
    ['related-3', true],
    ['static-title', true],
    ['retur', false],
    ['angrerett-14-dager', false],
    ['posten', false],
    ['main-course', false],
    ['om-butikken', false],
  ])('%j is the shop\'s: %s', (id, reserved) => {
    expect(isShopElementId(id)).toBe(reserved);
  });

  it('every listed id is one a page writes (no stale entries)', () => {
    const written = new Set(idsWritten().keys());
    expect([...SHOP_ELEMENT_IDS].filter((id) => !written.has(id) && id !== PAGE_DATA_ELEMENT_ID)).toEqual([]);
  });
});
