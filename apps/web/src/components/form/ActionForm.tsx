import { useId, type FormEvent, type ReactNode } from 'react';
import { Button } from '../ui/Button';
import { Notice } from '../ui/Notice';
import panel from '../ActionPanel.module.css';
import { FormProblem } from './FormProblem';

/**
 * A boxed back-office form: its heading (which names it), what its last send did, what went
 * wrong, its fields, and its button.
 */
export function ActionForm({
  heading,
  done,
  submit,
  form,
  onSubmit,
  children,
}: {
  heading: string;
  /** What the last send did, announced; nothing before one went through. */
  done: string | undefined;
  submit: string;
  form: Parameters<typeof FormProblem>[0]['form'];
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <form className={panel.panel} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {done ? (
        <Notice tone="info" live>
          <p>{done}</p>
        </Notice>
      ) : null}
      <FormProblem form={form} />
      {children}
      <div>
        <Button type="submit">{submit}</Button>
      </div>
    </form>
  );
}
