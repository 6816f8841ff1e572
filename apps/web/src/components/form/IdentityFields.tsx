import { defaultIdentityType, identityTypes, isIdentityType } from '@portal/domain/identities';
import { useTranslation } from 'react-i18next';
import { PersonalDataHint, type PersonalDataPurpose } from './PersonalDataHint';
import { SelectField } from './SelectField';
import { TextField } from './TextField';
import type { FieldsOf } from './use-domain-form';

/**
 * An identity asked of a person (docs/input-rules.md): the type of document, a new MyKad unless
 * another is chosen, and its number, labelled and explained for that type. Changing the type keeps
 * what was typed: the number is checked by the chosen type's rule when the form is sent.
 */
export function IdentityFields({
  form,
  type,
  why,
  typeLabel,
}: {
  form: FieldsOf<'id_type' | 'id_no'>;
  /** The type chosen now (the form's `id_type`), which names the number's field. */
  type: string;
  why: PersonalDataPurpose;
  typeLabel?: string;
}) {
  const { t } = useTranslation();
  const chosen = isIdentityType(type) ? type : defaultIdentityType;
  return (
    <>
      {/* Drawn with the type chosen: a profile's passport is not reset to the first option. */}
      <SelectField
        form={form}
        name="id_type"
        label={typeLabel ?? t('identity.type')}
        defaultValue={chosen}
      >
        {identityTypes.map((option) => (
          <option key={option} value={option}>
            {t(`identity.types.${option}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        form={form}
        name="id_no"
        label={t(`identity.number.${chosen}`)}
        hint={<PersonalDataHint hint={t(`identity.hint.${chosen}`)} why={why} />}
        inputMode={chosen === 'new_id' ? 'numeric' : 'text'}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={30}
      />
    </>
  );
}
