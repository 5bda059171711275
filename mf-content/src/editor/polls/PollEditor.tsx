/**
 * The poll and quiz editor (issue 23), mounted by the workspace's item screen (ItemEditorProps): name, description,
 * banners, prize draw and questions with options (a quiz marks its correct ones); opening and closing for answers;
 * and, for a saved poll, its live results with the answers as CSV.
 *
 * Once anybody has answered, the API keeps the questions (the answers point at them): the editor shows them read-only
 * and saves the rest without them. It learns that from the results it fetches anyway, and from a save refused for it
 * (someone answered while the editor worked).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { createPoll, editConflictOf, fieldErrors, hasStatus, serverMessage, setPollOpen, updatePoll } from '@shop/contracts/api';
import type { EditorPoll, PollInput } from '@shop/contracts/types';
import type { ItemEditorProps } from '../workspace/itemEditor.js';
import { Button, CheckField, Notice, TextAreaField, TextField } from '../ui/index.js';
import { BannerPicker } from './BannerPicker.js';
import { draftErrors, draftOf, draftOfInput, emptyDraft, firstErrorField, inputOf, POLL_LIMITS, sameDraft, type DraftErrors, type PollDraft } from './draft.js';
import { PollResultsPanel } from './PollResultsPanel.js';
import { LockedQuestions, QuestionsEditor } from './QuestionsEditor.js';
import { hasAnswers } from './results.js';
import { pollTexts as texts } from './texts.js';
import { useLiveResults } from './useLiveResults.js';
import styles from './polls.module.css';

type Message = { tone: 'success' | 'error'; text: string } | null;

/** Where the focus goes for a field's error: the field itself, or for a question's options its first check or option. */
function focusField(form: HTMLFormElement | null, field: string): void {
  const candidates = field.endsWith('.options') ? [`${field}.0.correct`, `${field}.0.text`, field] : [field];
  for (const name of candidates) {
    const element = form?.querySelector<HTMLElement>(`[name="${name}"]`);
    if (element) return element.focus();
  }
}

/** A refused save's input the conflict screen hands back (not a refused open/close's `{open}`). */
const isPollInput = (kept: unknown): kept is PollInput => typeof (kept as PollInput | undefined)?.name === 'string';

