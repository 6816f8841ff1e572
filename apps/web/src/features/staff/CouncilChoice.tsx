import { useTranslation } from 'react-i18next';
import { Field, Select } from '../../components/ui/Field';
import { useCouncils } from '../../shared/get-councils';
import { useStaffSession } from './staff-session';

/**
 * The council a back-office filter is for: a council's staff have only their own, sent along
 * unseen; the state admin chooses one, or with `anyCouncil` may leave it at all councils.
 */
export function CouncilChoice({
  chosen,
  anyCouncil = false,
}: {
  chosen: string | undefined;
  anyCouncil?: boolean;
}) {
  const { t } = useTranslation('office');
  const own = useStaffSession().data?.staff?.council;
  const councils = useCouncils();
  if (own) return anyCouncil ? null : <input type="hidden" name="council" value={own} />;
  return (
    <Field label={t('filters.council')}>
      {(control) => (
        <Select {...control} name="council" defaultValue={chosen ?? ''} required={!anyCouncil}>
          <option value="">
            {anyCouncil ? t('filters.allCouncils') : t('settlement.chooseCouncil')}
          </option>
          {councils.data?.map((council) => (
            <option key={council.code} value={council.code}>
              {council.name}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
