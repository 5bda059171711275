import { useCallback, useEffect, useId, useState, type ComponentType } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { editConflictOf, getContentItem, hasStatus, restoreRevision, serverMessage } from '@shop/contracts/api';
import { contentPathFor, previewPathFor } from '@shop/contracts/routes';
import type { ContentItem, ContentType, EditConflict, EditorSession } from '@shop/contracts/types';
import { Button, Notice, StatusBadge, buttonClass } from '../ui/index.js';
import { ConflictScreen } from './ConflictScreen.js';
import { HistoryPanel } from './HistoryPanel.js';
import type { ItemEditorProps } from './itemEditor.js';
import { LeaveGuard } from './LeaveGuard.js';
import { formatOslo } from './osloTime.js';
import { NEW_KEY, editorPaths } from './paths.js';
import { StatusPanel } from './StatusPanel.js';
import { texts } from './texts.js';
import styles from './workspace.module.css';

export interface ItemScreenProps {
  type: ContentType;
  /** From the address; NEW_KEY for a new item. */
  itemKey: string;
  session: EditorSession;
  Editor: ComponentType<ItemEditorProps>;
}

type Load = { state: 'loading' } | { state: 'missing' } | { state: 'failed' } | { state: 'ready'; item: ContentItem | null };
type Conflict = { conflict: EditConflict; mine: unknown; fromSave: boolean };
type Message = { tone: 'success' | 'error'; text: string };

/** How the shop's addresses name the content: the slug (posts, pages), id (polls) or name (home layouts). */
function contentKeyOf(type: ContentType, item: ContentItem): { slug?: string; id?: number; name?: string } {
  const content = (item.content ?? {}) as { slug?: unknown };
  const slug = typeof content.slug === 'string' ? content.slug : item.key;
  switch (type) {
    case 'blog-post':
    case 'page':
      return { slug };
    case 'poll':
      return { id: Number(item.key) };
    case 'home-layout':
      return { name: item.key };
  }
}

/**
 * One piece of content: its editor in the middle, with status and scheduling, preview and history beside it. A save
 * refused as stale turns the editor into the conflict screen until the editor chooses which version to go on from.
 */
export function ItemScreen({ type, itemKey, session, Editor }: ItemScreenProps) {
  const navigate = useNavigate();
  const isNew = itemKey === NEW_KEY;
  const [load, setLoad] = useState<Load>(isNew ? { state: 'ready', item: null } : { state: 'loading' });
  // A fresh editor for every item it is given (see ItemEditorProps.draft): bumped with each load.
  const [mount, setMount] = useState(0);
  const [draft, setDraft] = useState<unknown>(undefined);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [dirty, setDirty] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const headingId = useId();

  /** Loads the item and gives the editor a fresh start from it (or from `nextDraft`). */
  const reload = useCallback(
    async (next: { draft?: unknown; message?: Message | null } = {}) => {
      if (isNew) return;
      try {
        const item = await getContentItem(type, itemKey);
        setLoad({ state: 'ready', item });
        setDraft(next.draft);
        setDirty(next.draft !== undefined);
        setConflict(null);
        setMount((n) => n + 1);
        setMessage(next.message ?? null);
      } catch (error) {
        setLoad(hasStatus(error, 404) ? { state: 'missing' } : { state: 'failed' });
      }
    },
    [type, itemKey, isNew],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  const back = (
    <p>
      <Link to={editorPaths.overview()}>{texts.item.back}</Link>
    </p>
  );
  if (load.state === 'loading') return <Notice>{texts.loading}</Notice>;
  if (load.state === 'missing' || load.state === 'failed') {
    return (
      <div>
        {back}
        <Notice tone="error">
          {load.state === 'missing' ? texts.item.notFound : texts.item.failed}{' '}
          {load.state === 'failed' && (
            <Button small variant="secondary" onClick={() => void reload()}>
              {texts.retry}
            </Button>
          )}
        </Notice>
      </div>
    );
  }

  const { item } = load;
  const onSaved: ItemEditorProps['onSaved'] = ({ key, pending }) => {
    setDirty(false);
    if (isNew) navigate(editorPaths.item(type, key));
    else void reload({ message: { tone: 'success', text: pending ? texts.item.savedPending : texts.item.saved } });
  };
  const restore = async (n: number) => {
    if (!item) return;
    try {
      const restored = await restoreRevision(type, item.key, n, item.version);
      setLoad({ state: 'ready', item: restored });
      setDraft(undefined);
      setDirty(false);
      setMount((m) => m + 1);
      setMessage({ tone: 'success', text: texts.history.restored(n) });
    } catch (error) {
      const stale = editConflictOf(error);
      if (stale) setConflict({ conflict: stale, mine: item.content, fromSave: false });
      else setMessage({ tone: 'error', text: serverMessage(error) ?? texts.history.restoreFailed });
    }
  };

  return (
    <article aria-labelledby={headingId} className={styles.item}>
      <LeaveGuard dirty={dirty} onLeave={() => setDirty(false)} />
      {back}
      <header className={styles.itemHeader}>
        <h2 id={headingId}>{item ? item.title : texts.newOf[type]}</h2>
        <p className={styles.itemMeta}>
          <span>{texts.types[type]}</span>
          {item && <StatusBadge status={item.status} pendingChanges={item.pending_changes} />}
          {item && <span>{texts.item.meta(item.version, formatOslo(item.updated_at), item.updated_by ?? texts.unknownAuthor)}</span>}
        </p>
        {item && (
          <a href={previewPathFor(type, contentKeyOf(type, item))} target="_blank" rel="noopener" className={buttonClass('secondary', true)}>
            {texts.item.preview} <span className={styles.visuallyHidden}>{texts.item.previewHint}</span>
          </a>
        )}
      </header>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      <div className={item ? styles.itemGrid : undefined}>
        <div className={styles.itemMain}>
          {conflict ? (
            <ConflictScreen
              conflict={conflict.conflict}
              mine={conflict.mine}
              canKeepMine={conflict.fromSave}
              onReload={() => void reload()}
              onKeepMine={() => void reload({ draft: conflict.mine })}
            />
          ) : (
            <Editor
              key={mount}
              type={type}
              item={item}
              draft={draft}
              session={session}
              onSaved={onSaved}
              onConflict={(stale, mine) => {
                setMessage(null);
                setConflict({ conflict: stale, mine, fromSave: true });
              }}
              onDirtyChange={setDirty}
            />
          )}
          {!item && <p className={styles.hint}>{texts.item.newHint}</p>}
        </div>
        {item && (
          <aside aria-label={texts.item.sidebar} className={styles.itemSide}>
            <StatusPanel
              key={`${mount}/${item.version}`}
              type={type}
              item={item}
              dirty={dirty}
              publishedPath={contentPathFor(type, contentKeyOf(type, item))}
              onChanged={(text) => void reload({ message: { tone: 'success', text } })}
              onConflict={(stale) => setConflict({ conflict: stale, mine: item.content, fromSave: false })}
            />
            <HistoryPanel type={type} itemKey={item.key} version={item.version} dirty={dirty} onRestore={restore} />
          </aside>
        )}
      </div>
    </article>
  );
}
