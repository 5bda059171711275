import { describe, expect, it } from 'vitest';
import { compareSnapshots, htmlParagraphs, sameFieldsAs, type FieldChange } from './compareSnapshots.js';

const post = {
  id: 3,
  slug: 'ullundertoy',
  title: 'Slik vasker du ull',
  body: '<h2>Vask</h2><p>Bruk ullvask.</p><p>Maks 30 grader.</p>',
  featured_image: null,
  main_article_id: 12,
  related_article_ids: [4, 5],
  category_ids: [1],
  published_at: '2026-11-01T10:00:00.000Z',
  version: 4,
};
const poll = {
  id: 2,
  name: 'Vinterquiz',
  active: true,
  version: 2,
  questions: [
    { id: 10, poll_id: 2, text: 'Hvor kaldt?', options: [{ id: 1, question_id: 10, text: '-5', correct: false }, { id: 2, question_id: 10, text: '-20', correct: true }] },
  ],
};

describe('htmlParagraphs', () => {
  it.each([
    ['paragraphs and headings', '<h2>Vask</h2><p>Bruk <strong>ullvask</strong>.</p>', ['Vask', 'Bruk ullvask.']],
    ['list items', '<ul><li>Ull</li><li>Fleece</li></ul>', ['Ull', 'Fleece']],
    ['entities', '<p>Tips &amp; r&aring;d &lt;3 &#39;ja&#39;</p>', ["Tips & r&aring;d <3 'ja'"]],
    ['line breaks and blank paragraphs', '<p>En<br>To</p><p>  </p>', ['En', 'To']],
    ['an image by its alt text', '<p>Se her:</p><img src="/a.webp" alt="Blå jakke"><p>Slutt</p>', ['Se her:', '[Bilde: Blå jakke]', 'Slutt']],
    ['an image without alt text', '<figure><img src="/a.webp"></figure>', ['[Bilde: uten alternativ tekst]']],
    ['scripts are not text', '<p>Hei</p><script>alert(1)</script>', ['Hei']],
    ['white space collapses', '<p>  mange\n   mellomrom </p>', ['mange mellomrom']],
  ])('%s', (_name, html, paragraphs) => {
    expect(htmlParagraphs(html)).toEqual(paragraphs);
  });
});

