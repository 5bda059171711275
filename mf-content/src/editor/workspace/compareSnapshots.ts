/**
 * What changed between two saved versions of a piece of content (history), or between the editor's refused input and
 * the stored version (conflict). The JSON snapshots are flattened into labelled fields; an HTML body is compared as
 * text paragraphs, so a changed sentence shows as that paragraph and not as one long changed string of markup.
 */
import { texts } from './texts.js';

export type FieldChange =
  | { kind: 'changed'; path: string; label: string; before: string; after: string }
  | { kind: 'added'; path: string; label: string; after: string }
  | { kind: 'removed'; path: string; label: string; before: string };

interface Field {
  path: string;
  label: string;
  value: string;
}

/**
 * Bookkeeping, not content: a change of version or of database ids says nothing an editor wrote, a poll's `quiz`
 * follows from its options' right answers, which are compared themselves, and `pending` is how a save was sent.
 */
const IGNORED_KEYS = new Set(['version', 'id', 'poll_id', 'question_id', 'quiz', 'pending']);

const BLOCK_TAGS = 'p|h[1-6]|li|blockquote|figure|figcaption|pre|div|section|article|aside|ul|ol|table|tr|td|th|br|hr';
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };
const looksLikeHtml = (value: string) => /<\/?(p|h[1-6]|ul|ol|li|blockquote|figure|img|a|strong|em|br)\b[^>]*>/i.test(value);

/** The text paragraphs of an HTML body, in order; an image counts as a paragraph of its alt text. */
export function htmlParagraphs(html: string): string[] {
  // Line breaks in the markup are spaces, as a browser shows them; only block boundaries start a paragraph.
  const text = html
    .replace(/\s+/g, ' ')
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<img\b[^>]*>/gi, (tag) => `\n${texts.compare.image(/\balt\s*=\s*"([^"]*)"/i.exec(tag)?.[1] ?? '')}\n`)
    .replace(new RegExp(`</?(${BLOCK_TAGS})\\b[^>]*>`, 'gi'), '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#39|[a-z]+);/gi, (entity, name: string) => ENTITIES[name.toLowerCase()] ?? entity);
  return text
    .split('\n')
    .map((line) => line.replace(/ +/g, ' ').trim())
    .filter((line) => line !== '');
}

const labelOf = (key: string) => (texts.compare.fields as Record<string, string>)[key] ?? key;

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return texts.compare.empty;
  if (typeof value === 'boolean') return value ? texts.compare.yes : texts.compare.no;
  return String(value);
}

/** Leaves of a snapshot with a readable label ("Spørsmål 2 › Svaralternativ 1 › Tekst"); lists of plain values stay one field. */
function flatten(value: unknown, path: string, label: string, out: Field[]): void {
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) {
      out.push({ path, label, value: value.length ? value.map(show).join(', ') : texts.compare.empty });
      return;
    }
    value.forEach((entry, i) => flatten(entry, `${path}.${i}`, `${label} ${i + 1}`, out));
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (IGNORED_KEYS.has(key)) continue;
      const name = labelOf(key);
      flatten(inner, path ? `${path}.${key}` : key, label ? `${label} › ${name}` : name, out);
    }
    return;
  }
  if (typeof value === 'string' && looksLikeHtml(value)) {
    out.push({ path, label, value: htmlParagraphs(value).join('\n') });
    return;
  }
  out.push({ path, label, value: show(value) });
}

function fieldsOf(snapshot: unknown): Field[] {
  const out: Field[] = [];
  if (snapshot === null || snapshot === undefined) return out;
  // A post's or page's snapshot saved before pending changes existed (docs/adr/0023) had none.
  const pendingKnown = typeof snapshot !== 'object' || !('body' in snapshot) || 'pending_changes' in snapshot;
  flatten(pendingKnown ? snapshot : { ...snapshot, pending_changes: false }, '', '', out);
  return out;
}

