import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { editConflictOf, fieldErrors, saveStaticPage, serverMessage } from '@shop/contracts/api';
import type { EditorStaticPage, StaticPageInput } from '@shop/contracts/types';
import { RichTextEditor } from '../richtext/index.js';
import { Notice, TextField } from '../ui/index.js';
import type { ItemEditorProps } from '../workspace/itemEditor.js';
import { SaveButtons, savesPending } from '../workspace/SaveButtons.js';
import { draftFromPage, pageInput, validatePage, type PageDraft, type PageErrors } from './pageForm.js';
import { pageTexts as t } from './texts.js';
import styles from '../posts/posts.module.css';

type Outcome = { kind: 'idle' } | { kind: 'saving' } | { kind: 'invalid' } | { kind: 'failed'; message: string };

/** A copy page's title and text (kundeservice, om oss …): its address is fixed, so only the words change here. */
// `draft`: the item screen's "Behold min versjon" after a conflict (the input this editor gave onConflict).
export function PageEditor({ item, draft: kept, onSaved, onConflict, onDirtyChange }: ItemEditorProps & { draft?: unknown }) {
  const page = (item?.content as EditorStaticPage | undefined) ?? null;
  const loaded = useMemo(() => (page ? draftFromPage(page) : null), [page]);
  const start = useMemo(() => (kept && loaded ? { title: (kept as StaticPageInput).title, body: (kept as StaticPageInput).body } : loaded), [kept, loaded]);
  const [draft, setDraft] = useState<PageDraft | null>(start);
  const [errors, setErrors] = useState<PageErrors>({});
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const form = useRef<HTMLFormElement>(null);
  // After a refused save has rendered its messages, the first field with one gets the focus (a screen reader hears it).
  const [focusInvalid, setFocusInvalid] = useState(0);
  useEffect(() => {
    if (focusInvalid) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);
  useEffect(() => setDraft(start), [start]);
  const dirty = Boolean(draft && loaded && (draft.title !== loaded.title || draft.body !== loaded.body));
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  if (!page || !item || !draft) return <Notice>{t.newPage}</Notice>;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (outcome.kind === 'saving') return;
    const found = validatePage(draft);
    setErrors(found);
    if (Object.keys(found).length) {
      setOutcome({ kind: 'invalid' });
      setFocusInvalid((n) => n + 1);
      return;
    }
    const input = { ...pageInput(draft, item.version), ...(savesPending(item.status === 'published', event) ? { pending: true } : {}) };
    setOutcome({ kind: 'saving' });
    try {
      await saveStaticPage(page.slug, input);
      setOutcome({ kind: 'idle' });
      onDirtyChange?.(false);
      onSaved({ key: page.slug, pending: input.pending === true });
    } catch (error) {
      const conflict = editConflictOf(error);
      if (conflict) {
        setOutcome({ kind: 'idle' });
        onConflict(conflict, input);
        return;
      }
      const fields = fieldErrors(error);
      setErrors({ title: fields.title, body: fields.body });
      setOutcome({ kind: 'failed', message: serverMessage(error) ?? t.failed });
    }
  };

  return (
    <form ref={form} className={styles.form} onSubmit={save} noValidate aria-busy={outcome.kind === 'saving'}>
      <p>{t.address(`/${page.slug}`)}</p>
      <TextField label={t.title} value={draft.title} error={errors.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
      <RichTextEditor label={t.body} value={draft.body} error={errors.body} onChange={(body) => setDraft((d) => (d ? { ...d, body } : d))} />
      <div className={styles.actions}>
        <SaveButtons live={item.status === 'published'} saving={outcome.kind === 'saving'} label={t.save} savingLabel={t.saving} />
      </div>
      {outcome.kind === 'invalid' && <Notice tone="error">{t.invalid}</Notice>}
      {outcome.kind === 'failed' && <Notice tone="error">{outcome.message}</Notice>}
    </form>
  );
}
