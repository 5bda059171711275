import type { ContentItem, ContentType, EditConflict, EditorSession } from '@shop/contracts/types';

/**
 * What the workspace's item screen (workspace/ItemScreen) gives the editor of one kind of content (posts, pages,
 * polls, home layouts). The screen owns loading, status and scheduling, preview, history and the conflict screen;
 * the editor owns its form and its save.
 */
export interface ItemEditorProps {
  type: ContentType;
  /** The item as loaded (`content` is the editor's view: EditorBlogPost, EditorPoll, EditorHomeLayout, EditorStaticPage); null for a new one. */
  item: ContentItem | null;
  session: EditorSession;
  /**
   * After "Behold min versjon" on the conflict screen: the input this editor handed to `onConflict` (`mine`), to start
   * the form from instead of `item.content`. `item` is then the stored version that won (its `version` is the one the
   * next save sends), so saving again puts the editor's input over it. The form starts dirty. Undefined otherwise.
   * The screen mounts a fresh editor whenever `item` or `draft` changes (a save, a restore, a status change, a
   * conflict resolved), so an editor may read both once, when it mounts.
   */
  draft?: unknown;
  /**
   * After a successful save: the screen reloads the item (new version, status, history) and, for a new item, moves to
   * its address. A save always sends `version: item.version` for existing content. `pending`: the save kept its changes
   * from shoppers (SaveButtons).
   */
  onSaved(saved: { key: string | number; pending?: boolean }): void;
  /** A save refused as stale (editConflictOf(error) !== null): the screen shows theirs beside `mine` (the input that was refused). */
  onConflict(conflict: EditConflict, mine: unknown): void;
  /** The form differs from what was loaded (the screen warns before leaving and before a restore). */
  onDirtyChange?(dirty: boolean): void;
}
