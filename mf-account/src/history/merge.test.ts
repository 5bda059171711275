import { describe, expect, it } from 'vitest';
import { mergeById } from './merge.js';

type Item = { id: number; v: string };
const ids = (items: Item[]) => items.map((i) => `${i.id}${i.v}`);

describe('mergeById (SPEC §4: no duplicates)', () => {
  it.each<[string, Item[], Item[], string[]]>([
    ['empty + page', [], [{ id: 1, v: 'a' }, { id: 2, v: 'a' }], ['1a', '2a']],
    ['next page appended', [{ id: 1, v: 'a' }], [{ id: 2, v: 'a' }], ['1a', '2a']],
    ['a page loaded twice adds nothing', [{ id: 1, v: 'a' }, { id: 2, v: 'a' }], [{ id: 1, v: 'a' }, { id: 2, v: 'a' }], ['1a', '2a']],
    ['a newer copy replaces in place', [{ id: 1, v: 'a' }, { id: 2, v: 'a' }], [{ id: 1, v: 'b' }], ['1b', '2a']],
    ['overlap (a new item pushed one into the next page)', [{ id: 3, v: 'a' }, { id: 2, v: 'a' }], [{ id: 2, v: 'a' }, { id: 1, v: 'a' }], ['3a', '2a', '1a']],
    ['duplicates inside one page', [], [{ id: 1, v: 'a' }, { id: 1, v: 'b' }], ['1b']],
  ])('%s', (_name, existing, incoming, expected) => {
    const before = JSON.stringify(existing);
    expect(ids(mergeById(existing, incoming, (i) => i.id))).toEqual(expected);
    expect(JSON.stringify(existing)).toBe(before);
  });
});
