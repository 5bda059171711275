import { useId, type InputHTMLAttributes } from 'react';
import styles from './ui.module.css';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | null;
}

/** A labelled input with its error message tied to it for screen readers. */
export function Field({ label, error, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
      {error ? (
        <span id={errorId} className={styles.fieldError}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

interface CheckProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | null;
  name?: string;
}

export function Check({ label, checked, onChange, error, name }: CheckProps) {
  const id = useId();
  return (
    <div>
      <div className={styles.check}>
        <input id={id} name={name} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-invalid={error ? true : undefined} />
        <label htmlFor={id}>{label}</label>
      </div>
      {error ? <span className={styles.fieldError}>{error}</span> : null}
    </div>
  );
}

export function ErrorMessage({ message }: { message: string | null | undefined }) {
  return message ? (
    <p role="alert" className={styles.error}>
      {message}
    </p>
  ) : null;
}
