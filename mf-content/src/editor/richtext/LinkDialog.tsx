import { useState, type KeyboardEvent } from 'react';
import type { Editor } from '@tiptap/core';
import { Button, TextField } from '../ui/index.js';
import { Dialog } from './Dialog.js';
import { checkLinkUrl } from './linkRules.js';
import { applyLink, canLink } from './toolbar.js';
import { richTextTexts as t } from './texts.js';
import styles from './richtext.module.css';

/** Sets, changes or removes the link on the selected text; the address is checked (site path or https) first. */
export function LinkDialog({ editor, onClose }: { editor: Editor; onClose(): void }) {
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [url, setUrl] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const linkable = canLink(editor);
  const submit = () => {
    const checked = checkLinkUrl(url);
    if (!checked.ok) return setError(checked.error);
    applyLink(editor, checked.href);
    onClose();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submit();
  };
  return (
    <Dialog title={t.linkDialog} onClose={onClose}>
      {linkable ? (
        // Not a <form>: the dialog sits inside the post's form, and a nested form is invalid HTML. Enter applies.
        <div className={styles.dialogBody}>
          <TextField label={t.linkUrl} hint={t.linkHint} error={error} value={url} autoFocus inputMode="url" onChange={(e) => setUrl(e.target.value)} onKeyDown={onKey} />
          <div className={styles.dialogActions}>
            <Button onClick={submit}>{t.linkApply}</Button>
            {current && (
              <Button
                variant="danger"
                onClick={() => {
                  applyLink(editor, null);
                  onClose();
                }}
              >
                {t.linkRemove}
              </Button>
            )}
            <Button variant="secondary" onClick={onClose}>
              {t.cancel}
            </Button>
          </div>
        </div>
      ) : (
        <p role="alert">{t.linkNoText}</p>
      )}
    </Dialog>
  );
}
