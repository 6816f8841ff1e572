import type { ErrorCode, ValidationMessageKey } from '@portal/domain/errors';
import { fieldErrors } from '@portal/domain/forms';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../components/ui/Field';
import { Notice } from '../../components/ui/Notice';
import { ApiError, errorCodeOf } from '../../lib/api-client';

type Values<Name extends string> = Record<Name, string>;

/** A domain schema, as far as a form needs it (the web app imports zod only through the domain). */
interface Schema<Output> {
  safeParse(
    input: unknown,
  ): { success: true; data: Output } | { success: false; error: Parameters<typeof fieldErrors>[0] };
}

/** A mutation as a form sends it: TanStack Query's `mutate`, with handlers for the answer. */
interface Mutation<Input, Answer> {
  mutate(
    input: Input,
    handlers: { onSuccess: (answer: Answer) => void; onError: (error: Error) => void },
  ): void;
}

/**
 * The state every account form keeps, as checkout's PayerForm does: the typed values, the errors
 * by field, the refusal of the whole form, the inputs (to focus the first error) and a guard
 * against a second submit while the first is on its way.
 */
export function useFormState<Name extends string>(names: readonly Name[], initial: Values<Name>) {
  const [values, setValues] = useState<Values<Name>>(initial);
  const [errors, setErrors] = useState<Partial<Record<Name, ValidationMessageKey>>>({});
  const [problem, setProblem] = useState<ErrorCode>();
  const inputs = useRef<Partial<Record<Name, HTMLInputElement | null>>>({});
  const busy = useRef(false);

  /** Shows the errors of this form's fields and focuses the first; false when none is named. */
  const showErrors = useCallback(
    (found: Partial<Record<string, ValidationMessageKey>>): boolean => {
      const shown: Partial<Record<Name, ValidationMessageKey>> = {};
      for (const name of names) if (found[name]) shown[name] = found[name];
      setErrors(shown);
      const first = names.find((name) => shown[name]);
      if (first) inputs.current[first]?.focus();
      return first !== undefined;
    },
    [names],
  );

  /**
   * Checks the values with a domain schema: the parsed form, or undefined after showing the
   * errors (the schema says which message key, the catalogue the words).
   */
  const check = <Output,>(schema: Schema<Output>, input: unknown = values): Output | undefined => {
    const checked = schema.safeParse(input);
    if (checked.success) {
      setErrors({});
      return checked.data;
    }
    showErrors(fieldErrors(checked.error));
    return undefined;
  };

  /** A `validation_failed` answer naming this form's fields shows them; false otherwise. */
  const showServerErrors = (error: unknown): boolean =>
    error instanceof ApiError &&
    error.code === 'validation_failed' &&
    error.fields !== undefined &&
    showErrors(error.fields);

  /** A failed send: the fields a `validation_failed` answer names, else its code over the form. */
  const showFailure = (error: unknown) => {
    if (!showServerErrors(error)) setProblem(errorCodeOf(error));
  };

  /** False while a submit is on its way: the second tap sends nothing. A new try clears the refusal. */
  const begin = (): boolean => {
    if (busy.current) return false;
    busy.current = true;
    setProblem(undefined);
    return true;
  };
  const end = () => {
    busy.current = false;
  };

  /**
   * The submit handler of a form that sends what `schema` makes of its values: one at a time,
   * nothing sent while a field is wrong (the first is focused), and the guard lifted before the
   * answer's handler runs.
   */
  const handleSubmit =
    <Output, Answer>(
      schema: Schema<Output>,
      mutation: Mutation<Output, Answer>,
      handlers: { onSuccess: (answer: Answer) => void; onError: (error: Error) => void },
    ) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (!begin()) return;
      const checked = check(schema);
      if (!checked) {
        end();
        return;
      }
      mutation.mutate(checked, {
        onSuccess: (answer) => {
          end();
          handlers.onSuccess(answer);
        },
        onError: (error) => {
          end();
          handlers.onError(error);
        },
      });
    };

  /** The ref of a field's input, kept so that `showErrors` can focus it. */
  const inputRef = (name: Name) => (element: HTMLInputElement | null) => {
    inputs.current[name] = element;
  };

  const reset = (next: Values<Name> = initial) => {
    setValues(next);
    setErrors({});
  };

  const setValue = (name: Name, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  };

  return {
    values,
    errors,
    setErrors,
    problem,
    setProblem,
    inputs,
    inputRef,
    setValue,
    setValues,
    showErrors,
    showServerErrors,
    showFailure,
    check,
    begin,
    end,
    handleSubmit,
    reset,
  };
}

export type FormState<Name extends string> = ReturnType<typeof useFormState<Name>>;

export interface TextFieldProps<Name extends string> {
  form: FormState<Name>;
  name: Name;
  label: string;
  hint?: string;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete: string;
  inputMode?: 'email' | 'tel' | 'numeric';
  autoFocus?: boolean;
  className?: string;
}

/** One labelled input of an account form, with its hint and translated error tied to it. */
export function TextField<Name extends string>({
  form,
  name,
  label,
  hint,
  type = 'text',
  autoComplete,
  inputMode,
  autoFocus,
  className,
}: TextFieldProps<Name>) {
  const { t } = useTranslation();
  const problem: ValidationMessageKey | undefined = form.errors[name];
  return (
    <InputField
      label={label}
      hint={hint}
      error={problem ? t(`validation.${problem}`) : undefined}
      className={className}
      ref={form.inputRef(name)}
      name={name}
      type={type}
      inputMode={inputMode}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      spellCheck={false}
      value={form.values[name] as string}
      onChange={(event) => form.setValue(name, event.target.value)}
    />
  );
}

/** A refusal of the whole form, in the reader's language, announced when it appears. */
export function FormProblem({
  problem,
  tone = 'error',
}: {
  problem: ErrorCode | undefined;
  tone?: 'info' | 'error';
}) {
  const { t } = useTranslation();
  if (!problem) return null;
  return (
    <Notice tone={tone} live>
      <p>{t(`errors.${problem}`)}</p>
    </Notice>
  );
}
