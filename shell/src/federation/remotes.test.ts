import { describe, expect, it } from 'vitest';
import { parseRemotes } from './remotes.js';

const base = 'http://localhost:8080/product/ullgenser';

describe('parseRemotes (/remotes.json)', () => {
  it.each([
    {
      case: 'relative URLs become absolute against the page',
      doc: { mf_catalog: '/mf/mf-catalog/mf-manifest.json' },
      remotes: [{ name: 'mf_catalog', entry: 'http://localhost:8080/mf/mf-catalog/mf-manifest.json' }],
      problems: 0,
    },
    {
      case: 'another origin is kept as it is',
      doc: { mf_catalog: 'http://127.0.0.1:9090/mf/mf-catalog/mf-manifest.json' },
      remotes: [{ name: 'mf_catalog', entry: 'http://127.0.0.1:9090/mf/mf-catalog/mf-manifest.json' }],
      problems: 0,
    },
    {
      case: 'bad entries are skipped, good ones kept',
      doc: { 'mf-catalog': '/x.json', mf_account: '', mf_content: 42, mf_cart_checkout: '/mf/c/mf-manifest.json' },
      remotes: [{ name: 'mf_cart_checkout', entry: 'http://localhost:8080/mf/c/mf-manifest.json' }],
      problems: 3,
    },
    { case: 'an array is not a registry', doc: ['mf_catalog'], remotes: [], problems: 1 },
    { case: 'null is not a registry', doc: null, remotes: [], problems: 1 },
  ])('$case', ({ doc, remotes, problems }) => {
    const parsed = parseRemotes(doc, base);
    expect(parsed.remotes).toEqual(remotes);
    expect(parsed.problems).toHaveLength(problems);
  });
});