describe('compareSnapshots', () => {
  const cases: Array<[string, unknown, unknown, FieldChange[]]> = [
    ['the same snapshot', post, { ...post }, []],
    ['only the version and ids differ', post, { ...post, version: 9, id: 4 }, []],
    ['a changed title', post, { ...post, title: 'Slik vasker du ullundertøy' }, [{ kind: 'changed', path: 'title', label: 'Tittel', before: 'Slik vasker du ull', after: 'Slik vasker du ullundertøy' }]],
    [
      'one paragraph of the body changed',
      post,
      { ...post, body: '<h2>Vask</h2><p>Bruk ullvask.</p><p>Maks 40 grader.</p>' },
      [{ kind: 'changed', path: 'body#2', label: 'Tekst, avsnitt 3', before: 'Maks 30 grader.', after: 'Maks 40 grader.' }],
    ],
    [
      'a paragraph added at the top moves nothing else',
      post,
      { ...post, body: '<p>Nytt først.</p><h2>Vask</h2><p>Bruk ullvask.</p><p>Maks 30 grader.</p>' },
      [{ kind: 'added', path: 'body#0', label: 'Tekst, avsnitt 1', after: 'Nytt først.' }],
    ],
    [
      'a paragraph removed',
      post,
      { ...post, body: '<h2>Vask</h2><p>Maks 30 grader.</p>' },
      [{ kind: 'removed', path: 'body#-1', label: 'Tekst, avsnitt 2', before: 'Bruk ullvask.' }],
    ],
    ['markup alone changed is no change', post, { ...post, body: '<h2>Vask</h2><p>Bruk <em>ullvask</em>.</p><p>Maks 30 grader.</p>' }, []],
    [
      'a body of one paragraph changed',
      { body: '<p>Før</p>' },
      { body: '<p>Etter</p>' },
      [{ kind: 'changed', path: 'body', label: 'Tekst', before: 'Før', after: 'Etter' }],
    ],
    ['a list of ids', post, { ...post, related_article_ids: [5, 4, 7] }, [{ kind: 'changed', path: 'related_article_ids', label: 'Produkter i innlegget', before: '4, 5', after: '5, 4, 7' }]],
    ['an image set', post, { ...post, featured_image: '/bilde.webp' }, [{ kind: 'changed', path: 'featured_image', label: 'Hovedbilde', before: '(tomt)', after: '/bilde.webp' }]],
    ['a list emptied', post, { ...post, category_ids: [] }, [{ kind: 'changed', path: 'category_ids', label: 'Kategorier', before: '1', after: '(tomt)' }]],
    [
      "a quiz's correct answer moved",
      poll,
      { ...poll, questions: [{ ...poll.questions[0]!, options: [{ ...poll.questions[0]!.options[0]!, correct: true }, { ...poll.questions[0]!.options[1]!, correct: false }] }] },
      [
        { kind: 'changed', path: 'questions.0.options.0.correct', label: 'Spørsmål 1 › Svaralternativ 1 › Riktig svar', before: 'Nei', after: 'Ja' },
        { kind: 'changed', path: 'questions.0.options.1.correct', label: 'Spørsmål 1 › Svaralternativ 2 › Riktig svar', before: 'Ja', after: 'Nei' },
      ],
    ],
    [
      'a question added',
      poll,
      { ...poll, questions: [...poll.questions, { text: 'Ny?', options: [] }] },
      [
        { kind: 'added', path: 'questions.1.text', label: 'Spørsmål 2 › Tekst', after: 'Ny?' },
        { kind: 'added', path: 'questions.1.options', label: 'Spørsmål 2 › Svaralternativ', after: '(tomt)' },
      ],
    ],
    ['a field gone', { title: 'A', slug: 'a' }, { title: 'A' }, [{ kind: 'removed', path: 'slug', label: 'Adresse (slug)', before: 'a' }]],
    [
      "a home layout's slot (nested, unknown keys keep their name)",
      { name: 'vinter', slots: { topBanner: { title: 'Vinter', link: '/klaer' } }, published: false },
      { name: 'vinter', slots: { topBanner: { title: 'Vinter', link: '/sko' } }, published: true },
      [
        { kind: 'changed', path: 'published', label: 'Publisert', before: 'Nei', after: 'Ja' },
        { kind: 'changed', path: 'slots.topBanner.link', label: 'Forsidefelt › topBanner › Lenke', before: '/klaer', after: '/sko' },
      ],
    ],
    [
      'jsonb key order (shortest first) is listed in form order',
      { id: 1, body: '<p>A</p>', slug: 'a', title: 'A' },
      { id: 1, body: '<p>B</p>', slug: 'b', title: 'B' },
      [
        { kind: 'changed', path: 'title', label: 'Tittel', before: 'A', after: 'B' },
        { kind: 'changed', path: 'slug', label: 'Adresse (slug)', before: 'a', after: 'b' },
        { kind: 'changed', path: 'body', label: 'Tekst', before: 'A', after: 'B' },
      ],
    ],
    [
      'unknown fields after the known ones',
      { zebra: 1, title: 'A' },
      { zebra: 2, title: 'B' },
      [
        { kind: 'changed', path: 'title', label: 'Tittel', before: 'A', after: 'B' },
        { kind: 'changed', path: 'zebra', label: 'zebra', before: '1', after: '2' },
      ],
    ],
    ['nothing before (a first save)', null, { title: 'Ny' }, [{ kind: 'added', path: 'title', label: 'Tittel', after: 'Ny' }]],
    [
      'changes saved without publishing, then published: the content stays, the pending mark goes',
      { title: 'A', body: '<p>B</p>', pending_changes: true },
      { title: 'A', body: '<p>B</p>', pending_changes: false },
      [{ kind: 'changed', path: 'pending_changes', label: 'Upubliserte endringer', before: 'Ja', after: 'Nei' }],
    ],
    ['a snapshot from before pending changes had none', { title: 'A', body: '<p>B</p>' }, { title: 'A', body: '<p>B</p>', pending_changes: false }, []],
    ["the save's own pending flag is not content", { title: 'A', body: '<p>B</p>', pending_changes: false }, { title: 'A', body: '<p>B</p>', pending: true }, []],
  ];
  it.each(cases)('%s', (_name, before, after, changes) => {
    expect(compareSnapshots(before, after)).toEqual(changes);
  });
});

describe('sameFieldsAs (the stored version cut to what the form sends)', () => {
  it.each([
    ['keeps the fields the input has', { id: 1, title: 'A', published_at: null, body: 'b' }, { title: 'B', body: 'b', version: 2 }, { title: 'A', body: 'b' }],
    ['leaves a non-object input alone', { title: 'A' }, null, { title: 'A' }],
    ['leaves a non-object stored value alone', null, { title: 'B' }, null],
  ])('%s', (_name, stored, mine, expected) => {
    expect(sameFieldsAs(stored, mine)).toEqual(expected);
  });
});
