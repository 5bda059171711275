import type { ComponentPropsWithRef } from 'react';
import styles from './ui.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger';

/** With `ref` (React 19 passes it as a prop): a screen returns the focus to the button that opened a form. */
export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  small?: boolean;
}

/** The workspace's button: primary for the one main action of a form, secondary for the rest, danger for removals. */
export function Button({ variant = 'primary', small = false, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, small, className)} {...rest} />;
}

/** A link or label drawn as a button (a preview link, a download). */
export function buttonClass(variant: ButtonVariant = 'primary', small = false, extra?: string): string {
  return [styles.button, variant !== 'primary' && styles[variant], small && styles.small, extra].filter(Boolean).join(' ');
}
