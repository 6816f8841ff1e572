import { councilQuery } from '@portal/domain/contracts/councils';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { FilterForm } from '../../components/FilterForm';
import { addressOfQuery } from '../../lib/address-query';
import { CouncilChoice } from './CouncilChoice';
import { useStaffSession } from './staff-session';

/**
 * The council a screen of one council's records is about: a council's staff have their own; the
 * state admin chooses one in `picker`, kept in the address so that a reload keeps it.
 */
export function useScreenCouncil() {
  const { t } = useTranslation('office');
  const own = useStaffSession().data?.staff?.council ?? undefined;
  const [params, setParams] = useSearchParams();
  const council = own ?? councilQuery.safeParse({ council: params.get('council') }).data?.council;
  const picker = own ? null : (
    <FilterForm
      shown={{ council }}
      schema={councilQuery}
      onApply={(next) => setParams(addressOfQuery(next))}
      words={{ label: t('filters.label'), find: t('settlement.show') }}
    >
      <CouncilChoice chosen={council} />
    </FilterForm>
  );
  return { council, picker };
}
