/**
 * The pure parts of the search: tokens, tsquery texts, typo budgets and edit distances, filter compilation, the answer's
 * JSON text.
 */
import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { totalBound } from '../../src/search/engine.js';
import { searchResponseBytes } from '../../src/search/hits.js';
import { articleImageUrl } from '../../src/routes/images/urls.js';
import { NEUTRAL_HEX } from '../../src/routes/articles/load.js';
import { compileFilters, FILTER_GRAMMAR_DOC, resolveField, SearchFilterError } from '../../src/search/filters.js';
import { fuzzyCandidates, MAX_TOKENS, tokenize, tsQueries } from '../../src/search/query.js';
import { editDistance, pickAlternatives, typoBudget } from '../../src/search/typos.js';

describe('tokenize', () => {
  it.each([
    ['Vindjakke', ['vindjakke']],
    ['  Staut   VINDJAKKE dame ', ['staut', 'vindjakke', 'dame']],
    ['Øvre Dal-jakke', ['øvre', 'dal', 'jakke']],
    ['t-skjorte & shorts!', ['t', 'skjorte', 'shorts']],
    ['ull ull ULL', ['ull']],
    ["O'Neill 42", ['o', 'neill', '42']],
    ['vindj:* | !jakke', ['vindj', 'jakke']],
    ['', []],
    ['&&& ***', []],
    ['Élan Crème', ['élan', 'crème']],
  ])('%j → %j', (query, tokens) => {
    expect(tokenize(query)).toEqual(tokens);
  });

  it(`keeps at most ${MAX_TOKENS} words and drops absurdly long ones`, () => {
    expect(tokenize('a b c d e f g h i j')).toHaveLength(MAX_TOKENS);
    expect(tokenize(`${'x'.repeat(41)} jakke`)).toEqual(['jakke']);
  });
});

describe('tsQueries', () => {
  it('matches the last word as a prefix and earlier ones whole, alternatives OR-ed in', () => {
    expect(tsQueries([{ token: 'vinjdakke', alternatives: ['vindjakke'] }, { token: 'dame', alternatives: [] }])).toEqual({
      strict: 'vinjdakke & dame:*',
      tolerant: '(vinjdakke | vindjakke) & dame:*',
    });
    expect(tsQueries([{ token: 'vindj', alternatives: [] }])).toEqual({ strict: 'vindj:*', tolerant: 'vindj:*' });
  });

  it('is null without words and never lets operators through', () => {
    expect(tsQueries([])).toBeNull();
    expect(tsQueries([{ token: 'a|b', alternatives: [] }])).toBeNull();
    expect(tsQueries([{ token: 'jakke', alternatives: ['x&y', 'jakke', 'jakka'] }])!.tolerant).toBe('(jakke:* | jakka)');
  });

  it('fuzzes only words of five letters or more', () => {
    expect(fuzzyCandidates(['ull', 'lue', 'jakke', 'vindjakke', 'åsen'])).toEqual(['jakke', 'vindjakke']);
  });
});

