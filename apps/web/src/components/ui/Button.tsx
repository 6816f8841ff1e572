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
