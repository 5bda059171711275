// @vitest-environment node
// The shared libraries' configuration (rspack.base.mjs `sharedSingletons`, ADR 0015) and what the federation runtime
// does with it when a remote deployed alone was built against another minor than the shell.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModuleFederation } from '@module-federation/runtime-core';

interface SharedConfig {
  singleton: boolean;
  requiredVersion: string;
  version: string;
  import?: string;
}
interface Base {
  sharedSingletons: (packageDir: string) => Record<string, SharedConfig>;
  SHARED_LIBRARIES: string[];
}

const ROOT = path.resolve(import.meta.dirname, '../../..');
const base: Base = await import(new URL('../../../rspack.base.mjs', import.meta.url).href);
const FRONT_ENDS = ['shell', 'mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-content'];
const readJson = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));
const contracts = readJson('shared-contracts/package.json');
const packageOf = (request: string) => request.split('/').slice(0, request.startsWith('@') ? 2 : 1).join('/');

describe('sharedSingletons', () => {
  it.each(FRONT_ENDS)('%s shares every library and every contracts entry point whole, as a versioned singleton', (dir) => {
    const shared = base.sharedSingletons(path.join(ROOT, dir));
    const dependencies = readJson(`${dir}/package.json`).dependencies;
    const entryPoints = Object.keys(contracts.exports)
      .filter((subpath) => subpath !== './testing')
      .map((subpath) => (subpath === '.' ? contracts.name : `${contracts.name}${subpath.slice(1)}`));
    expect(Object.keys(shared).sort()).toEqual([...base.SHARED_LIBRARIES, ...entryPoints].sort());
    for (const [request, config] of Object.entries(shared)) {
      const name = packageOf(request);
      const installed = name === contracts.name ? contracts.version : readJson(`node_modules/${name}/package.json`).version;
      // The range the package declares, and the version it really bundles: nothing in between picks names.
      expect(config, request).toEqual({ singleton: true, requiredVersion: dependencies[name], version: installed });
    }
  });

  it('fails the build of a package that does not declare a shared library', () => {
    const dir = path.join(ROOT, 'api');
    expect(() => base.sharedSingletons(dir)).toThrow(/must depend on react/);
  });
});

describe('a remote built against another minor than the shell', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  afterEach(() => warn.mockClear());
  const shellConfig = base.sharedSingletons(path.join(ROOT, 'shell'))['react-router-dom']!;
  const [major, minor] = shellConfig.version.split('.').map(Number);
  const newerMinor = `${major}.${minor! + 1}.0`;

  function federation(name: string, module: object, config: { version: string; requiredVersion: string }) {
    return new ModuleFederation({
      name,
      remotes: [],
      shared: {
        'react-router-dom': {
          version: config.version,
          get: async () => () => module,
          shareConfig: { singleton: true, requiredVersion: config.requiredVersion },
          strategy: 'loaded-first',
        },
      },
    });
  }

  it.each([
    ['declares the shell’s range and bundles its version', { version: shellConfig.version, requiredVersion: shellConfig.requiredVersion }, false],
    ['bundles a newer minor within the shell’s range', { version: newerMinor, requiredVersion: shellConfig.requiredVersion }, false],
    ['requires a newer minor than the shell provides (the console says so)', { version: newerMinor, requiredVersion: `^${newerMinor}` }, true],
  ])('%s: it runs on the shell’s one instance', async (_case, remoteConfig, warned) => {
    const shellRouter = { from: 'shell' };
    const shell = federation('shell', shellRouter, shellConfig);
    const factory = await shell.loadShare('react-router-dom');
    expect(factory && factory()).toBe(shellRouter);

    const remote = federation('mf_catalog', { from: 'mf_catalog' }, remoteConfig);
    remote.initShareScopeMap('default', shell.shareScopeMap['default']!);
    const remoteFactory = await remote.loadShare('react-router-dom');
    expect(remoteFactory && remoteFactory()).toBe(shellRouter);
    const warnings = warn.mock.calls.map((call) => call.join(' ')).filter((text) => text.includes('react-router-dom'));
    if (warned) {
      expect(warnings).toEqual([expect.stringContaining(`Version ${shellConfig.version} from shell of shared singleton module react-router-dom does not satisfy the requirement of mf_catalog which needs ^${newerMinor}`)]);
    } else {
      expect(warnings).toEqual([]);
    }
  });
});
