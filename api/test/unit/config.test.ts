import { describe, expect, it } from 'vitest';
import { ConfigError, defaultRemotes, loadConfig, parseRemotes } from '../../src/config.js';

const deps = (files: Record<string, string> = {}) => ({
  cwd: '/srv/shop',
  readFile: (file: string) => {
    if (!(file in files)) throw new Error('ENOENT');
    return files[file]!;
  },
});

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({}, deps());
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: '/srv/shop/.data',
      production: false,
      seedArticles: undefined,
      logLevel: 'info',
      trustProxy: false,
    });
    expect(c.remotes).toEqual({
      mf_catalog: '/mf/mf-catalog/mf-manifest.json',
      mf_cart_checkout: '/mf/mf-cart-checkout/mf-manifest.json',
      mf_account: '/mf/mf-account/mf-manifest.json',
      mf_content: '/mf/mf-content/mf-manifest.json',
    });
  });

  it.each([
    [{ PORT: '9000' }, { port: 9000 }],
    [{ DATA_DIR: 'var/db' }, { dataDir: '/srv/shop/var/db' }],
    [{ DATA_DIR: '/data' }, { dataDir: '/data' }],
    [{ DATABASE_URL: 'postgres://u@h/db' }, { databaseUrl: 'postgres://u@h/db' }],
    [{ NODE_ENV: 'production', PUBLIC_URL: 'https://www.staut.no' }, { production: true, publicUrl: 'https://www.staut.no', apiDocs: false }],
    [{ NODE_ENV: 'production', PUBLIC_URL: 'https://www.staut.no/', API_DOCS: '1' }, { publicUrl: 'https://www.staut.no', apiDocs: true }],
    [{ NODE_ENV: 'production', PUBLIC_URL: 'https://Shop.Example:8443' }, { publicUrl: 'https://shop.example:8443' }],
    // Outside production PUBLIC_URL stays optional and as given (local http is fine); the docs are on unless API_DOCS=0.
    [{}, { publicUrl: undefined, apiDocs: true }],
    [{ PUBLIC_URL: 'http://localhost:8080/' }, { publicUrl: 'http://localhost:8080' }],
    [{ API_DOCS: '0' }, { apiDocs: false }],
    [{ SEED_ARTICLES: '20000' }, { seedArticles: 20000 }],
    [{ TRUST_PROXY: '' }, { trustProxy: false }],
    [{ TRUST_PROXY: 'false' }, { trustProxy: false }],
    // Proxies by address or network, whatever HOST is; a hop count only while listening on loopback.
    [{ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7' }, { trustProxy: ['10.0.0.0/8', '192.168.1.7'] }],
    [{ TRUST_PROXY: '::1,fd00::/8' }, { trustProxy: ['::1', 'fd00::/8'] }],
    [{ TRUST_PROXY: '10.9.0.0/16', HOST: '0.0.0.0' }, { host: '0.0.0.0', trustProxy: ['10.9.0.0/16'] }],
    [{ TRUST_PROXY: 'loopback,uniquelocal', HOST: '::' }, { host: '::', trustProxy: ['loopback', 'uniquelocal'] }],
    [{ TRUST_PROXY: '2' }, { host: '127.0.0.1', trustProxy: 2 }],
    [{ TRUST_PROXY: '1', HOST: '::1' }, { trustProxy: 1 }],
    [{ TRUST_PROXY: '1', HOST: 'localhost' }, { trustProxy: 1 }],
    [{ TRUST_PROXY: 'false', HOST: '0.0.0.0' }, { trustProxy: false }],
    [{ HOST: '0.0.0.0' }, { host: '0.0.0.0', trustProxy: false }],
    [{ HOST: ' ' }, { host: '127.0.0.1' }],
  ])('reads %o', (env, expected) => {
    expect(loadConfig(env, deps())).toMatchObject(expected);
  });

  it.each([
    [{ PORT: 'http' }],
    [{ PORT: '70000' }],
    [{ SEED_ARTICLES: '-1' }],
    [{ SEED_ARTICLES: 'many' }],
    [{ TRUST_PROXY: 'yes' }],
    [{ TRUST_PROXY: '0' }],
    [{ TRUST_PROXY: '10.0.0.0/33' }],
    [{ TRUST_PROXY: '10.0.0.1,' }],
    [{ TRUST_PROXY: 'loadbalancer.internal' }],
    [{ TRUST_PROXY: '10.0.0.0/8/8' }],
    // Every hop trusted: the client would pick its own address with X-Forwarded-For.
    [{ TRUST_PROXY: 'true' }],
    [{ TRUST_PROXY: 'true', HOST: '127.0.0.1' }],
    // A hop count on an interface others reach: anyone connecting directly picks their address.
    [{ TRUST_PROXY: '1', HOST: '0.0.0.0' }],
    [{ TRUST_PROXY: '2', HOST: '::' }],
    [{ TRUST_PROXY: '1', HOST: '10.0.0.5' }],
    [{ TRUST_PROXY: '1', HOST: 'shop.internal' }],
  ])(
    'rejects %o',
    (env) => {
      expect(() => loadConfig(env, deps())).toThrow(ConfigError);
    },
  );

  it('says why a hop count is refused on a public interface, and what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: '1', HOST: '0.0.0.0' }, deps())).toThrow(/hop count.*HOST=0\.0\.0\.0.*X-Forwarded-For.*proxies' addresses/);
  });

  it.each([
    ['unset', {}, /it is not set/],
    ['empty', { PUBLIC_URL: ' ' }, /it is not set/],
    ['plain http', { PUBLIC_URL: 'http://www.staut.no' }, /got "http:\/\/www.staut.no"/],
    ['not a URL', { PUBLIC_URL: 'www.staut.no' }, /got "www.staut.no"/],
    ['with a path', { PUBLIC_URL: 'https://www.staut.no/butikk' }, /https origin/],
    ['with a query', { PUBLIC_URL: 'https://www.staut.no/?x=1' }, /https origin/],
    ['with credentials', { PUBLIC_URL: 'https://u:p@www.staut.no' }, /https origin/],
    ['another scheme', { PUBLIC_URL: 'javascript:alert(1)' }, /https origin/],
  ])('refuses to start in production with PUBLIC_URL %s', (_name, env, message) => {
    const load = () => loadConfig({ NODE_ENV: 'production', ...env }, deps());
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(message);
    expect(load).toThrow(/^PUBLIC_URL must be the shop's public https origin/);
  });

  it('takes remotes from REMOTES_JSON before REMOTES_FILE', () => {
    const file = { '/srv/shop/remotes.json': '{"mf_catalog":"https://b.example/mf-manifest.json"}' };
    const fromFile = loadConfig({ REMOTES_FILE: 'remotes.json' }, deps(file));
    expect(fromFile.remotes).toEqual({ mf_catalog: 'https://b.example/mf-manifest.json' });
    // Only a registry from the file is followed while the server runs (server/remoteRegistry.ts).
    expect(fromFile.remotesFile).toBe('/srv/shop/remotes.json');
    const inline = loadConfig({ REMOTES_FILE: 'remotes.json', REMOTES_JSON: '{"mf_content":"/x.json"}' }, deps(file));
    expect(inline.remotes).toEqual({ mf_content: '/x.json' });
    expect(inline.remotesFile).toBeUndefined();
    expect(loadConfig({}, deps()).remotesFile).toBeUndefined();
    expect(() => loadConfig({ REMOTES_FILE: 'missing.json' }, deps())).toThrow(/cannot be read/);
  });
});

