import { expect, test } from 'vitest';
import {
  billPath,
  confirmationPath,
  licenceCheckPath,
  licencePath,
  paths,
  screenUrl,
  searchPath,
  searchWayPath,
} from './web-paths';

test('a link for an e-mail or a redirect opens the screen through the hash router', () => {
  expect(screenUrl('https://bayar.sabah.gov.my', paths.resetPassword, { token: 'a/b+c=' })).toBe(
    'https://bayar.sabah.gov.my/#/reset_password?token=a%2Fb%2Bc%3D',
  );
  expect(screenUrl('', paths.confirmation, {})).toBe('/#/confirmation?');
});

test('what a link carries reads back unchanged', () => {
  const query = searchPath('MP Sandakan & co=1').split('?')[1] ?? '';
  expect(decodeURIComponent(query.replace(/^council=/, ''))).toBe('MP Sandakan & co=1');
  expect(confirmationPath('A10-20261125-000002-ME6T0H')).toBe(
    '/confirmation?reference=A10-20261125-000002-ME6T0H',
  );
});

test('a licence check link names the licence in the path and its council in the query', () => {
  expect(licenceCheckPath('mps', 'LO-2026-001001')).toBe(
    '/license/detail/LO-2026-001001?council=mps',
  );
  expect(licenceCheckPath('mps', 'A/B 1')).toBe('/license/detail/A%2FB%201?council=mps');
  expect(licencePath({ council: 'mps', search: 'trading' })).toBe(
    '/license?council=mps&search=trading',
  );
  expect(licencePath({})).toBe('/license');
});

test('a link to one bill carries its council, type and number, and reads back with slashes kept', () => {
  const path = billPath({ council: 'mps', payment_type: 'engineer', account_no: 'PB/2026/0102' });
  expect(path).toBe('/search?council=mps&type=engineer&account=PB%2F2026%2F0102');
  expect(decodeURIComponent(path.split('account=')[1]!)).toBe('PB/2026/0102');
});

test('the search screen names its way to find bills, leaving the number search as it always was', () => {
  expect(searchWayPath('number', 'mps')).toBe('/search?council=mps');
  expect(searchWayPath('plate', 'mps')).toBe('/search?council=mps&by=plate');
  expect(searchWayPath('owner')).toBe('/search?by=owner');
  expect(searchWayPath('number')).toBe('/search');
});
