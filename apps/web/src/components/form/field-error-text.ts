import type { ValidationMessageKey } from '@portal/domain/errors';
import type { TFunction } from 'i18next';

/**
 * A field's error in the reader's language. A missing value names its field ("Full name is
 * required"): a form may have eight empty fields, and "This field is required" eight times says
 * nothing about which is which.
 */
export function fieldErrorText(t: TFunction, key: ValidationMessageKey, label: string): string {
  return key === 'required' ? t('form.required', { field: label }) : t(`validation.${key}`);
}

/** The same error in the form's summary, where it must name its field whatever it says. */
export function summaryErrorText(t: TFunction, key: ValidationMessageKey, label: string): string {
  return key === 'required'
    ? fieldErrorText(t, key, label)
    : t('form.problemOf', { field: label, problem: t(`validation.${key}`) });
}
