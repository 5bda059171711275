/** /redaksjon/kategorier (every editor): the blog's categories with their post counts; create, rename, delete. */
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { createBlogCategory, deleteBlogCategory, getEditorBlogCategories, renameBlogCategory } from '@shop/contracts/api';
import type { EditorBlogCategory } from '@shop/contracts/types';
import { Button, FieldGroup, Notice, SelectField, TextField } from '../ui/index.js';
import { moveTargets } from './rules.js';
import type { SectionScreenProps } from './screenProps.js';
import { texts } from './texts.js';
import { refusalOf, useReloadable } from './reloadable.js';
import { ListScreen, useListMessage } from './ListScreen.js';
import styles from './admin.module.css';

const t = texts.categories;

export function CategoriesScreen(_props: SectionScreenProps) {
  const { state, reload } = useReloadable(() => getEditorBlogCategories(), []);
  const { message, report, clear } = useListMessage(reload);
  const done = (text: string) => report({ tone: 'success', text });
  return (
    <ListScreen
      id="categories"
      title={t.title}
      intro={t.intro}
      message={message}
      state={state}
      none={t.none}
      listLabel={t.listLabel}
      row={(category, all) => <CategoryRow key={category.id} category={category} all={all} onDone={done} onStart={clear} />}
      after={<CreateCategory onCreated={(c) => done(t.created(c.name))} onStart={clear} />}
    />
  );
}

function CreateCategory({ onCreated, onStart }: { onCreated: (c: EditorBlogCategory) => Promise<void>; onStart: () => void }) {
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onStart();
    setFailure(null);
    if (!name.trim()) {
      setErrors({ name: t.nameMissing });
      nameRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const created = await createBlogCategory({ name: name.trim(), ...(slug.trim() ? { slug: slug.trim() } : {}) });
      setName('');
      setSlug('');
      setErrors({});
      await onCreated(created);
    } catch (error) {
      const refusal = refusalOf(error, ['name', 'slug'], texts.failed);
      setErrors(refusal.fields);
      setFailure(refusal.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className={styles.form}>
      <FieldGroup legend={t.createLegend}>
        <div className={styles.grid2}>
          <TextField ref={nameRef} label={t.name} value={name} onChange={(e) => setName(e.target.value)} error={errors.name} maxLength={100} autoComplete="off" />
          <TextField label={t.slug} hint={t.slugHint} value={slug} onChange={(e) => setSlug(e.target.value)} error={errors.slug} maxLength={100} autoComplete="off" />
        </div>
        {failure && <Notice tone="error">{failure}</Notice>}
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? texts.saving : t.create}
          </Button>
        </div>
      </FieldGroup>
    </form>
  );
}

type Mode = { kind: 'view' } | { kind: 'rename' } | { kind: 'delete' };

function CategoryRow({ category, all, onDone, onStart }: { category: EditorBlogCategory; all: EditorBlogCategory[]; onDone: (text: string) => Promise<void>; onStart: () => void }) {
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const renameButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const back = (to: 'rename' | 'delete') => {
    setMode({ kind: 'view' });
    // The button that opened the form takes the focus back, so the keyboard stays where it was.
    requestAnimationFrame(() => (to === 'rename' ? renameButton : deleteButton).current?.focus());
  };

  return (
    <li className={styles.card} data-testid="blog-category">
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>{category.name}</h3>
        <span className={styles.pill}>{t.posts(category.posts_count)}</span>
      </div>
      <p className={styles.meta}>{t.address(category.slug)}</p>
      {mode.kind === 'view' && (
        <div className={styles.actions}>
          <Button
            ref={renameButton}
            variant="secondary"
            small
            aria-label={t.renameButtonLabel(category.name)}
            onClick={() => {
              onStart();
              setMode({ kind: 'rename' });
            }}
          >
            {t.rename}
          </Button>
          <Button
            ref={deleteButton}
            variant="danger"
            small
            aria-label={t.removeLabel(category.name)}
            onClick={() => {
              onStart();
              setMode({ kind: 'delete' });
            }}
          >
            {t.remove}
          </Button>
        </div>
      )}
      {mode.kind === 'rename' && <RenameForm category={category} onCancel={() => back('rename')} onDone={onDone} />}
      {mode.kind === 'delete' && <DeleteForm category={category} targets={moveTargets(all, category.id)} onCancel={() => back('delete')} onDone={onDone} />}
    </li>
  );
}

function RenameForm({ category, onCancel, onDone }: { category: EditorBlogCategory; onCancel: () => void; onDone: (text: string) => Promise<void> }) {
  const [name, setName] = useState(category.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!name.trim()) return setError(t.nameMissing);
    if (name.trim() === category.name) return onCancel();
    setBusy(true);
    try {
      // The address stays: links to /blogg/kategori/{slug} out there keep working after a rename.
      const renamed = await renameBlogCategory(category.id, { name: name.trim(), slug: category.slug });
      await onDone(t.renamed(renamed.name));
    } catch (failure) {
      const refusal = refusalOf(failure, ['name', 'slug'], texts.failed);
      setError(Object.values(refusal.fields)[0] ?? refusal.message);
      setBusy(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <form onSubmit={save} noValidate className={styles.inline}>
      <TextField
        label={t.renameLabel(category.name)}
        hint={t.renameHint}
        value={name}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={onKeyDown}
        error={error}
        maxLength={100}
        autoComplete="off"
        autoFocus
      />
      <Button type="submit" small disabled={busy}>
        {busy ? texts.saving : t.save}
      </Button>
      <Button variant="secondary" small onClick={onCancel}>
        {texts.cancel}
      </Button>
    </form>
  );
}

function DeleteForm({ category, targets, onCancel, onDone }: { category: EditorBlogCategory; targets: EditorBlogCategory[]; onCancel: () => void; onDone: (text: string) => Promise<void> }) {
  const hasPosts = category.posts_count > 0;
  const [moveTo, setMoveTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async (event: FormEvent) => {
    event.preventDefault();
    const target = targets.find((c) => String(c.id) === moveTo);
    if (hasPosts && !target) return setError(t.targetMissing);
    setBusy(true);
    try {
      await deleteBlogCategory(category.id, hasPosts ? target!.id : undefined);
      await onDone(hasPosts ? t.removedMoved(category.name, target!.name, category.posts_count) : t.removed(category.name));
    } catch (failure) {
      const refusal = refusalOf(failure, ['move_to'], texts.failed);
      setError(refusal.fields.move_to ?? refusal.message);
      setBusy(false);
    }
  };

  if (hasPosts && targets.length === 0) {
    return (
      <div className={styles.confirm}>
        <Notice tone="error">{t.noTarget}</Notice>
        <div>
          <Button variant="secondary" small onClick={onCancel} autoFocus>
            {texts.cancel}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form onSubmit={remove} noValidate className={styles.confirm} onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <p>{hasPosts ? t.confirmMove(category.name, category.posts_count) : t.confirmEmpty(category.name)}</p>
      {hasPosts ? (
        <SelectField label={t.moveTo} value={moveTo} onChange={(e) => setMoveTo(e.target.value)} error={error} autoFocus>
          <option value="">{t.chooseTarget}</option>
          {targets.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
      ) : (
        error && <Notice tone="error">{error}</Notice>
      )}
      <div className={styles.actions}>
        <Button type="submit" variant="danger" small disabled={busy} autoFocus={!hasPosts}>
          {busy ? texts.saving : hasPosts ? t.confirmRemoveAndMove : t.confirmRemove}
        </Button>
        <Button variant="secondary" small onClick={onCancel}>
          {texts.cancel}
        </Button>
      </div>
    </form>
  );
}
