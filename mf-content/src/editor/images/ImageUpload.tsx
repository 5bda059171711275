/**
 * The editor's image upload (issue 23): drop a file on the field or pick one (a real file input, so the keyboard and
 * screen readers reach it), write the required alternative text, upload with progress; refusals are the API's
 * Norwegian messages, shown at the field they concern. What the shop can tell before sending (type by the file's
 * stated type, size, a blank alt text) is said at once with the same texts; the API checks it all again by the bytes.
 * Not a <form> of its own: it sits inside the editor's forms (a post, a banner) and its buttons never submit them.
 */
import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { fieldErrors, isApiError, serverMessage, uploadEditorImage } from '@shop/contracts/api';
import { IMAGE_ALT_MAX, IMAGE_MAX_BYTES, IMAGE_UPLOAD_TYPES } from '@shop/contracts/images';
import { imageUploadTexts } from '@shop/contracts/texts';
import type { EditorImage } from '@shop/contracts/types';
import { uploadTexts } from './texts.js';
import styles from './ImageUpload.module.css';

export interface ImageUploadProps {
  /** The stored image, once every size of it is made. */
  onUploaded: (image: EditorImage) => void;
  /** The group's heading (default "Last opp bilde"). */
  legend?: string;
}

type Phase = { kind: 'idle' } | { kind: 'uploading'; sent: number } | { kind: 'done' } | { kind: 'cancelled' };
interface Problems {
  file?: string;
  alt?: string;
  other?: string;
}

/** Norwegian size: "850 kB", "2,4 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
}

/** What the field can say about a file and an alt text before sending (the API says it again, by the bytes). */
export function checkUpload(file: File | null, alt: string): Problems {
  const problems: Problems = {};
  if (!file) problems.file = imageUploadTexts.fileMissing;
  else if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) problems.file = imageUploadTexts.badType;
  else if (file.size > IMAGE_MAX_BYTES) problems.file = imageUploadTexts.tooLarge;
  if (!alt.trim()) problems.alt = imageUploadTexts.altMissing;
  else if (alt.trim().length > IMAGE_ALT_MAX) problems.alt = imageUploadTexts.altTooLong;
  return problems;
}

export function ImageUpload({ onUploaded, legend = uploadTexts.heading }: ImageUploadProps) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [dragging, setDragging] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [problems, setProblems] = useState<Problems>({});
  const [preview, setPreview] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  const uploading = phase.kind === 'uploading';

  // A preview of the chosen file (where the browser can make one), released when the file changes or the field goes.
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  useEffect(() => () => abort.current?.abort(), []);

  const choose = (chosen: File | null | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setPhase({ kind: 'idle' });
    const fileProblem = checkUpload(chosen, 'x').file;
    setProblems((p) => ({ ...p, file: fileProblem, other: undefined }));
  };

  const upload = async () => {
    if (uploading) return;
    const found = checkUpload(file, alt);
    setProblems(found);
    if (found.file || found.alt) {
      (found.file ? fileInput : altInput).current?.focus();
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: 'uploading', sent: 0 });
    try {
      const image = await uploadEditorImage(file!, alt.trim(), { signal: controller.signal, onProgress: (sent) => setPhase({ kind: 'uploading', sent }) });
      setPhase({ kind: 'done' });
      setFile(null);
      setAlt('');
      if (fileInput.current) fileInput.current.value = '';
      onUploaded(image);
    } catch (error) {
      if (isApiError(error) && error.kind === 'aborted') {
        setPhase({ kind: 'cancelled' });
        return;
      }
      setPhase({ kind: 'idle' });
      const fields = fieldErrors(error);
      const message = serverMessage(error);
      const next: Problems = { file: fields.file, alt: fields.alt };
      if (!next.file && !next.alt) next.other = message ?? uploadTexts.failed;
      setProblems(next);
      (next.alt ? altInput : fileInput).current?.focus();
    } finally {
      abort.current = null;
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) choose(event.dataTransfer.files?.[0]);
  };
  const onAltKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter uploads (and never submits the editor's form around this field).
    if (event.key === 'Enter') {
      event.preventDefault();
      void upload();
    }
  };

  const ids = { hint: `${id}-hint`, fileError: `${id}-file-error`, altHint: `${id}-alt-hint`, altError: `${id}-alt-error`, file: `${id}-file`, alt: `${id}-alt` };
  const percent = phase.kind === 'uploading' ? Math.round(phase.sent * 100) : 0;

  return (
    <fieldset className={styles.upload} aria-busy={uploading}>
      <legend className={styles.heading}>{legend}</legend>
      <div
        className={`${styles.dropZone} ${dragging ? styles.dragging : ''}`}
        data-testid="image-drop-zone"
        onDragEnter={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <span>{uploadTexts.dropHint}</span>
        <input
          ref={fileInput}
          id={ids.file}
          className={styles.fileInput}
          type="file"
          accept={IMAGE_UPLOAD_TYPES.join(',')}
          disabled={uploading}
          aria-invalid={problems.file ? true : undefined}
          aria-describedby={[ids.hint, problems.file ? ids.fileError : ''].filter(Boolean).join(' ')}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <label htmlFor={ids.file} className={styles.chooseButton}>
          {file ? uploadTexts.chooseAnother : uploadTexts.choose}
        </label>
        <p id={ids.hint} className={styles.hint}>
          {uploadTexts.accepted}
        </p>
        {file && <p>{uploadTexts.selected(file.name, fileSize(file.size))}</p>}
        {preview && <img className={styles.preview} src={preview} alt={uploadTexts.preview} />}
        {problems.file && (
          <p id={ids.fileError} className={styles.error} role="alert">
            {problems.file}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.alt}>{uploadTexts.altLabel}</label>
        <input
          ref={altInput}
          id={ids.alt}
          value={alt}
          required
          aria-required="true"
          maxLength={IMAGE_ALT_MAX}
          disabled={uploading}
          aria-invalid={problems.alt ? true : undefined}
          aria-describedby={[ids.altHint, problems.alt ? ids.altError : ''].filter(Boolean).join(' ')}
          onChange={(e) => {
            setAlt(e.target.value);
            if (problems.alt && e.target.value.trim()) setProblems((p) => ({ ...p, alt: undefined }));
          }}
          onKeyDown={onAltKey}
        />
        <p id={ids.altHint} className={styles.hint}>
          {uploadTexts.altHint}
        </p>
        {problems.alt && (
          <p id={ids.altError} className={styles.error} role="alert">
            {problems.alt}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} disabled={uploading} onClick={() => void upload()}>
          {uploadTexts.upload}
        </button>
        {uploading && (
          <button type="button" onClick={() => abort.current?.abort()}>
            {uploadTexts.cancel}
          </button>
        )}
      </div>
      <div role="status" aria-live="polite">
        {uploading && (
          <>
            <progress className={styles.progress} max={100} value={percent} aria-label={uploadTexts.uploading(percent)} />{' '}
            {percent < 100 ? uploadTexts.uploading(percent) : uploadTexts.processing}
          </>
        )}
        {phase.kind === 'done' && uploadTexts.uploaded}
        {phase.kind === 'cancelled' && uploadTexts.cancelled}
      </div>
      {problems.other && (
        <p className={styles.error} role="alert">
          {problems.other}
        </p>
      )}
    </fieldset>
  );
}
