import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './Checkout.module.css';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children?: ReactNode;
}

/** A labelled text input whose hint and error are announced with it (aria-describedby, aria-invalid). */
export function Field({ id, label, hint, error, children, ...input }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
      {children}
    </div>
  );
}
