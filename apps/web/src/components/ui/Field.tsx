import { useId, type ComponentProps, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons';
import styles from './Field.module.css';

/** What a field hands its control so that label, hint and error are tied to it. */
export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** The translated message, shown under the control and read with it. */
  error?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/**
 * A labelled form control with its hint above and its error below, both tied to the control with
 * aria-describedby (the error first, so it is read first).
 */
export function Field({ label, hint, error, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ');
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? true : undefined,
      })}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A labelled text input: `Field` around one of our inputs. The input's own props (`ref`, `name`,
 * `type`, `value`, …) pass through; its id and descriptions come from the field.
 */
export function InputField({
  label,
  hint,
  error,
  className,
  ...input
}: Omit<FieldProps, 'children'> & Omit<ComponentProps<'input'>, keyof ControlProps | 'className'>) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <input {...control} {...input} className={styles.input} />}
    </Field>
  );
}

/** Lays fields out two to a row from 40rem up. */
export const fieldGridClassName = styles.grid;

/** A field in a `fieldGridClassName` grid that takes the whole row. */
export const wideFieldClassName = styles.wide;

/** A native select with our chevron over it. */
export function Select({ className, ...rest }: ComponentProps<'select'>) {
  return (
    <div className={styles.selectWrap}>
      <select className={className ? `${styles.select} ${className}` : styles.select} {...rest} />
      <ChevronDownIcon className={styles.selectChevron} />
    </div>
  );
}

/** A text area of many lines (a page's Markdown), styled as our inputs. */
export function TextArea({ className, ...rest }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={
        className
          ? `${styles.input} ${styles.textArea} ${className}`
          : `${styles.input} ${styles.textArea}`
      }
      {...rest}
    />
  );
}

/** A file chooser, styled as our inputs; `accept` names the kinds the upload takes. */
export function FileInput({ className, ...rest }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="file"
      className={
        className ? `${styles.input} ${styles.file} ${className}` : `${styles.input} ${styles.file}`
      }
      {...rest}
    />
  );
}