export function PollEditor({ item, draft: kept, onSaved, onConflict, onDirtyChange }: ItemEditorProps) {
  const poll = item ? (item.content as EditorPoll) : null;
  const live = useLiveResults(poll?.id ?? null);
  const [lockedBySave, setLockedBySave] = useState(false);
  const locked = lockedBySave || (live.results !== null && hasAnswers(live.results));

  // The draft and what it was loaded from; a reload with a newer version (after a save, opening, a restore) replaces
  // an unchanged draft and leaves one with edits alone.
  const [loaded, setLoaded] = useState<{ version: number | null; draft: PollDraft }>(() => ({ version: item?.version ?? null, draft: poll ? draftOf(poll) : emptyDraft() }));
  // "Behold min versjon" after a conflict: the refused input, to be saved again on the newer version.
  const [draft, setDraft] = useState<PollDraft>(() => (isPollInput(kept) ? draftOfInput(kept, poll) : loaded.draft));
  if (poll && item && item.version !== loaded.version) {
    const next = draftOf(poll);
    if (sameDraft(draft, loaded.draft, { withQuestions: !locked })) setDraft(next);
    setLoaded({ version: item.version, draft: next });
  }
  const dirty = !sameDraft(draft, loaded.draft, { withQuestions: !locked });
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const [errors, setErrors] = useState<DraftErrors>({});
  const [message, setMessage] = useState<Message>(null);
  const [saving, setSaving] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const form = useRef<HTMLFormElement>(null);

  const edit = (change: Partial<PollDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setMessage(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const withQuestions = !locked;
    const found = draftErrors(draft, { withQuestions });
    setErrors(found);
    const first = firstErrorField(found, draft);
    if (first) {
      setMessage({ tone: 'error', text: texts.fixErrors(Object.keys(found).length) });
      focusField(form.current, first);
      return;
    }
    const input: PollInput = inputOf(draft, { active: poll?.active ?? false, version: item?.version, withQuestions });
    setSaving(true);
    setMessage(null);
    try {
      const saved = poll ? await updatePoll(poll.id, input) : await createPoll(input);
      const next = draftOf(saved);
      setDraft(next);
      setLoaded({ version: saved.version, draft: next });
      setMessage({ tone: 'success', text: texts.saved });
      onSaved({ key: saved.id });
    } catch (error) {
      const conflict = editConflictOf(error);
      if (conflict) return onConflict(conflict, input);
      if (hasStatus(error, 409) && withQuestions) {
        // Somebody answered while the questions were being edited: they stay as they are from now on.
        setLockedBySave(true);
        live.refresh();
      }
      const fields = fieldErrors(error);
      setErrors(fields);
      setMessage({ tone: 'error', text: serverMessage(error) ?? texts.saveFailed });
      const field = firstErrorField(fields, draft);
      if (field) focusField(form.current, field);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.editor}>
      {poll && item && (
        <OpenClose
          poll={poll}
          version={item.version}
          dirty={dirty}
          onConflict={onConflict}
          onChanged={() => {
            live.refresh();
            onSaved({ key: poll.id });
          }}
        />
      )}
      <form ref={form} className={styles.form} onSubmit={submit} noValidate>
        <section className={styles.section} aria-labelledby="poll-details-heading">
          <h2 id="poll-details-heading">{texts.detailsHeading}</h2>
          <TextField
            label={texts.name}
            hint={texts.nameHint}
            name="name"
            value={draft.name}
            maxLength={POLL_LIMITS.name}
            error={errors.name}
            onChange={(e) => edit({ name: e.target.value })}
          />
          <TextAreaField
            label={texts.description}
            hint={texts.descriptionHint}
            name="description"
            rows={3}
            value={draft.description}
            maxLength={POLL_LIMITS.description}
            error={errors.description}
            onChange={(e) => edit({ description: e.target.value })}
          />
          <CheckField label={texts.prizeDraw} name="prize_draw" checked={draft.prizeDraw} onChange={(e) => edit({ prizeDraw: e.target.checked })} />
        </section>

        <section className={styles.section} aria-labelledby="poll-banners-heading">
          <h2 id="poll-banners-heading">{texts.bannersHeading}</h2>
          <BannerPicker slot="desktop" label={texts.bannerDesktop} value={draft.bannerDesktop} onChange={(url) => edit({ bannerDesktop: url })} />
          <BannerPicker slot="mobile" label={texts.bannerMobile} value={draft.bannerMobile} onChange={(url) => edit({ bannerMobile: url })} />
        </section>

        <section className={styles.section} aria-labelledby="poll-questions-heading">
          <h2 id="poll-questions-heading">{texts.questionsHeading}</h2>
          {locked && poll ? (
            <>
              <Notice>{texts.questionsLocked}</Notice>
              <LockedQuestions poll={poll} />
            </>
          ) : (
            <>
              <div>
                <CheckField label={texts.quiz} name="quiz" checked={draft.quiz} aria-describedby="poll-quiz-hint" onChange={(e) => edit({ quiz: e.target.checked })} />
                <p id="poll-quiz-hint" className={styles.muted}>
                  {texts.quizHint}
                </p>
              </div>
              <QuestionsEditor questions={draft.questions} quiz={draft.quiz} errors={errors} onChange={(questions) => edit({ questions })} onAnnounce={setAnnouncement} />
            </>
          )}
          <div role="status" className={styles.visuallyHidden}>
            {announcement}
          </div>
        </section>

        {message && <Notice tone={message.tone}>{message.text}</Notice>}
        <div className={styles.actions}>
          <Button type="submit" disabled={saving}>
            {saving ? texts.saving : poll ? texts.save : texts.create}
          </Button>
        </div>
      </form>
      {poll && <PollResultsPanel pollId={poll.id} live={live} />}
    </div>
  );
}

/** "Åpne for svar" / "Steng": a change of its own (its own version), so the form's unsaved edits go first. */
function OpenClose({ poll, version, dirty, onChanged, onConflict }: { poll: EditorPoll; version: number; dirty: boolean; onChanged: () => void; onConflict: ItemEditorProps['onConflict'] }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const toggle = async () => {
    setBusy(true);
    setFailed(null);
    try {
      await setPollOpen(poll.id, !poll.active, version);
      onChanged();
    } catch (error) {
      const conflict = editConflictOf(error);
      if (conflict) onConflict(conflict, { open: !poll.active });
      else setFailed(serverMessage(error) ?? texts.openFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.section} aria-labelledby="poll-open-heading">
      <h2 id="poll-open-heading">{texts.openHeading}</h2>
      <p role="status">{poll.active ? texts.isOpen : texts.isClosed}</p>
      <div className={styles.actions}>
        <Button variant={poll.active ? 'danger' : 'primary'} disabled={busy || dirty} aria-describedby={dirty ? 'poll-open-hint' : undefined} onClick={() => void toggle()}>
          {poll.active ? texts.close : texts.open}
        </Button>
        {dirty && (
          <span id="poll-open-hint" className={styles.muted}>
            {texts.openSaveFirst}
          </span>
        )}
      </div>
      {failed && <Notice tone="error">{failed}</Notice>}
    </section>
  );
}
