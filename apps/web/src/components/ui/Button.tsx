import type { ButtonHTMLAttributes, ReactNode } from 'react';
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
 * A button's icon and words when idle and while it works ("Search", "Searching…"), laid one over
 * the other so that the button keeps the width of the longer: nothing in it moves when they swap,
 * where the icon would otherwise slide beside the shorter words, which the browser counts as a
 * layout shift.
 */
export function BusyLabel({
  busy,
  idle,
  working,
  icon,
}: {
  busy: boolean;
  idle: string;
  working: string;
  icon?: ReactNode;
}) {
  return (
    <span className={styles.busyLabel}>
      <span aria-hidden={busy || undefined}>
        {icon}
        {idle}
      </span>
      <span aria-hidden={!busy || undefined}>
        {icon}
        {working}
      </span>
    </span>
  );
}
