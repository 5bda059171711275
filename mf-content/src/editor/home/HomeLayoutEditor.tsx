/**
 * The home page layout editor (issue 23): the banner slots the spec names (top banner, three sub-banners, store
 * search, popular categories, 3×3 grid), each with an image chosen from the uploaded ones or uploaded here, its
 * texts and a link chosen from the shop's own pages; a new layout gets a name. Beside the form, the saved layout as
 * shoppers will see it (LayoutPreview). Status and scheduling belong to the item screen: a save keeps `published`
 * as loaded, and this screen only says what is scheduled.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { editConflictOf, fieldErrors, saveHomeLayout, serverMessage } from '@shop/contracts/api';
import { formatDateTime } from '@shop/contracts/format';
import type { EditorHomeLayout, HomeLayoutInput } from '@shop/contracts/types';
import type { ItemEditorProps } from '../workspace/itemEditor.js';
import { Button, FieldGroup, Notice, TextField } from '../ui/index.js';
import { BannerFields } from './BannerFields.js';
import { LayoutPreview } from './LayoutPreview.js';
import { PopularFields } from './PopularFields.js';
import { formFromSlots, GRID_KEYS, layoutNameProblem, slotLabel, slotsFromForm, SUB_KEYS, validateLayout, type BannerForm, type BannerKey, type LayoutForm } from './layoutForm.js';
import { useLinkGroups } from './useLinkGroups.js';
import { homeTexts as t } from './texts.js';
import styles from './home.module.css';

type Outcome = { kind: 'idle' } | { kind: 'saving' } | { kind: 'failed'; message: string };

/** What the item's status means for the home page, in words (the status panel changes it). */
function scheduleNote(item: ItemEditorProps['item']): string | null {
  if (!item) return null;
  const until = item.publish_until ? formatDateTime(item.publish_until) : null;
  if (item.status === 'scheduled' && item.published_at) return t.scheduled(formatDateTime(item.published_at), until);
  if (item.status === 'published') return until ? t.liveUntil(until) : t.live;
  return t.notLive;
}

/** A refused save's input the conflict screen hands back (not some other refused call's). */
const keptSlots = (draft: unknown): draft is HomeLayoutInput => typeof draft === 'object' && draft !== null && 'slots' in draft;

