// Child process of deployRemote.ts: `node deployRemote.build.mjs <packageDir> <outDir>` builds one front-end package
// in production mode as scripts/build.mjs does, with every output under <outDir> instead of <packageDir>/dist: the
// browser build at the top, the server build (when the package has one) in <outDir>/server, as in a real dist folder.
// A package's configs are its rspack.config.mjs (one config or several) plus rspack.server.mjs /
// rspack.server.config.mjs when present. A separate process: the configs read process.argv and NODE_ENV, and rspack's
// native compiler is best kept out of the test worker.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rspack } from '@rspack/core';

const [packageDir, outDir] = process.argv.slice(2);
if (!packageDir || !outDir) {
  console.error('usage: deployRemote.build.mjs <packageDir> <outDir>');
  process.exit(2);
}

const CONFIG_FILES = ['rspack.config.mjs', 'rspack.server.mjs', 'rspack.server.config.mjs'];

async function configsOf(file) {
  const exported = (await import(pathToFileURL(file).href)).default;
  const resolved = typeof exported === 'function' ? await exported({ RSPACK_BUNDLE: true, RSPACK_BUILD: true }, { mode: 'production' }) : await exported;
  return Array.isArray(resolved) ? resolved : [resolved];
}

const forNode = (config) => [config.target].flat().some((target) => typeof target === 'string' && /node/.test(target));

/** Where a config's output goes under outDir: the same place relative to dist, else by its target. */
function relocated(config) {
  const dist = path.join(packageDir, 'dist');
  const from = config.output?.path ?? dist;
  const inside = path.relative(dist, from);
  const to = !inside.startsWith('..') && !path.isAbsolute(inside) ? path.join(outDir, inside) : forNode(config) ? path.join(outDir, 'server') : outDir;
  return { ...config, output: { ...config.output, path: to } };
}

const configs = [];
for (const name of CONFIG_FILES) {
  const file = path.join(packageDir, name);
  if (existsSync(file)) configs.push(...(await configsOf(file)));
}
// The repo's one server config (rspack.server.mjs at the root) builds the package it is run from (its cwd).
const sharedServerConfig = path.join(packageDir, '..', 'rspack.server.mjs');
if (!configs.some(forNode) && existsSync(sharedServerConfig)) {
  process.chdir(packageDir);
  configs.push(...(await configsOf(sharedServerConfig)));
}
if (configs.length === 0) {
  console.error(`no rspack config in ${packageDir}`);
  process.exit(2);
}
// A browser config cleans its output folder: build it first, so it cannot remove the server build beside it.
configs.sort((a, b) => Number(forNode(a)) - Number(forNode(b)));

for (const config of configs.map(relocated)) {
  const stats = await new Promise((resolve, reject) => {
    const compiler = rspack(config);
    compiler.run((error, result) => compiler.close(() => (error ? reject(error) : resolve(result))));
  });
  if (stats.hasErrors()) {
    console.error(stats.toString({ all: false, errors: true, errorDetails: true }));
    process.exit(1);
  }
  console.log(`built ${config.name ?? path.basename(packageDir)} (${forNode(config) ? 'server' : 'browser'}) → ${config.output.path}`);
}
