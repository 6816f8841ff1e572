import type { ErrorCode, ValidationMessageKey } from '@portal/domain/errors';
import { fieldErrors } from '@portal/domain/forms';
import { useRef, useState, type FormEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { ApiError, errorCodeOf, referenceOf } from '../../lib/api-client';

/** A domain schema, as far as a form needs it (the web app imports zod only through the domain). */
export interface DomainSchema<Output> {
  safeParse(
    input: unknown,
  ): { success: true; data: Output } | { success: false; error: Parameters<typeof fieldErrors>[0] };
}

/** The message keys a check found, by field. */
export type FoundErrors = Partial<Record<string, ValidationMessageKey>>;

/**
 * The domain's schemas answer message keys, not sentences (docs/input-rules.md): each error
 * carries its key as its message, and the field shows `validation.<key>` in the reader's language.
 */
function domainResolver<Values extends FieldValues, Output>(
  schema: DomainSchema<Output>,
): Resolver<Values, unknown, Output> {
  return async (values) => {
    const checked = schema.safeParse(values);
    if (checked.success) return { values: checked.data, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(fieldErrors(checked.error)).map(([name, key]) => [
        name,
        { type: 'validation', message: key },
      ]),
    );
    return { values: {}, errors } as never;
  };
}

export interface SubmitHandlers<Output, Answer> {
  /** Sends what the schema made of the values; its failure goes to `onError`. */
  send: (checked: Output) => Promise<Answer>;
  onSuccess: (answer: Answer, checked: Output) => void;
  /** Unless it returns true, a failure is shown: its fields, else its code over the form. */
  onError?: (error: unknown) => boolean;
  /** The errors of a check that failed, before they are shown; true when it dealt with them. */
  onInvalid?: (found: FoundErrors) => boolean;
}

/**
 * The one form layer of the web app (docs/decisions/0009): react-hook-form holding the values,
 * checked with a domain schema before anything is sent. Every form gets the same behaviour:
 * errors under their fields, the first focused, a refusal of the whole form over it
 * (`FormProblem`), and a second tap sending nothing while the first is on its way.
 */
export function useDomainForm<Values extends Record<string, string | boolean>, Output>(
  schema: DomainSchema<Output>,
  defaultValues: Values,
  /** Values the schema checks that have no field on the page (a link's token, the council). */
  { hidden = [] }: { hidden?: readonly (keyof Values & string)[] } = {},
) {
  const form = useForm<Values, unknown, Output>({
    defaultValues: defaultValues as DefaultValues<Values>,
    resolver: domainResolver<Values, Output>(schema),
    // Checked when sent; a field's error goes as soon as it is changed.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
  });
  const [problem, setProblemCode] = useState<ErrorCode>();
  /** The request id of a failure on the server's side, shown with the problem to be quoted. */
  const [problemReference, setProblemReference] = useState<string>();
  /** Refuses the whole form with `code`; `cause`, the failure behind it, gives its reference. */
  const setProblem = (code: ErrorCode | undefined, cause?: unknown) => {
    setProblemCode(code);
    setProblemReference(referenceOf(cause));
  };
  const busy = useRef(false);
  /** Each field's label, as its input last gave it, for the error summary. */
  const labels = useRef(new Map<string, string>());
  /** The fields the last check or answer found wrong, in the form's order, still not changed. */
  const [fieldProblems, setFieldProblems] = useState<readonly FieldProblem[]>([]);
  const summarise = (found: FoundErrors) =>
    setFieldProblems(
      names.flatMap((name) => {
        const key = found[name];
        const label = labels.current.get(name);
        return key && label ? [{ name, label, key }] : [];
      }),
    );
  const names = (Object.keys(defaultValues) as (keyof Values & string)[]).filter(
    (name) => !hidden.includes(name),
  );

  /** Shows the errors of this form's fields and focuses the first; false when none is named. */
  const showErrors = (found: FoundErrors): boolean => {
    form.clearErrors();
    const named = names.filter((name) => found[name]);
    for (const name of named) {
      form.setError(name as never, { type: 'server', message: found[name] });
    }
    if (named[0]) form.setFocus(named[0] as never);
    summarise(found);
    return named.length > 0;
  };

  /** A `validation_failed` answer naming this form's fields shows them; false otherwise. */
  const showServerErrors = (error: unknown): boolean =>
    error instanceof ApiError &&
    error.code === 'validation_failed' &&
    error.fields !== undefined &&
    showErrors(error.fields);

  /** A failed send: the fields a `validation_failed` answer names, else its code over the form. */
  const showFailure = (error: unknown) => {
    if (!showServerErrors(error)) setProblem(errorCodeOf(error), error);
  };

  /** The submit handler: one send at a time, nothing sent while a field is wrong. */
  const handleSubmit =
    <Answer>({ send, onSuccess, onError, onInvalid }: SubmitHandlers<Output, Answer>) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy.current) return;
      busy.current = true;
      setProblem(undefined);
      setFieldProblems([]);
      void form
        .handleSubmit(
          async (checked) => {
            try {
              const answer = await send(checked);
              busy.current = false;
              onSuccess(answer, checked);
            } catch (error) {
              busy.current = false;
              if (!onError?.(error)) showFailure(error);
            }
          },
          (errors) => {
            busy.current = false;
            const found = Object.fromEntries(
              Object.entries(errors).map(([name, error]) => [name, error?.message]),
            ) as FoundErrors;
            if (onInvalid?.(found)) form.clearErrors();
            else summarise(found);
          },
        )(event)
        .catch(() => {
          busy.current = false;
        });
    };

  /**
   * What an input needs to be one of the form's fields: its binding and its error, if any. Its
   * label names it in the form's error summary.
   */
  const field = (name: keyof Values & string, label?: string): FieldBinding => {
    if (label) labels.current.set(name, label);
    return {
      ...form.register(name as never, {
        onChange: () => {
          form.clearErrors(name as never);
          setFieldProblems((wrong) => wrong.filter((problem) => problem.name !== name));
        },
      }),
      errorKey: form.formState.errors[name]?.message as ValidationMessageKey | undefined,
    };
  };

  return {
    ...form,
    problem,
    problemReference,
    setProblem,
    showErrors,
    showServerErrors,
    showFailure,
    handleSubmit,
    field,
    fieldProblems,
    focusField: (name: string) => form.setFocus(name as never),
  };
}

/** A wrong field as the error summary lists it: its name, its label and what is wrong with it. */
export interface FieldProblem {
  name: string;
  label: string;
  key: ValidationMessageKey;
}

/** An input's binding to its form (typing clears the field's error), and that error's key. */
export type FieldBinding = UseFormRegisterReturn & { errorKey: ValidationMessageKey | undefined };

/** A form, as a field of it sees it: whatever the form's other fields, it has these names. */
export interface FieldsOf<Name extends string> {
  field: (name: Name, label?: string) => FieldBinding;
}
