import type { RenewalRulesView } from '@portal/domain/contracts/renewal-rules';
import { officePaths } from '@portal/domain/web-paths';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { councilsFixture, settingsFixture, staffSession } from '../../test/portal-fixtures';
import { jsonResponse, renderApp } from '../../test/render-app';

/** Sandakan's rules: the defaults, with one fixed-amount reduction in December. */
const rules: RenewalRulesView = {
  council: 'mps',
  version: 3,
  process_fee_sen: 1000,
  early_renewal_days: 60,
  renewable_statuses: ['approved', 'expired', 'active'],
  reductions: [
    {
      name: { ms: 'Potongan Disember', en: 'December reduction', zh: '十二月减免' },
      method: 'direct',
      amount_sen: 5000,
      from: '2026-12-01',
      to: '2026-12-31',
    },
  ],
};

/** The office answering with `rules`, and `onChange` answering a change. */
function stubRules(onChange: (body: unknown) => Response) {
  const sent: unknown[] = [];
  let current = rules;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://portal.test').pathname;
      if (path === '/api/office/renewal-rules' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as unknown;
        sent.push(body);
        const answer = onChange(body);
        if (answer.ok) current = (await answer.clone().json()) as RenewalRulesView;
        return answer;
      }
      const answers: Record<string, unknown> = {
        '/api/office/session': staffSession('council_admin'),
        '/api/councils': councilsFixture,
        '/api/settings': settingsFixture,
        '/api/office/renewal-rules': current,
      };
      return path in answers
        ? jsonResponse(answers[path])
        : jsonResponse({ error: 'not_found', message: 'no such route' }, 404);
    }),
  );
  return {
    sent,
    replace: (next: RenewalRulesView) => (current = next),
  };
}

const change = (name: string, value: string, within_: HTMLElement = document.body) =>
  fireEvent.change(within(within_).getByLabelText(name), { target: { value } });

// The first office screen a suite opens fetches the office's code and words: seconds on a busy machine.
describe('the renewal rules screen', { timeout: 15_000 }, () => {
  test('sends the rules as the server takes them: sen, whole percent, statuses, the reductions', async () => {
    const office = stubRules((body) => jsonResponse({ ...(body as object), version: 4 }));
    renderApp(officePaths.renewalRules);
    await screen.findByRole('cell', { name: 'Potongan Disember' });
    expect(screen.getByRole('cell', { name: '− RM 50.00' })).toBeTruthy();
    expect((screen.getByLabelText('Fi proses (RM)') as HTMLInputElement).value).toBe('10.00');
    expect((screen.getByRole('checkbox', { name: 'Aktif' }) as HTMLInputElement).checked).toBe(
      true,
    );

    change('Fi proses (RM)', '12.50');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Diluluskan' }));
    fireEvent.click(screen.getByRole('button', { name: 'Tambah pengurangan' }));
    const added = screen.getByRole('group', { name: 'Pengurangan 2' });
    change('Nama (Bahasa Melayu)', 'Pengurangan 20%', added);
    change('Nama (Bahasa Inggeris)', '20% reduction', added);
    change('Nama (Bahasa Cina)', '减免百分之二十', added);
    change('Peratus atau amaun', '0', added);
    change('Dari', '2026-11-01', added);
    change('Hingga', '2026-11-30', added);
    fireEvent.click(screen.getByRole('button', { name: 'Simpan peraturan' }));
    // A percent of 0 is refused under its field, and nothing is sent.
    expect(
      await within(added).findByText('Masukkan peratus bulat dari 1 hingga 100.'),
    ).toBeTruthy();
    expect(office.sent).toEqual([]);

    change('Peratus atau amaun', '20', added);
    fireEvent.click(screen.getByRole('button', { name: 'Simpan peraturan' }));
    await waitFor(() => expect(office.sent).toHaveLength(1));
    expect(office.sent[0]).toEqual({
      council: 'mps',
      version: 3,
      process_fee_sen: 1250,
      early_renewal_days: 60,
      renewable_statuses: ['expired', 'active'],
      reductions: [
        rules.reductions[0],
        {
          name: { ms: 'Pengurangan 20%', en: '20% reduction', zh: '减免百分之二十' },
          method: 'percentage',
          percent: 20,
          from: '2026-11-01',
          to: '2026-11-30',
        },
      ],
    });
    expect(
      await screen.findByText('Disimpan: borang menunjukkan peraturan sekarang.'),
    ).toBeTruthy();
    expect(screen.getByText(/Versi 4/)).toBeTruthy();
  });

  test('a change someone else beat shows their rules, and says so', async () => {
    const office = stubRules(() =>
      jsonResponse({ error: 'rules_changed', message: 'The rules changed' }, 409),
    );
    renderApp(officePaths.renewalRules);
    await screen.findByRole('cell', { name: 'Potongan Disember' });
    office.replace({ ...rules, version: 4, process_fee_sen: 2000, reductions: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Buang pengurangan 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Simpan peraturan' }));
    expect(
      await screen.findByText(
        'Orang lain telah mengubah peraturan ini sementara itu; inilah peraturan sekarang. Semak dan buat perubahan anda semula.',
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText('Fi proses (RM)') as HTMLInputElement).value).toBe('20.00'),
    );
    expect(screen.getByText(/Versi 4/)).toBeTruthy();
    // Neither the table nor the form has a reduction left.
    expect(screen.getAllByText('Tiada pengurangan.')).toHaveLength(2);
  });
});