describe('parseRemotes', () => {
  it.each([
    ['not json', /not valid JSON/],
    ['[]', /JSON object/],
    ['"x"', /JSON object/],
    ['{"mf_catalog": 3}', /mf_catalog/],
    ['{"mf_catalog": " "}', /mf_catalog/],
  ])('rejects %s', (json, message) => {
    expect(() => parseRemotes(json, 'REMOTES_JSON')).toThrow(message);
  });

  it('keeps a valid registry as it is', () => {
    expect(parseRemotes(JSON.stringify(defaultRemotes()), 'x')).toEqual(defaultRemotes());
  });
});

describe('image storage (S3_*)', () => {
  const keys = { S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', S3_SECRET_ACCESS_KEY: 'hemmelig' };
  it.each([
    [{}, { kind: 'files', dir: '/srv/shop/.data/images' }],
    [{ DATA_DIR: '/data' }, { kind: 'files', dir: '/data/images' }],
    [{ S3_BUCKET: 'bilder', S3_REGION: 'eu-north-1' }, { kind: 's3', bucket: 'bilder', endpoint: undefined, region: 'eu-north-1', credentials: undefined }],
    [
      { S3_BUCKET: 'bilder', S3_ENDPOINT: 'http://127.0.0.1:9000', ...keys },
      { kind: 's3', bucket: 'bilder', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'hemmelig' } },
    ],
    [{ S3_BUCKET: ' bilder ', S3_ENDPOINT: 'https://s3.example', S3_REGION: 'auto' }, { kind: 's3', bucket: 'bilder', endpoint: 'https://s3.example', region: 'auto', credentials: undefined }],
  ])('%j → %j', (env, images) => {
    expect(loadConfig(env, deps()).images).toEqual(images);
  });

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_ENDPOINT set without S3_BUCKET/],
    [{ ...keys }, /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY set without S3_BUCKET/],
    [{ S3_BUCKET: 'bilder' }, /S3_REGION must be set/],
    [{ S3_BUCKET: 'bilder', S3_ENDPOINT: 'ftp://x' }, /S3_ENDPOINT must be an http\(s\) URL/],
    [{ S3_BUCKET: 'bilder', S3_ENDPOINT: 'not a url' }, /S3_ENDPOINT must be an http\(s\) URL/],
    [{ S3_BUCKET: 'bilder', S3_REGION: 'eu-north-1', S3_ACCESS_KEY_ID: 'AKIDEXAMPLE' }, /must be set together/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env, deps())).toThrow(ConfigError);
    expect(() => loadConfig(env, deps())).toThrow(message);
  });
});
