import { auditApi } from '@portal/domain/contracts/audit';
import type { OfficeEndpoint } from '@portal/domain/contracts/endpoint';
import { officePaymentsApi } from '@portal/domain/contracts/office-payments';
import { refundsApi } from '@portal/domain/contracts/refunds';
import { settlementApi } from '@portal/domain/contracts/settlement';
import { switchesApi } from '@portal/domain/contracts/switches';
import { councilProfileApi } from '@portal/domain/contracts/council-profile';
import { renewalRulesApi } from '@portal/domain/contracts/renewal-rules';
import { officeSettingsApi } from '@portal/domain/contracts/settings';
import { officeContentApi } from '@portal/domain/contracts/content';
import { officeImagesApi } from '@portal/domain/contracts/images';
import { apiKeysApi, webhooksApi } from '@portal/domain/contracts/council-api';
import { billImportApi } from '@portal/domain/contracts/bill-import';
import { licenceApplicationsApi } from '@portal/domain/contracts/licence-applications';
import { staffApi } from '@portal/domain/contracts/staff';
import { roleAllows, staffRoles, type StaffRole } from '@portal/domain/staff';
import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { demoPaymentInProgress } from '../../demo/demo-data';
import { staffLoggedIn } from '../../test/office-staff';
import { useTestApp } from '../../test/test-app';
import { TestBrowser } from '../../test/test-browser';
import { describeEachDatabase } from '../../test/test-databases';
import { officeAccess } from './office-access';

/** Every back-office endpoint; a new contract joins this list, or the route-list test fails. */
const officeEndpoints: [string, OfficeEndpoint][] = Object.entries({
  ...prefixed('staff', staffApi),
  ...prefixed('audit', auditApi),
  ...prefixed('officePayments', officePaymentsApi),
  ...prefixed('settlement', settlementApi),
  ...prefixed('refunds', refundsApi),
  ...prefixed('switches', switchesApi),
  ...prefixed('councilProfile', councilProfileApi),
  ...prefixed('renewalRules', renewalRulesApi),
  ...prefixed('officeSettings', officeSettingsApi),
  ...prefixed('officeContent', officeContentApi),
  ...prefixed('officeImages', officeImagesApi),
  ...prefixed('apiKeys', apiKeysApi),
  ...prefixed('webhooks', webhooksApi),
  ...prefixed('billImport', billImportApi),
  ...prefixed('licenceApplications', licenceApplicationsApi),
});

function prefixed(feature: string, api: Record<string, OfficeEndpoint>) {
  return Object.fromEntries(
    Object.entries(api).map(([name, endpoint]) => [`${feature}.${name}`, endpoint]),
  );
}

/**
 * `printRoutes`' tree as `METHOD /path` lines: each level is indented four characters and continues
 * its parent's path.
 */
function routeList(tree: string): string[] {
  const parents: string[] = [];
  return tree.split('\n').flatMap((line) => {
    const match = /^([│├└─ ]*)(\/\S*)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) return [];
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    parents.length = depth + 1;
    const methods = (match[3] ?? '').split(', ').filter((method) => method && method !== 'HEAD');
    return methods.map((method) => `${method} ${path}`);
  });
}

/** A path with its parameters filled in with a thing the demo data has. */
const concrete = (path: string) => path.replace(':reference', demoPaymentInProgress.reference);

let now = new Date('2026-11-25T03:00:00Z');
const clock = () => now;

describeEachDatabase('back-office access', (db) => {
  const app = useTestApp(db, { clock });

  test('every back-office route the server has is a contract endpoint with its access', () => {
    const routes = routeList(app().printRoutes({ commonPrefix: false })).filter((route) =>
      route.includes(' /api/office'),
    );
    const declared = officeEndpoints.map(
      ([, endpoint]) => `${endpoint.method} /api${endpoint.path}`,
    );
    expect(routes.sort()).toEqual(declared.sort());
  });

  test.each(officeEndpoints)(
    '%s lets in exactly the roles its contract names',
    async (_name, endpoint) => {
      const callers: [string, StaffRole | undefined][] = [
        ['nobody', undefined],
        ...staffRoles.map((role): [string, StaffRole] => [role, role]),
      ];
      for (const [caller, role] of callers) {
        now = new Date(now.getTime() + 31_000);
        const browser = role ? await staffLoggedIn(app, role, now) : new TestBrowser(app);
        const response = await browser.call(
          endpoint.method,
          `/api${concrete(endpoint.path)}`,
          endpoint.method === 'GET' ? undefined : {},
        );
        const allowed =
          endpoint.access === 'anyone' || (role !== undefined && roleAllows(role, endpoint.access));
        const refusal = role ? 403 : 401;
        if (allowed)
          expect([401, 403], `${caller} on ${endpoint.path}`).not.toContain(response.statusCode);
        else expect(response.statusCode, `${caller} on ${endpoint.path}`).toBe(refusal);
      }
    },
  );
});

test('a back-office route that does not say who may call it stops the server from starting', async () => {
  const server = Fastify();
  void server.register(async (office) => {
    officeAccess(office, { secureCookies: false });
    office.get('/api/office/forgotten', async () => ({ open: true }));
  });
  await expect(server.ready()).rejects.toThrow(/must say who may call it/);
});