export function HomeLayoutEditor({ item, draft, onSaved, onConflict, onDirtyChange }: ItemEditorProps) {
  const layout = (item?.content ?? null) as EditorHomeLayout | null;
  const loaded = useMemo(() => formFromSlots(layout?.slots), [layout]);
  // "Behold min versjon" after a conflict: the refused slots, to be saved again on the newer version.
  const [form, setForm] = useState<LayoutForm>(() => (keptSlots(draft) ? formFromSlots((draft as HomeLayoutInput).slots) : loaded));
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const links = useLinkGroups();
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused save, the first field marked invalid takes the focus (once its slot has unfolded).
  const focusFirstInvalid = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  // A reload after a save (or a restore) starts the form again from what is stored.
  useEffect(() => {
    setForm(loaded);
    setErrors({});
    setOutcome({ kind: 'idle' });
  }, [loaded]);
  const dirty = useMemo(() => JSON.stringify(form) !== JSON.stringify(loaded) || name !== '', [form, loaded, name]);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const setBanner = (key: BannerKey) => (next: BannerForm) => setForm((f) => ({ ...f, banners: { ...f.banners, [key]: next } }));
  const groups = links.status === 'ready' ? links.groups : [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (outcome.kind === 'saving') return;
    const key = layout?.name ?? name;
    const badName = layout ? null : layoutNameProblem(name);
    const found = validateLayout(form);
    setNameError(badName);
    setErrors(found);
    if (badName || Object.keys(found).length > 0) {
      setOutcome({ kind: 'failed', message: t.invalid });
      focusFirstInvalid();
      return;
    }
    setOutcome({ kind: 'saving' });
    const input = { slots: { ...slotsFromForm(form) }, published: layout?.published ?? false, ...(item ? { version: item.version } : {}) };
    try {
      await saveHomeLayout(key, input);
      setOutcome({ kind: 'idle' });
      if (!layout) setName('');
      onSaved({ key });
    } catch (error) {
      const conflict = editConflictOf(error);
      if (conflict) {
        setOutcome({ kind: 'idle' });
        onConflict(conflict, input);
        return;
      }
      const fields = fieldErrors(error);
      setErrors(fields);
      if (fields['params/name'] || fields.name) setNameError(fields['params/name'] ?? fields.name ?? null);
      setOutcome({ kind: 'failed', message: serverMessage(error) ?? t.saveFailed });
      focusFirstInvalid();
    }
  };

  const note = scheduleNote(item);
  return (
    <div className={styles.editor}>
      <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-busy={outcome.kind === 'saving'}>
        {note && <Notice>{note}</Notice>}
        {!layout && (
          <TextField
            label={t.nameLabel}
            hint={t.nameHint}
            value={name}
            error={nameError}
            required
            maxLength={60}
            autoComplete="off"
            onChange={(e) => {
              setName(e.target.value);
              if (nameError) setNameError(layoutNameProblem(e.target.value));
            }}
          />
        )}
        {links.status === 'loading' && <p className={styles.hint}>{t.linksLoading}</p>}
        {links.status === 'ready' && links.partial && <Notice tone="error">{t.linksFailed}</Notice>}
        <FieldGroup legend={t.sections.top}>
          <BannerFields slot="TopBanner" value={form.banners.TopBanner!} errors={errors} links={groups} onChange={setBanner('TopBanner')} />
        </FieldGroup>
        <FieldGroup legend={t.sections.subs}>
          {SUB_KEYS.map((key) => (
            <SlotDetails key={key} slot={key} banner={form.banners[key]!} errors={errors}>
              <BannerFields slot={key} value={form.banners[key]!} errors={errors} links={groups} onChange={setBanner(key)} />
            </SlotDetails>
          ))}
        </FieldGroup>
        <FieldGroup legend={t.sections.storeSearch}>
          <p className={styles.hint}>{t.storeSearchHint}</p>
          <BannerFields slot="StoreSearch" value={form.banners.StoreSearch!} errors={errors} links={groups} withLink={false} onChange={setBanner('StoreSearch')} />
        </FieldGroup>
        <FieldGroup legend={t.sections.popular}>
          <PopularFields value={form.popular} errors={errors} links={groups} onChange={(popular) => setForm((f) => ({ ...f, popular }))} />
        </FieldGroup>
        <FieldGroup legend={t.sections.grid}>
          {GRID_KEYS.map((key) => (
            <SlotDetails key={key} slot={key} banner={form.banners[key]!} errors={errors}>
              <BannerFields slot={key} value={form.banners[key]!} errors={errors} links={groups} onChange={setBanner(key)} />
            </SlotDetails>
          ))}
        </FieldGroup>
        {outcome.kind === 'failed' && <Notice tone="error">{outcome.message}</Notice>}
        <div className={styles.actions}>
          <Button type="submit" disabled={outcome.kind === 'saving'}>
            {outcome.kind === 'saving' ? t.saving : t.save}
          </Button>
        </div>
      </form>
      <LayoutPreview name={layout?.name ?? null} version={item?.version ?? null} dirty={dirty} />
    </div>
  );
}

/** A folded slot (sub-banners, grid cells): its name and what it shows now; open when it has an error. */
function SlotDetails({ slot, banner, errors, children }: { slot: BannerKey; banner: BannerForm; errors: Record<string, string>; children: ReactNode }) {
  const hasError = Object.keys(errors).some((field) => field.startsWith(`${slot}.`));
  return (
    <details className={styles.details} open={hasError || undefined}>
      <summary className={styles.summary}>
        <span>{slotLabel(slot)}</span>
        <span className={styles.hint}>{banner.title || (banner.image ? t.chosenImage : t.empty)}</span>
      </summary>
      {children}
    </details>
  );
}
