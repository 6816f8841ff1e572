import { officePaths } from '@portal/domain/web-paths';
import office from '@portal/domain/words/office/ms';
import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { settingsFixture, stubOffice } from '../../test/portal-fixtures';
import { renderApp } from '../../test/render-app';

test('the preview shows {{helpline}} as citizens read it: the number to dial', async () => {
  stubOffice('_admin', {
    '/api/office/content': {
      page: 'faq',
      lang: 'ms',
      title: 'Soalan lazim',
      body: '## Resit\nHubungi {{helpline}} dengan tarikh bayaran.',
      updated_at: '2026-11-20T02:00:00.000Z',
      updated_by: 'seed',
    },
    '/api/settings': {
      ...settingsFixture,
      helpline: { phone: '088-000 000', email: null, address: null, opening_hours: [] },
    },
  });
  renderApp(`${officePaths.content}?page=faq&lang=ms`);
  const preview = await screen.findByRole('region', { name: office.content.preview });
  const dial = await within(preview).findByRole('link', { name: '088-000 000' });
  expect(dial.getAttribute('href')).toBe('tel:088000000');
  expect(within(preview).queryByText(/\{\{helpline\}\}/)).toBeNull();
});
