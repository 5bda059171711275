import type { CommandProps, JSONContent } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';

/**
 * Inserts a block atom (an image, a product card) at the cursor and puts the cursor after it — in the next block, or
 * in a new empty paragraph at the end — so the next insert or keystroke goes after it instead of replacing it (an
 * atom left selected is what the next insert would replace).
 */
export function insertBlockAtom(content: JSONContent) {
  return ({ chain }: CommandProps) =>
    chain()
      .insertContent(content)
      .command(({ tr, state }) => {
        const after = tr.selection.to;
        if (tr.doc.nodeAt(after)) {
          tr.setSelection(TextSelection.near(tr.doc.resolve(after + 1)));
        } else {
          tr.insert(after, state.schema.nodes.paragraph!.create());
          tr.setSelection(TextSelection.create(tr.doc, after + 1));
        }
        return true;
      })
      .run();
}
