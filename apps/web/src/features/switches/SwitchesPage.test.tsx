import type { ChannelStates, CouncilSwitches } from '@portal/domain/contracts/switches';
import { paymentTypes } from '@portal/domain/payment-types';
import { officePaths } from '@portal/domain/web-paths';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import {
  councilsFixture,
  settingsFixture,
  staffSession,
  stubOffice,
} from '../../test/portal-fixtures';
import { jsonResponse, renderApp } from '../../test/render-app';

/** Sandakan takes every payment type and way to pay but e-wallets, switched off. */
const switches: CouncilSwitches = {
  council: 'mps',
  available: true,
  payment_types: paymentTypes.map((payment_type) => ({ payment_type, available: true })),
  payment_methods: [
    { method: 'online_banking', available: true },
    { method: 'corporate_banking', available: true },
    { method: 'ewallet', available: false },
    { method: 'card', available: true },
  ],
};

/** Two banks and a wallet: CIMB Clicks marked down for an outage, the others never marked. */
const channels: ChannelStates = {
  channels: [
    {
      payment_id: '6',
      method: 'online_banking',
      name: 'Maybank2u',
      online: true,
      reason: null,
      changed_by: null,
      changed_at: null,
    },
    {
      payment_id: '20',
      method: 'online_banking',
      name: 'CIMB Clicks',
      online: false,
      reason: 'iPay88 notice: CIMB maintenance until 6 am',
      changed_by: 'admin@staff.portal.test',
      changed_at: '2026-11-25T04:00:00.000Z',
    },
    {
      payment_id: '523',
      method: 'ewallet',
      name: 'GrabPay',
      online: true,
      reason: null,
      changed_by: null,
      changed_at: null,
    },
  ],
};

function rowOf(name: string): HTMLElement {
  return screen.getByRole('cell', { name }).closest('tr')!;
}

// The first office screen a suite opens fetches the office's code and words: seconds on a busy machine.
describe('the switches screen', { timeout: 15_000 }, () => {
  test('lists the council’s ways to pay with their state, and offers them to switch, grouped', async () => {
    stubOffice('council_admin', { '/api/office/switches': switches });
    renderApp(officePaths.switches);
    await screen.findByRole('cell', { name: 'Perbankan dalam talian (FPX)' });
    expect(
      within(rowOf('Perbankan dalam talian (FPX)')).getByText('Menerima bayaran'),
    ).toBeTruthy();
    expect(within(rowOf('E-dompet')).getByText('Dimatikan')).toBeTruthy();
    expect(within(rowOf('Kad kredit atau debit')).getByText('Menerima bayaran')).toBeTruthy();
    expect(within(rowOf('Cukai taksiran')).getByText('Menerima bayaran')).toBeTruthy();

    const target = screen.getByRole('combobox', { name: 'Apa yang ditukar' });
    const groups = within(target).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('label'))).toEqual([
      'PBT',
      'Jenis bayaran',
      'Cara bayaran',
    ]);
    expect(
      within(groups[2]!)
        .getAllByRole('option')
        .map((option) => [option.getAttribute('value'), option.textContent]),
    ).toEqual([
      ['online_banking', 'Perbankan dalam talian (FPX)'],
      ['corporate_banking', 'Perbankan korporat (FPX)'],
      ['ewallet', 'E-dompet'],
      ['card', 'Kad kredit atau debit'],
    ]);
    // The banks and e-wallets are the state admin's alone.
    expect(screen.queryByRole('heading', { name: 'Bank dan e-dompet' })).toBeNull();
  });

  test('the state admin sees every bank and e-wallet, who marked it and why, and marks one down', async () => {
    stubOffice('_admin', {});
    let states = channels;
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://portal.test').pathname;
        if (path === '/api/office/switches/channels' && init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as { payment_id: string; online: string };
          sent.push(body);
          states = {
            channels: states.channels.map((channel) =>
              channel.payment_id === body.payment_id
                ? {
                    ...channel,
                    online: body.online === 'on',
                    reason: 'Outage notice',
                    changed_by: 'admin@staff.portal.test',
                    changed_at: '2026-11-25T05:00:00.000Z',
                  }
                : channel,
            ),
          };
          return jsonResponse(states);
        }
        const answers: Record<string, unknown> = {
          '/api/office/session': staffSession('_admin'),
          '/api/councils': councilsFixture,
          '/api/settings': settingsFixture,
          '/api/office/switches/channels': states,
        };
        return path in answers
          ? jsonResponse(answers[path])
          : jsonResponse({ error: 'not_found', message: 'no such route' }, 404);
      }),
    );
    renderApp(officePaths.switches);

    const section = (await screen.findByRole('heading', { name: 'Bank dan e-dompet' })).closest(
      'section',
    )!;
    const cimb = within(section).getByRole('cell', { name: 'CIMB Clicks' }).closest('tr')!;
    expect(within(cimb).getByText('Ditanda tidak tersedia')).toBeTruthy();
    expect(within(cimb).getByText('admin@staff.portal.test')).toBeTruthy();
    expect(within(cimb).getByText('iPay88 notice: CIMB maintenance until 6 am')).toBeTruthy();
    const grab = within(section).getByRole('cell', { name: 'GrabPay' }).closest('tr')!;
    expect(within(grab).getByText('Ditawarkan')).toBeTruthy();
    expect(within(grab).getByText('Belum pernah ditanda')).toBeTruthy();
    expect(within(grab).getByText('E-dompet')).toBeTruthy();

    const form = screen.getByRole('form', {
      name: 'Tandakan bank atau e-dompet tidak tersedia atau tersedia semula',
    });
    const channel = within(form).getByRole('combobox', { name: 'Bank atau e-dompet' });
    expect(
      within(channel)
        .getAllByRole('group')
        .map((group) => group.getAttribute('label')),
    ).toEqual(['Perbankan dalam talian (FPX)', 'E-dompet']);
    fireEvent.change(channel, { target: { value: '523' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Keadaan' }), {
      target: { value: 'off' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /Sebab/ }), {
      target: { value: 'Outage notice' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Tandakan' }));

    await waitFor(() =>
      expect(sent).toEqual([{ payment_id: '523', online: 'off', reason: 'Outage notice' }]),
    );
    expect(
      await within(form).findByText(
        'Selesai: senarai menunjukkan keadaan setiap bank dan e-dompet sekarang.',
      ),
    ).toBeTruthy();
    const marked = within(section).getByRole('cell', { name: 'GrabPay' }).closest('tr')!;
    expect(within(marked).getByText('Ditanda tidak tersedia')).toBeTruthy();
    expect(within(marked).getByText('Outage notice')).toBeTruthy();
  });
});
