import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../ui/Field';
import { fieldErrorText } from './field-error-text';
import type { FieldsOf } from './use-domain-form';

export interface TextFieldProps<Name extends string> extends Omit<
  ComponentProps<typeof InputField>,
  'name' | 'error' | 'value' | 'onChange' | 'onBlur' | 'ref' | 'form'
> {
  form: FieldsOf<Name>;
  name: Name;
  label: string;
}

/**
 * One labelled input of a form, with its hint and its translated error tied to it. Typing in a
 * field clears its error; the form checks everything again when sent.
 */
export function TextField<Name extends string>({
  form,
  name,
  type = 'text',
  label,
  ...input
}: TextFieldProps<Name>) {
  const { t } = useTranslation();
  const { errorKey, ...binding } = form.field(name, label);
  return (
    <InputField
      type={type}
      spellCheck={false}
      label={label}
      {...input}
      {...binding}
      error={errorKey ? fieldErrorText(t, errorKey, label) : undefined}
    />
  );
}
