import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, Select } from '../ui/Field';
import { fieldErrorText } from './field-error-text';
import type { FieldsOf } from './use-domain-form';

/** One labelled select of a form, its options given as children, with its translated error. */
export function SelectField<Name extends string>({
  form,
  name,
  label,
  hint,
  defaultValue,
  children,
}: {
  form: FieldsOf<Name>;
  name: Name;
  label: string;
  hint?: string;
  /** The option chosen when the select is first drawn, when it is not the first option. */
  defaultValue?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { errorKey, ...binding } = form.field(name, label);
  return (
    <Field
      label={label}
      hint={hint}
      error={errorKey ? fieldErrorText(t, errorKey, label) : undefined}
    >
      {(control) => (
        <Select {...control} {...binding} defaultValue={defaultValue}>
          {children}
        </Select>
      )}
    </Field>
  );
}
