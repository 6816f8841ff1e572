import { fireEvent, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { bodiesSentTo, councilsFixture, stubApi } from '../../test/portal-fixtures';
import { jsonResponse, renderApp } from '../../test/render-app';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

test('a local government charge beyond the council’s limits is refused on the page, the limits told', async () => {
  const fetch = stubApi({
    'GET /api/councils': () =>
      jsonResponse(
        councilsFixture.map((council) => ({
          ...council,
          local_charge_limits: { max_people: 50, max_days: 7 },
        })),
      ),
  });
  renderApp('/search?council=mps&type=local_government_charge');
  expect(
    await screen.findByText('PBT ini membenarkan paling banyak 50 orang dan 7 hari bagi satu caj.'),
  ).toBeTruthy();
  fill('Nombor lesen', 'LO-2026-001001');
  fill('Nama pelanggan', 'Kedai Kopi Sandakan');
  fill('Bilangan orang', '100000');
  fill('Tarikh mula', '2026-05-01');
  fill('Tarikh tamat', '2053-05-01');
  fireEvent.click(screen.getByRole('button', { name: 'Kira caj' }));

  expect(
    await screen.findByText('Bilangan orang melebihi had yang dibenarkan oleh PBT untuk satu caj'),
  ).toBeTruthy();
  expect(
    screen.getByText('Tempoh melebihi had yang dibenarkan oleh PBT untuk satu caj'),
  ).toBeTruthy();
  expect(document.activeElement).toBe(screen.getByLabelText('Bilangan orang'));
  expect(bodiesSentTo(fetch, '/api/local-charges/quote')).toEqual([]);
});

test('the dates chosen are written out beside the fields, with the days they count', async () => {
  stubApi();
  renderApp('/search?council=mps&type=local_government_charge');
  await screen.findByLabelText('Tarikh mula');
  fill('Tarikh mula', '2026-12-01');
  fill('Tarikh tamat', '2026-12-11');
  expect(await screen.findByText('1 Disember 2026 hingga 11 Disember 2026: 11 hari')).toBeTruthy();
  fill('Tarikh tamat', '2026-11-30');
  expect(screen.queryByText(/hingga 30 November 2026/)).toBeNull();
});
