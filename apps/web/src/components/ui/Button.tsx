import type { ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet';

export interface ButtonLook {
  variant?: ButtonVariant;
  /** Full width of its container. */
  block?: boolean;
}

/** The classes of a button, for a link (`<Link className={buttonClassName()}>`) that looks like one. */
export function buttonClassName({ variant = 'primary', block = false }: ButtonLook = {}): string {
  return [styles.button, styles[variant], block ? styles.block : ''].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLook {}

export function Button({ variant, block, className, type = 'button', ...rest }: ButtonProps) {
  const classes = [buttonClassName({ variant, block }), className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}

/**
 * A button's words when idle and while it works ("Search", "Searching…"), laid one over the other
 * so that the button keeps the width of the longer: its icon stays put when they swap, where it
 * would otherwise move, which the browser counts as a layout shift.
 */
export function BusyLabel({
  busy,
  idle,
  working,
}: {
  busy: boolean;
  idle: string;
  working: string;
}) {
  return (
    <span className={styles.busyLabel}>
      <span aria-hidden={busy || undefined}>{idle}</span>
      <span aria-hidden={!busy || undefined}>{working}</span>
    </span>
  );
}
