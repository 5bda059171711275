import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import styles from './ui.module.css';

interface FieldFrame {
  label: ReactNode;
  hint?: ReactNode;
  /** A Norwegian message under the field; marks the control invalid and is announced with it. */
  error?: string | null;
}

/** Label, control, hint and error wired together (aria-describedby), so screen readers read all three. */
function useFieldIds(hint: ReactNode, error: string | null | undefined) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

function Extras({ hint, error, hintId, errorId }: { hint: ReactNode; error?: string | null; hintId?: string; errorId?: string }) {
  return (
    <>
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      )}
    </>
  );
}

/** The attributes that tie a control to its label, hint and error. */
interface ControlIds {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Label above, the control, then hint and error: one frame for every kind of field. */
function Framed({ label, hint, error, className, control }: FieldFrame & { className?: string; control: (ids: ControlIds) => ReactNode }) {
  const ids = useFieldIds(hint, error);
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={ids.id} className={styles.label}>
        {label}
      </label>
      {control({ id: ids.id, className: styles.input!, 'aria-invalid': error ? true : undefined, 'aria-describedby': ids.describedBy })}
      <Extras hint={hint} error={error} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}

export function TextField({ label, hint, error, className, ...input }: FieldFrame & ComponentPropsWithRef<'input'>) {
  return <Framed label={label} hint={hint} error={error} className={className} control={(ids) => <input {...ids} {...input} />} />;
}

export function TextAreaField({ label, hint, error, className, ...input }: FieldFrame & ComponentPropsWithRef<'textarea'>) {
  return <Framed label={label} hint={hint} error={error} className={className} control={(ids) => <textarea {...ids} {...input} />} />;
}

export function SelectField({ label, hint, error, className, children, ...select }: FieldFrame & ComponentPropsWithRef<'select'>) {
  return (
    <Framed
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(ids) => (
        <select {...ids} {...select}>
          {children}
        </select>
      )}
    />
  );
}

/** A checkbox (or, with type="radio", a radio) with its label to the right. */
export function CheckField({ label, className, ...input }: { label: ReactNode } & ComponentPropsWithRef<'input'>) {
  return (
    <label className={[styles.check, className].filter(Boolean).join(' ')}>
      <input type="checkbox" {...input} />
      <span>{label}</span>
    </label>
  );
}

/** A group of fields with a visible legend. */
export function FieldGroup({ legend, children, className }: { legend: ReactNode; children: ReactNode; className?: string }) {
  return (
    <fieldset className={[styles.fieldset, className].filter(Boolean).join(' ')}>
      <legend className={styles.legend}>{legend}</legend>
      {children}
    </fieldset>
  );
}
