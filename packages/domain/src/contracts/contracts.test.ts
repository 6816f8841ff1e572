import { describe, expect, test } from 'vitest';
import type * as z from 'zod';
import { errorStatus } from '../errors';
import { accountsApi, profileApi } from './accounts';
import { auditApi } from './audit';
import { checkoutApi } from './checkout';
import { contentApi, officeContentApi } from './content';
import { councilProfileApi } from './council-profile';
import { councilsApi } from './councils';
import type { Endpoint } from './endpoint';
import { historyApi } from './history';
import { imagesApi } from './images';
import { councilApplicationsApi } from './council-api';
import { licenceApplicationsApi } from './licence-applications';
import { licencesApi } from './licences';
import { myAccountsApi } from './my-accounts';
import { officePaymentsApi } from './office-payments';
import { paymentsApi } from './payments';
import { receiptsApi } from './receipts';
import { refundsApi } from './refunds';
import { searchApi } from './search';
import { sessionApi } from './session';
import { officeSettingsApi, settingsApi } from './settings';
import { settlementApi } from './settlement';
import { staffApi } from './staff';
import { switchesApi } from './switches';

const contracts = {
  accountsApi,
  auditApi,
  profileApi,
  checkoutApi,
  contentApi,
  officeContentApi,
  councilProfileApi,
  councilsApi,
  historyApi,
  imagesApi,
  licencesApi,
  licenceApplicationsApi,
  councilApplicationsApi,
  myAccountsApi,
  officePaymentsApi,
  paymentsApi,
  receiptsApi,
  refundsApi,
  searchApi,
  sessionApi,
  settingsApi,
  officeSettingsApi,
  settlementApi,
  staffApi,
  switchesApi,
};

const endpoints: [string, Endpoint][] = Object.entries(contracts).flatMap(([feature, api]) =>
  Object.entries(api).map(([name, endpoint]): [string, Endpoint] => [
    `${feature}.${name}`,
    endpoint,
  ]),
);

/** The paths inside an answer where an object would let an undeclared field through. */
function looseObjectsIn(schema: z.ZodType, path = 'answer'): string[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'object': {
      const catchall = def.catchall as z.ZodType | undefined;
      const own = catchall?._zod.def.type === 'never' ? [] : [path];
      const shape = def.shape as Record<string, z.ZodType>;
      return [
        ...own,
        ...Object.entries(shape).flatMap(([key, field]) => looseObjectsIn(field, `${path}.${key}`)),
      ];
    }
    case 'array':
      return looseObjectsIn(def.element as z.ZodType, `${path}[]`);
    case 'optional':
    case 'nullable':
    case 'default':
      return looseObjectsIn(def.innerType as z.ZodType, path);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => looseObjectsIn(option, path));
    default:
      return [];
  }
}

describe('every endpoint of every contract', () => {
  test.each(endpoints)('%s answers only what it declares', (_name, endpoint) => {
    expect(looseObjectsIn(endpoint.answer)).toEqual([]);
  });

  test('each method and path is declared once', () => {
    const routes = endpoints.map(([, endpoint]) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  test('each named error has its one status', () => {
    for (const [, endpoint] of endpoints) {
      for (const code of endpoint.errors) expect(errorStatus[code]).toBeGreaterThanOrEqual(400);
    }
  });
});
