import { useTranslation } from 'react-i18next';
import type { useCouncils } from '../shared/get-councils';
import { CouncilsLoadError } from './CouncilsLoadError';
import { Field, Select } from './ui/Field';
import { Notice } from './ui/Notice';

export interface CouncilFieldProps {
  councils: ReturnType<typeof useCouncils>;
  /** The chosen council's code, or '' for none. */
  value: string;
  onChange: (code: string) => void;
}

/**
 * The council a search is for: the 23 councils, a closed one marked as such (and, once chosen,
 * said to be unavailable), or the reason the list could not be loaded with a retry. The search
 * screens keep the choice in their address.
 */
export function CouncilField({ councils, value, onChange }: CouncilFieldProps) {
  const { t } = useTranslation();
  if (councils.isError) return <CouncilsLoadError councils={councils} />;
  const closed = councils.data?.some((item) => item.code === value && !item.available);
  return (
    <>
      <Field label={t('search.council')}>
        {(control) => (
          <Select
            {...control}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            disabled={councils.isPending}
            autoComplete="off"
          >
            <option value="">
              {councils.isPending ? t('search.loadingCouncils') : t('search.councilPlaceholder')}
            </option>
            {councils.data?.map((item) => (
              <option key={item.code} value={item.code}>
                {item.available ? item.name : t('search.councilNotAvailable', { name: item.name })}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {closed ? (
        <Notice tone="error" live>
          <p>{t('errors.council_not_available')}</p>
        </Notice>
      ) : null}
    </>
  );
}
