import { describe, expect, it } from 'vitest';
import { FOLD_FROM, FOLD_TO, norwegianSortKeyOf } from '../../src/db/norwegian.js';

const nb = new Intl.Collator('nb-NO');
const byKey = (names: string[]) =>
  [...names].sort((a, b) => {
    const ka = norwegianSortKeyOf(a);
    const kb = norwegianSortKeyOf(b);
    return ka < kb ? -1 : ka > kb ? 1 : a < b ? -1 : a > b ? 1 : 0;
  });

describe('Norwegian sort key', () => {
  it('maps every folded letter to exactly one replacement (translate() needs equal lengths)', () => {
    expect([...FOLD_FROM].length).toBe([...FOLD_TO].length);
    expect(new Set(FOLD_FROM).size).toBe([...FOLD_FROM].length);
  });

  it.each([
    ['Zebra', 'Ærfugl'],
    ['Ærfugl', 'Øl'],
    ['Øl', 'Åre'],
    ['Ägg', 'Ørn'],
    ['Öl', 'Åre'],
    ['Ydre', 'Zebra'],
    ['Ull', 'Über'],
    ['Elan', 'Fjell'],
    ['Åre', 'Aasen'],
    ['10 kg', '2 kg'],
  ])('%s sorts before %s', (first, second) => {
    expect(norwegianSortKeyOf(first) < norwegianSortKeyOf(second)).toBe(true);
  });

  it('orders a realistic list like Intl.Collator("nb-NO")', () => {
    const names = [
      'Åsen parkas', 'Anorakk Vidda', 'Zip-genser', 'Ærlig ullgenser', 'Øvre Dal jakke', 'bobledress', 'Élan vest',
      'Aasen lue', 'Ullsokker', 'Ski lue', 'Skilue', 'Ski-lue', 'Øyer hansker', 'Åmot sko', 'Ørsta jakke', 'Tursekk 30 l',
      'Tursekk 45 l', 'Dunjakke dame', 'Dunjakke herre', 'Ålesund regnjakke',
    ];
    expect(byKey(names)).toEqual([...names].sort(nb.compare));
  });
});
