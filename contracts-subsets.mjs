// The @shop/contracts entry points as subsets of what the front ends import, like react-router-subset.mjs and
// effector-subset.mjs: a shared module keeps every export, so each entry point shipped its whole export table and
// every function no app calls (API calls, mappers and formats only the API server or the tests use) in every first
// view. For each entry point in SUBSET_ENTRIES, the names that the front ends' and the contracts' own sources import
// from it (`import { a, b } from '@shop/contracts/api'`, `export { … } from`; types skipped) are re-exported by a
// generated module, and `@shop/contracts/<entry>` resolves to it in every production build (rspack.base.mjs; a dev
// server would keep the lists it read at start): shell and remotes still share ONE module per entry point, and the
// code behind it is tree-shaken to what is used. The lists are read from the sources at every build and are part of
// every front end's build stamp (scripts/build.mjs), so a new import is in the subset of every front end; an import
// the scan cannot read (`import * as`, a default import, `export *`, `import()`, `require`) fails the build. Not
// subset: the root (it re-exports every entry point; no front end imports it), /validation and /texts/forms (chunks
// of their own, see `lazyContracts` in rspack.base.mjs), /types (types only) and /testing.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const SUBSET_ENTRIES = ['./api', './bus', './format', './mappers', './routes', './texts', './constants'];
const SOURCES = ['shell/src', 'mf-catalog/src', 'mf-cart-checkout/src', 'mf-account/src', 'mf-content/src', 'shared-contracts/src'];
const SUBSET_DIR = path.join(ROOT, 'node_modules', '.cache', 'shop-contracts-subsets');

/** `a, b as c, type D` → the names as exported by the module imported from: a, b (types are erased, skipped). */
export function importedNames(list) {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0].trim());
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' || entry.name === 'node_modules' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** { '@shop/contracts/api': { file, body } }: each subset module's path and its source. */
export function contractsSubsets() {
  const contracts = JSON.parse(readFileSync(path.join(ROOT, 'shared-contracts/package.json'), 'utf8'));
  const entries = Object.fromEntries(SUBSET_ENTRIES.map((entry) => [`${contracts.name}${entry.slice(1)}`, new Set()]));
  const requests = Object.keys(entries).map((request) => request.replace(/[-/]/g, '\\$&')).join('|');
  const named = new RegExp(`(?:import|export)\\s*(type\\s*)?\\{([^}]*)\\}\\s*from\\s*(["'])(${requests})\\3`, 'g');
  const any = new RegExp(`["'](${requests})["']`, 'g');
  const rootIndex = path.join(ROOT, 'shared-contracts/src/index.ts');
  for (const file of SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))) {
    if (file === rootIndex) continue;
    const source = readFileSync(file, 'utf8');
    if (!source.includes(contracts.name)) continue;
    const readable = new Set();
    for (const match of source.matchAll(named)) {
      readable.add(match.index + match[0].length - match[4].length - 2);
      if (match[1]) continue;
      for (const name of importedNames(match[2])) entries[match[4]].add(name);
    }
    for (const match of source.matchAll(any)) {
      if (!readable.has(match.index)) {
        throw new Error(`${path.relative(ROOT, file)} takes ${match[1]} in a way contracts-subsets.mjs cannot read: only \`import { … } from\` and \`export { … } from\``);
      }
    }
  }
  return Object.fromEntries(
    Object.entries(entries).map(([request, names]) => {
      const target = path.join(ROOT, 'shared-contracts', contracts.exports[`.${request.slice(contracts.name.length)}`]);
      const file = path.join(SUBSET_DIR, `${request.slice(contracts.name.length + 1)}.mjs`);
      const body = names.size ? `export { ${[...names].sort().join(', ')} } from ${JSON.stringify(target)};\n` : `import ${JSON.stringify(target)};\n`;
      return [request, { file, body }];
    }),
  );
}

/** Writes the subset modules (when changed) and returns the resolve aliases to them. */
export function writeContractsSubsets() {
  mkdirSync(SUBSET_DIR, { recursive: true });
  const aliases = {};
  for (const [request, { file, body }] of Object.entries(contractsSubsets())) {
    if (!existsSync(file) || readFileSync(file, 'utf8') !== body) writeFileSync(file, body);
    aliases[`${request}$`] = file;
  }
  return aliases;
}