/** Longest common subsequence of two lists of paragraphs: the index pairs kept unchanged, in order. */
function commonParagraphs(a: string[], b: string[]): Array<[number, number]> {
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const pairs: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

/**
 * A text field's paragraphs compared: between two unchanged paragraphs, removed and added ones are paired as changed
 * ("Tekst, avsnitt 2"), the rest are added or removed. Numbers are positions in the version they come from.
 */
function compareParagraphs(path: string, label: string, before: string, after: string): FieldChange[] {
  const a = before === texts.compare.empty ? [] : before.split('\n');
  const b = after === texts.compare.empty ? [] : after.split('\n');
  const changes: FieldChange[] = [];
  const paragraph = (n: number) => texts.compare.paragraph(label, n + 1);
  let i = 0;
  let j = 0;
  for (const [keptA, keptB] of [...commonParagraphs(a, b), [a.length, b.length] as [number, number]]) {
    const removed = a.slice(i, keptA).map((text, k) => ({ n: i + k, text }));
    const added = b.slice(j, keptB).map((text, k) => ({ n: j + k, text }));
    const paired = Math.min(removed.length, added.length);
    for (let k = 0; k < paired; k++) {
      changes.push({ kind: 'changed', path: `${path}#${added[k]!.n}`, label: paragraph(added[k]!.n), before: removed[k]!.text, after: added[k]!.text });
    }
    for (const r of removed.slice(paired)) changes.push({ kind: 'removed', path: `${path}#-${r.n}`, label: paragraph(r.n), before: r.text });
    for (const ad of added.slice(paired)) changes.push({ kind: 'added', path: `${path}#${ad.n}`, label: paragraph(ad.n), after: ad.text });
    i = keptA + 1;
    j = keptB + 1;
  }
  return changes;
}

/**
 * Where a change is listed: by its top-level field in the order editors fill a form (the labels' order), others after.
 * Stored snapshots are jsonb, whose keys come back shortest first ("body" before "title"), so their order says nothing.
 */
const FIELD_ORDER = Object.keys(texts.compare.fields);
function rank(change: FieldChange): number {
  const top = change.path.split(/[.#]/)[0] ?? '';
  const at = FIELD_ORDER.indexOf(top);
  return at === -1 ? FIELD_ORDER.length : at;
}

/**
 * The fields that differ from `before` to `after`: by field (title, address, text, …; the same field's parts in the
 * order of `after`, then what was removed). Multi-paragraph text is compared paragraph by paragraph.
 */
export function compareSnapshots(before: unknown, after: unknown): FieldChange[] {
  const old = new Map(fieldsOf(before).map((f) => [f.path, f]));
  const changes: FieldChange[] = [];
  for (const field of fieldsOf(after)) {
    const previous = old.get(field.path);
    old.delete(field.path);
    if (!previous) {
      changes.push({ kind: 'added', path: field.path, label: field.label, after: field.value });
    } else if (previous.value !== field.value) {
      if (previous.value.includes('\n') || field.value.includes('\n')) changes.push(...compareParagraphs(field.path, field.label, previous.value, field.value));
      else changes.push({ kind: 'changed', path: field.path, label: field.label, before: previous.value, after: field.value });
    }
  }
  for (const gone of old.values()) changes.push({ kind: 'removed', path: gone.path, label: gone.label, before: gone.value });
  // Array.prototype.sort is stable: within a field the order above stays.
  return changes.sort((a, b) => rank(a) - rank(b));
}

/**
 * The stored version cut to the fields the editor's input has: a refused save is compared with what is stored of the
 * same fields, not with the stored view's extra fields (status, ids) the form never sends.
 */
export function sameFieldsAs(stored: unknown, mine: unknown): unknown {
  if (stored === null || typeof stored !== 'object' || mine === null || typeof mine !== 'object' || Array.isArray(mine)) return stored;
  const keys = new Set(Object.keys(mine));
  return Object.fromEntries(Object.entries(stored).filter(([key]) => keys.has(key)));
}
