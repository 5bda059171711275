import type { Editor } from '@tiptap/core';
import { richTextTexts as t } from './texts.js';

export type DialogKind = 'link' | 'image' | 'product';

export interface ToolbarCommand {
  key: string;
  label: string;
  /** Shown as the button's title and announced as its keyboard shortcut. */
  keys?: string;
  /** The button is a toggle (aria-pressed) when the cursor's text already has it. */
  isActive?: (editor: Editor) => boolean;
  /** A command runs at once; a dialog opens. */
  run?: (editor: Editor) => void;
  dialog?: DialogKind;
}

/** The toolbar, in order. Each command keeps focus in the text, so typing goes on where it was. */
export const toolbarCommands: readonly ToolbarCommand[] = [
  { key: 'h2', label: t.heading2, keys: 'Ctrl+Alt+2', isActive: (e) => e.isActive('heading', { level: 2 }), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { key: 'h3', label: t.heading3, keys: 'Ctrl+Alt+3', isActive: (e) => e.isActive('heading', { level: 3 }), run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
  { key: 'bold', label: t.bold, keys: 'Ctrl+B', isActive: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { key: 'italic', label: t.italic, keys: 'Ctrl+I', isActive: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  { key: 'ul', label: t.bulletList, keys: 'Ctrl+Shift+8', isActive: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run() },
  { key: 'ol', label: t.orderedList, keys: 'Ctrl+Shift+7', isActive: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run() },
  { key: 'quote', label: t.quote, keys: 'Ctrl+Shift+B', isActive: (e) => e.isActive('blockquote'), run: (e) => e.chain().focus().toggleBlockquote().run() },
  { key: 'link', label: t.link, keys: 'Ctrl+K', isActive: (e) => e.isActive('link'), dialog: 'link' },
  { key: 'image', label: t.image, dialog: 'image' },
  { key: 'product', label: t.product, dialog: 'product' },
  { key: 'undo', label: t.undo, keys: 'Ctrl+Z', run: (e) => e.chain().focus().undo().run() },
  { key: 'redo', label: t.redo, keys: 'Ctrl+Shift+Z', run: (e) => e.chain().focus().redo().run() },
];

/**
 * Applies a checked link to the selection (or the word at the cursor when the link is being changed); an empty
 * selection outside a link has nothing to link, which the dialog says instead.
 */
export function applyLink(editor: Editor, href: string | null): void {
  const chain = editor.chain().focus().extendMarkRange('link');
  if (href === null) chain.unsetLink().run();
  else chain.setLink({ href }).run();
}

/** Whether a link can be set now: text is selected, or the cursor stands in a link (to change or remove it). */
export const canLink = (editor: Editor) => !editor.state.selection.empty || editor.isActive('link');