describe('typo tolerance', () => {
  it.each([
    ['vindjakke', 'vinjdakke', 1],
    ['jakke', 'jakke', 0],
    ['jakke', 'jakka', 1],
    ['jakke', 'jakk', 1],
    ['dunjakke', 'vindjakke', 3],
    ['ullsokker', 'ulsokker', 1],
    ['løpesko', 'lopesko', 1],
    ['', 'abc', 3],
  ])('editDistance(%j, %j) = %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });

  it.each([
    ['ull', 0],
    ['lues', 0],
    ['jakke', 1],
    ['vindjakk', 1],
    ['vindjakke', 2],
  ])('typoBudget(%j) = %i', (token, budget) => {
    expect(typoBudget(token)).toBe(budget);
  });

  it('keeps close words only, closest first, never the word itself or its continuations', () => {
    expect(pickAlternatives('vinjdakke', ['vindjakke', 'vindbukse', 'vinjdakkene'])).toEqual(['vindjakke']);
    expect(pickAlternatives('jakke', ['jakker', 'jakka', 'hakke', 'dunjakke', 'jakke'])).toEqual(['jakka', 'hakke']);
    expect(pickAlternatives('ull', ['ulv'])).toEqual([]);
    expect(pickAlternatives('skijakke', ['skijakka', 'skijakke', 'skojakke', 'skijakko', 'skijakki'])).toEqual([
      'skijakka',
      'skojakke',
      'skijakko',
    ]);
  });

  it.each([
    // vindjakke and vindjakka share the stem vindjakk: the closer one stays.
    ['vinjdakke', ['vindjakke', 'vindjakka'], { vinjdakke: 'vinjdakk', vindjakke: 'vindjakk', vindjakka: 'vindjakk' }, ['vindjakke']],
    // A candidate with the token's own stem adds no match.
    ['jakka', ['jakke', 'hakka'], { jakka: 'jakk', jakke: 'jakk', hakka: 'hakk' }, ['hakka']],
    // Distinct stems all stay, up to the limit.
    ['skijakke', ['skijakka', 'skojakke', 'skijakko', 'skijakki'], { skijakke: 'skijakk', skijakka: 'skijakk', skojakke: 'skojakk', skijakko: 'skijakko', skijakki: 'skijakki' }, ['skojakke', 'skijakko', 'skijakki']],
    // A word without a known stem is kept.
    ['vinjdakke', ['vindjakke', 'vindjakka'], { vindjakke: 'vindjakk' }, ['vindjakke', 'vindjakka']],
  ])('with stems: %s among %j → %j', (token, candidates, stems, expected) => {
    expect(pickAlternatives(token, candidates, new Map(Object.entries(stems)))).toEqual(expected);
  });
});

describe('totalBound', () => {
  it.each([
    [24, 0, 1000],
    [24, 40, 1000],
    [24, 41, 2000],
    [1000, 0, 2000],
    [999, 0, 1000],
    [0, 0, 1000],
    [0, 7, 1000],
  ])('take %i, page %i → counted to %i', (take, page, bound) => {
    expect(totalBound(take, page)).toBe(bound);
  });
});

const OWN_GENDER = '(select a.gender_id from articles a where a.id = s.article_id)';

describe('compileFilters', () => {
  const dialect = new PgDialect();
  const now = new Date('2026-11-24T12:00:00Z');
  const render = (text: string) => {
    const { where } = compileFilters(text, now);
    return where ? dialect.sqlToQuery(where) : null;
  };

  it('compiles nothing to no condition', () => {
    expect(compileFilters('')).toEqual({ rules: [], where: null });
    expect(compileFilters('   ').where).toBeNull();
  });

  it.each([
    ['ColorGroupID IN [1,2]', '(s.color_group_bits & $1::int8) <> 0', ['6']],
    ['ColorGroupID IN []', '(s.color_group_bits & $1::int8) <> 0', ['0']],
    ['ColorGroupID IN [1,63]', 's.color_group_ids && $1::int[]', [[1, 63]]],
    ['ShopID NOT IN [55,62]', '(s.shop_bits & $1::int8) = 0', ['4647714815446351872']],
    ['ShopID NOT IN [70]', 'not (s.shop_ids && $1::int[])', [[70]]],
    // Genders are strict by id: the article's own gender, looked up only for rows whose gender bit set may match.
    ['GenderID = 2', `(s.gender_bits & $1::int8) <> 0 and ${OWN_GENDER} = $2::int`, ['4', 2]],
    ['GenderID IN [1,10]', `(s.gender_bits & $1::int8) <> 0 and ${OWN_GENDER} = any($2::int[])`, ['1026', [1, 10]]],
    ['GenderID = 64', `${OWN_GENDER} = $1::int`, [64]],
    ['GenderID != 2', `${OWN_GENDER} is distinct from $1::int`, [2]],
    ['GenderID NOT IN [1]', `(${OWN_GENDER} is null or ${OWN_GENDER} <> all($1::int[]))`, [[1]]],
    ['GenderID 1 TO 3', `${OWN_GENDER} between $1::int and $2::int`, [1, 3]],
    ['ShopID EXISTS', 'cardinality(s.shop_ids) > 0', []],
    ['ProductLineID NOT IN [3]', '(s.product_line_id is null or s.product_line_id <> all($1::int[]))', [[3]]],
    ['ArticleGroup3ID 1 TO 2', 's.group3_id between $1::int and $2::int', [1, 2]],
    ['NOT ArticleID 1 TO 2', '(s.article_id is null or s.article_id not between $1::int and $2::int)', [1, 2]],
    [
      'GrossPrice < 100.5',
      '(case when s.has_campaign then least(s.price, coalesce(( select min(ca.price) from campaign_articles ca join campaigns c on c.id = ca.campaign_id where ca.article_id = s.article_id and c.starts_at <= $1::timestamptz and c.ends_at > $2::timestamptz), s.price)) else s.price end)::numeric < $3::numeric',
      ['2026-11-24T12:00:00.000Z', '2026-11-24T12:00:00.000Z', 100.5],
    ],
  ])('%s', (text, sqlText, params) => {
    const query = render(text)!;
    expect(query.sql.replace(/\s+/g, ' ')).toBe(sqlText);
    expect(query.params).toEqual(params);
  });

  it('accepts the web keys as aliases', () => {
    expect(compileFilters('colors IN [1]').rules).toEqual([{ field: 'ColorGroupID', operator: 'IN', values: [1] }]);
    expect(resolveField('exclude')).toBe('ArticleID');
    expect(resolveField('constructor')).toBeNull();
    expect(resolveField('toString')).toBeNull();
  });

  it('collects every problem of a filter string', () => {
    try {
      compileFilters('Foo = 1 AND ArticleID = 1.5 AND GenderID = 1');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SearchFilterError);
      expect((error as SearchFilterError).problems.map((p) => p.message)).toEqual([
        expect.stringContaining('unknown field Foo'),
        'ArticleID: 1.5 is not a whole id',
      ]);
    }
  });

  it('documents every field and operator for /api/docs', () => {
    for (const word of ['ColorGroupID', 'GenderID', 'ProductLineID', 'ShopID', 'GrossPrice', 'ArticleGroup3ID', 'ArticleID', 'NOT IN', 'EXISTS', 'TO']) {
      expect(FILTER_GRAMMAR_DOC).toContain(word);
    }
  });
});

