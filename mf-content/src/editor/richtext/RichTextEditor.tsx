import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Editor } from '@tiptap/core';
import type { EditorProps } from '@tiptap/pm/view';
import { EditorContent, ReactNodeViewRenderer, useEditor, useEditorState } from '@tiptap/react';
import type { EditorImage } from '@shop/contracts/types';
import { richTextExtensions } from './extensions.js';
import { storedHtml } from './html.js';
import { ImageDialog } from './ImageDialog.js';
import { LinkDialog } from './LinkDialog.js';
import { ProductCard } from './productCard.js';
import { ProductCardView } from './ProductCardView.js';
import { ProductDialog } from './ProductDialog.js';
import { toolbarCommands, type DialogKind } from './toolbar.js';
import { nextToolbarFocus } from './toolbarFocus.js';
import { richTextTexts as t } from './texts.js';
import styles from './richtext.module.css';

/** The product card with its editor view (the schema stays React-free for tests and the sanitiser's round trip). */
const ProductCardWithView = ProductCard.extend({ addNodeView: () => ReactNodeViewRenderer(ProductCardView) });

export interface RichTextEditorProps {
  label: string;
  /** HTML as stored (the server's sanitised copy). */
  value: string;
  onChange(html: string): void;
  hint?: string;
  error?: string | null;
}

/**
 * Copy written as formatted text, never as HTML: TipTap (ProseMirror) with only the elements the shop's sanitiser
 * keeps, so what the editor shows is what the shop renders. The toolbar's toggles say their state (aria-pressed); every
 * command has a keyboard shortcut or is a button of the toolbar, which is one Tab stop with the arrow keys between its
 * buttons (the WAI-ARIA toolbar pattern).
 */
export default function RichTextEditor({ label, value, onChange, hint, error }: RichTextEditorProps) {
  const id = useId();
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  // What the editor has emitted and the parent has not yet caught up with, oldest first. On a busy machine the parent
  // re-renders with an older emitted value while the shopper types on; that stale value must not be set back into
  // the editor (it would drop the last keys and move the cursor). Only a value the editor never emitted is external.
  const emitted = useRef<string[]>([value]);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // TipTap's useEditor hands the editor its options again on every render in which one of them is a new object, and
  // that re-applies the editor's state to the page: a selection the browser has moved (Shift+Arrow) but ProseMirror
  // has not read yet is put back, so keys are lost on a busy machine. The options are therefore kept stable: the
  // first content only (later values go through setContent below), the extensions once, the props by what they show.
  const [initialContent] = useState(value);
  const extensions = useMemo(() => richTextExtensions({ productCard: ProductCardWithView }), []);
  const editorProps = useMemo<EditorProps>(
    () => ({
      attributes: {
        class: styles.content!,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(hint || error ? { 'aria-describedby': [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
      },
      handleKeyDown: (_view, event) => {
        // Ctrl/Cmd+K opens the link dialog, as in most editors.
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          setDialog('link');
          return true;
        }
        return false;
      },
    }),
    [id, hint, error],
  );
  const editor = useEditor({
    extensions,
    content: initialContent,
    immediatelyRender: false,
    editorProps,
    onUpdate: ({ editor: e }) => {
      const html = storedHtml(e.getHTML());
      emitted.current.push(html);
      onChangeRef.current(html);
    },
  });
  useEffect(() => {
    if (!editor) return;
    const at = emitted.current.lastIndexOf(value);
    if (at >= 0) {
      emitted.current = emitted.current.slice(at);
      return;
    }
    emitted.current = [value];
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const close = () => {
    setDialog(null);
    editor?.commands.focus();
  };
  const insertImage = (image: EditorImage) => {
    setDialog(null);
    editor?.chain().focus().insertUploadedImage(image).run();
  };
  const insertProduct = (articleId: number) => {
    setDialog(null);
    editor?.chain().focus().insertProductCard(articleId).run();
  };

  return (
    <div className={styles.field}>
      <span id={`${id}-label`} className={styles.label}>
        {label}
      </span>
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      <div className={styles.frame} data-invalid={error ? true : undefined}>
        {editor && <Toolbar editor={editor} label={`${t.toolbar}: ${label}`} onDialog={setDialog} />}
        <EditorContent editor={editor} />
      </div>
      {error && (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      )}
      {editor && dialog === 'link' && <LinkDialog editor={editor} onClose={close} />}
      {dialog === 'image' && <ImageDialog onChoose={insertImage} onClose={close} />}
      {dialog === 'product' && <ProductDialog onChoose={insertProduct} onClose={close} />}
    </div>
  );
}

function Toolbar({ editor, label, onDialog }: { editor: Editor; label: string; onDialog(kind: DialogKind): void }) {
  // Re-renders the buttons when the cursor's marks change (aria-pressed follows the text).
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => toolbarCommands.map((c) => (c.isActive && e ? c.isActive(e) : null)),
    equalityFn: (a, b) => a?.length === b?.length && a.every((v, i) => v === b![i]),
  });
  // One Tab stop for the whole toolbar; the arrow keys move between its buttons (toolbarFocus.ts).
  const [focused, setFocused] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = nextToolbarFocus(event.key, focused, toolbarCommands.length);
    if (next === null) return;
    event.preventDefault();
    setFocused(next);
    buttons.current[next]?.focus();
  };
  return (
    <div role="toolbar" aria-label={label} className={styles.toolbar} onKeyDown={onKeyDown}>
      {toolbarCommands.map((command, i) => (
        <button
          key={command.key}
          ref={(button) => {
            buttons.current[i] = button;
          }}
          type="button"
          tabIndex={i === focused ? 0 : -1}
          onFocus={() => setFocused(i)}
          className={styles.tool}
          data-tool={command.key}
          aria-pressed={command.isActive ? Boolean(active?.[i]) : undefined}
          aria-haspopup={command.dialog ? 'dialog' : undefined}
          title={command.keys ? `${command.label} (${command.keys})` : command.label}
          // Keeps the text's selection while the mouse is down (a click would otherwise move focus out first).
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => (command.dialog ? onDialog(command.dialog) : command.run?.(editor))}
        >
          {command.label}
        </button>
      ))}
    </div>
  );
}
