import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { createBlogPost, editConflictOf, fieldErrors, getEditorBlogCategories, serverMessage, updateBlogPost } from '@shop/contracts/api';
import type { BlogPostInput, EditorBlogCategory, EditorBlogPost } from '@shop/contracts/types';
import { RichTextEditor } from '../richtext/index.js';
import { ProductPicker } from '../richtext/picker.js';
import { CheckField, FieldGroup, Notice, TextField } from '../ui/index.js';
import type { ItemEditorProps } from '../workspace/itemEditor.js';
import { SaveButtons, savesPending } from '../workspace/SaveButtons.js';
import { FeaturedImageField } from './FeaturedImageField.js';
import { draftFromInput, draftFromPost, isDirty, postInput, postUrl, RELATED_MAX, validatePost, withTitle, type PostDraft, type PostErrors } from './postForm.js';
import { postTexts as t } from './texts.js';
import styles from './posts.module.css';

type Outcome = { kind: 'idle' } | { kind: 'saving' } | { kind: 'invalid' } | { kind: 'failed'; message: string };

/**
 * A blog post's form: text, address, categories, images and products. Saving keeps the post's status as it is; a live
 * post's changes can be saved without shoppers seeing them (SaveButtons).
 */
// `draft`: the item screen's "Behold min versjon" after a conflict (the input this editor gave onConflict); the form
// starts from it, dirty, over the version that won.
export function PostEditor({ item, draft: kept, onSaved, onConflict, onDirtyChange }: ItemEditorProps & { draft?: unknown }) {
  const post = (item?.content as EditorBlogPost | undefined) ?? null;
  const live = item?.status === 'published';
  const loaded = useMemo(() => draftFromPost(post), [post]);
  const start = useMemo(() => (kept ? draftFromInput(kept as BlogPostInput) : loaded), [kept, loaded]);
  const [draft, setDraft] = useState<PostDraft>(start);
  const [errors, setErrors] = useState<PostErrors>({});
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [categories, setCategories] = useState<EditorBlogCategory[] | null>(null);
  const [categoriesFailed, setCategoriesFailed] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // After a refused save has rendered its messages, the first field with one gets the focus (a screen reader hears it).
  const [focusInvalid, setFocusInvalid] = useState(0);
  useEffect(() => {
    if (focusInvalid) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);

  useEffect(() => setDraft(start), [start]);
  useEffect(() => {
    getEditorBlogCategories().then(setCategories, () => setCategoriesFailed(true));
  }, []);
  const dirty = isDirty(draft, loaded);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const update = (change: Partial<PostDraft>) => setDraft((d) => ({ ...d, ...change }));
  const toggleCategory = (id: number, on: boolean) =>
    setDraft((d) => ({ ...d, categoryIds: on ? [...d.categoryIds, id] : d.categoryIds.filter((c) => c !== id) }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (outcome.kind === 'saving') return;
    const found = validatePost(draft);
    setErrors(found);
    if (Object.keys(found).length) {
      setOutcome({ kind: 'invalid' });
      setFocusInvalid((n) => n + 1);
      return;
    }
    const input = { ...postInput(draft, post && item ? { post, version: item.version } : null), ...(savesPending(live, event) ? { pending: true } : {}) };
    setOutcome({ kind: 'saving' });
    try {
      const saved = post ? await updateBlogPost(post.id, input) : await createBlogPost(input);
      setOutcome({ kind: 'idle' });
      onDirtyChange?.(false);
      onSaved({ key: saved.id, pending: input.pending === true });
    } catch (error) {
      const conflict = editConflictOf(error);
      if (conflict) {
        setOutcome({ kind: 'idle' });
        onConflict(conflict, input);
        return;
      }
      const fields = fieldErrors(error);
      setErrors({ title: fields.title, slug: fields.slug, body: fields.body, related: fields.related_article_ids });
      setOutcome({ kind: 'failed', message: serverMessage(error) ?? t.failed });
    }
  };

  return (
    <form ref={form} className={styles.form} onSubmit={save} noValidate aria-busy={outcome.kind === 'saving'}>
      <TextField label={t.title} value={draft.title} error={errors.title} maxLength={400} onChange={(e) => setDraft((d) => withTitle(d, e.target.value))} />
      <TextField
        label={t.slug}
        value={draft.slug}
        error={errors.slug}
        hint={t.slugHint(postUrl(draft.slug))}
        spellCheck={false}
        autoCapitalize="none"
        onChange={(e) => update({ slug: e.target.value, slugEdited: true })}
      />
      <FieldGroup legend={t.categories}>
        {categoriesFailed && <Notice tone="error">{t.categoriesFailed}</Notice>}
        {categories?.length === 0 && <p>{t.noCategories}</p>}
        <div className={styles.categories}>
          {categories?.map((c) => (
            <CheckField key={c.id} label={c.name} checked={draft.categoryIds.includes(c.id)} onChange={(e) => toggleCategory(c.id, e.target.checked)} />
          ))}
        </div>
      </FieldGroup>
      <FeaturedImageField value={draft.featuredImage} onChange={(featuredImage) => update({ featuredImage })} />
      <div className={styles.products}>
        <ProductPicker label={t.mainProduct} value={draft.mainArticleIds} max={1} onChange={(ids) => update({ mainArticleIds: ids })} />
        <ProductPicker label={t.relatedProducts} value={draft.relatedArticleIds} max={RELATED_MAX} onChange={(ids) => update({ relatedArticleIds: ids })} />
      </div>
      {errors.related && <Notice tone="error">{errors.related}</Notice>}
      <RichTextEditor label={t.body} value={draft.body} error={errors.body} onChange={(body) => update({ body })} />
      <div className={styles.actions}>
        <SaveButtons live={live} saving={outcome.kind === 'saving'} label={post ? t.saveExisting : t.save} savingLabel={t.saving} />
      </div>
      {outcome.kind === 'invalid' && <Notice tone="error">{t.invalid}</Notice>}
      {outcome.kind === 'failed' && <Notice tone="error">{outcome.message}</Notice>}
    </form>
  );
}