describe('the answer as bytes', () => {
  const stored = { ArticleID: 7, Name: 'Vindjakke "Sørøst" \\ <b> – lett 😀', Colors: [{ Hex: 'ff0000' }] };
  const campaign = { CampaignArticleID: 1, CampaignID: 2, ArticleID: 7, Price: 9900, LabelType: 1, LabelData: { text: 'Salg' } };
  const sourceOf = (bytes: Buffer) => JSON.parse(bytes.toString('utf8')).hits.hits[0]._source;
  it.each([
    ['a document with a colour, a campaign and characters past Latin-1', { json: JSON.stringify(stored), group3Id: 12, firstHex: 'ff0000' }, [campaign],
      { ...stored, Image: articleImageUrl(12, 'ff0000'), Campaigns: [{ ...campaign, LabelData: '{"text":"Salg"}' }] }],
    ['jsonb text spacing, no variants, no campaigns', { json: '{"ArticleID": 8, "Colors": []}', group3Id: 3, firstHex: null }, [],
      { ArticleID: 8, Colors: [], Image: articleImageUrl(3, NEUTRAL_HEX), Campaigns: [] }],
    ['a campaign without label data', { json: '{"ArticleID": 9}', group3Id: 3, firstHex: 'aabbcc' }, [{ ...campaign, LabelData: null }],
      { ArticleID: 9, Image: articleImageUrl(3, 'aabbcc'), Campaigns: [{ ...campaign, LabelData: null }] }],
  ])('%s', (_name, source, campaigns, expected) => {
    expect(sourceOf(searchResponseBytes({ value: 1, relation: 'eq' }, [{ id: 1, score: 3, source, campaigns: campaigns as never }]))).toEqual(expected);
  });

  it.each(['', '[]', '{}', 'null', '"x"'])('refuses a stored document that is not a non-empty object: %j', (json) => {
    expect(() => searchResponseBytes({ value: 1, relation: 'eq' }, [{ id: 1, score: 0, source: { json, group3Id: 1, firstHex: null }, campaigns: [] }])).toThrow(
      /not a non-empty JSON object/,
    );
  });

  it('wraps the hits in the Elasticsearch shape, in order, and fills the buffer exactly', () => {
    const hit = (id: number, score: number, name: string) => ({ id, score, source: { json: JSON.stringify({ ArticleID: id, Name: name }), group3Id: 1, firstHex: null }, campaigns: [] });
    const bytes = searchResponseBytes({ value: 42, relation: 'eq' }, [hit(5, 3, 'Ullsokk – tykk'), hit(4, 0, 'Æøå 😀')]);
    const image = articleImageUrl(1, NEUTRAL_HEX);
    expect(JSON.parse(bytes.toString('utf8'))).toEqual({
      hits: {
        total: { value: 42, relation: 'eq' },
        hits: [
          { _id: '5', _score: 3, _source: { ArticleID: 5, Name: 'Ullsokk – tykk', Image: image, Campaigns: [] } },
          { _id: '4', _score: 0, _source: { ArticleID: 4, Name: 'Æøå 😀', Image: image, Campaigns: [] } },
        ],
      },
    });
    expect(bytes.toString('utf8').endsWith(']}}')).toBe(true);
    expect(JSON.parse(searchResponseBytes({ value: 0, relation: 'eq' }, []).toString())).toEqual({ hits: { total: { value: 0, relation: 'eq' }, hits: [] } });
    expect(JSON.parse(searchResponseBytes({ value: 1000, relation: 'gte' }, []).toString()).hits.total).toEqual({ value: 1000, relation: 'gte' });
  });
});
