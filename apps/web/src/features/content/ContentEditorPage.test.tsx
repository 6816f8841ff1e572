import type { StaffSessionAnswer } from '@portal/domain/contracts/staff';
import { officePaths } from '@portal/domain/web-paths';
import office from '@portal/domain/words/office/ms';
import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { settingsFixture, stubApi } from '../../test/portal-fixtures';
import { jsonResponse, renderApp } from '../../test/render-app';

const session: StaffSessionAnswer = {
  staff: {
    email: 'admin@staff.portal.test',
    full_name: 'Ketua Pentadbir',
    role: '_admin',
    council: null,
  },
  csrf_token: 'csrf-office',
};

test('the preview shows {{helpline}} as citizens read it: the number to dial', async () => {
  stubApi({
    'GET /api/office/session': () => jsonResponse(session),
    'GET /api/office/content?page=faq&lang=ms': () =>
      jsonResponse({
        page: 'faq',
        lang: 'ms',
        title: 'Soalan lazim',
        body: '## Resit\nHubungi {{helpline}} dengan tarikh bayaran.',
        updated_at: '2026-11-20T02:00:00.000Z',
        updated_by: 'seed',
      }),
    'GET /api/settings': () =>
      jsonResponse({
        ...settingsFixture,
        helpline: { phone: '088-000 000', email: null, address: null, opening_hours: [] },
      }),
  });
  renderApp(`${officePaths.content}?page=faq&lang=ms`);
  const preview = await screen.findByRole('region', { name: office.content.preview });
  const dial = await within(preview).findByRole('link', { name: '088-000 000' });
  expect(dial.getAttribute('href')).toBe('tel:088000000');
  expect(within(preview).queryByText(/\{\{helpline\}\}/)).toBeNull();
});
