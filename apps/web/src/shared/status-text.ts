import { licenceStatuses } from '@portal/domain/licences';
import type { TFunction } from 'i18next';

/** A status the catalogues name, translated; any other as the council wrote it. */
export function statusText(t: TFunction, status: string): string {
  const key = status.trim().toLowerCase().replace(/\s+/g, '_');
  return (licenceStatuses as readonly string[]).includes(key)
    ? t(`statuses.${key as (typeof licenceStatuses)[number]}`)
    : status;
}
