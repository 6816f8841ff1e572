import { useTranslation } from 'react-i18next';
import { Pager } from '../../components/Pager';
import { addressOfQuery } from '../../lib/address-query';

/** The pages of a back-office list, each page's link keeping the list's filters. */
export function OfficePager<Query extends { page: number }>({
  query,
  total,
  pageSize,
}: {
  query: Query;
  total: number;
  pageSize: number;
}) {
  const { t } = useTranslation('office');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Pager
      page={query.page}
      pages={pages}
      linkTo={(page) => addressOfQuery({ ...query, page })}
      words={{
        label: t('list.pagination'),
        previous: t('list.previous'),
        next: t('list.next'),
        pageOf: t('list.page', { page: query.page, pages }),
      }}
    />
  );
}
