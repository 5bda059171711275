import { lazy, Suspense } from 'react';
import { Notice } from '../ui/index.js';
import type { RichTextEditorProps } from './RichTextEditor.js';
import { richTextTexts } from './texts.js';

export type { RichTextEditorProps } from './RichTextEditor.js';

// TipTap and ProseMirror are in this chunk only: it loads when an editor opens, never on a shopper's page.
const LazyEditor = lazy(() => import('./RichTextEditor.js'));

/** The rich-text editor, loaded on first use. */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Notice>{richTextTexts.loading}</Notice>}>
      <LazyEditor {...props} />
    </Suspense>
  );
}
