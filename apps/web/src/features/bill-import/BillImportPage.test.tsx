import type { BillImportAnswer, BillImportProgress } from '@portal/domain/contracts/bill-import';
import type { StaffSessionAnswer } from '@portal/domain/contracts/staff';
import { officePaths } from '@portal/domain/web-paths';
import office from '@portal/domain/words/office/ms';
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { councilsFixture, settingsFixture } from '../../test/portal-fixtures';
import { jsonResponse, renderApp } from '../../test/render-app';

const session: StaffSessionAnswer = {
  staff: {
    email: 'admin.mps@staff.portal.test',
    full_name: 'Aminah Pentadbir',
    role: 'council_admin',
    council: 'mps',
  },
  csrf_token: 'csrf-office',
};

const checked: BillImportAnswer = {
  file: 'a'.repeat(64),
  rows: 100_000,
  applied: false,
  created: 100_000,
  updated: 0,
  unchanged: 0,
  refused: 0,
  problems: [],
  more_problems: 0,
  changes: [],
  more_changes: 0,
  pause_seconds: null,
};

/**
 * A back office whose server is checking a large file: the check answers when the test says, and
 * until then the progress of the work sent tells `progress`, under the id the page chose.
 */
function checkingServer(progress: BillImportProgress) {
  // Each upload waits for the answer the test gives, whether given before it arrives or after.
  let answer: (body: BillImportAnswer) => void = () => {};
  const nextAnswer = () => new Promise<BillImportAnswer>((resolve) => (answer = resolve));
  let answered = nextAnswer();
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://portal.test');
      const route = `${init?.method ?? 'GET'} ${url.pathname}`;
      if (route === 'GET /api/office/session') return jsonResponse(session);
      if (route === 'GET /api/councils') return jsonResponse(councilsFixture);
      if (route === 'GET /api/settings') return jsonResponse(settingsFixture);
      if (route === 'POST /api/office/bill-import') {
        asked.push(url.searchParams);
        const body = await answered;
        answered = nextAnswer();
        return jsonResponse(body);
      }
      if (route === `GET /api/office/bill-import/progress/${asked.at(-1)?.get('progress')}`) {
        return jsonResponse(progress);
      }
      return jsonResponse({ error: 'not_found', message: 'no such work' }, 404);
    }),
  );
  return { answer: (body: BillImportAnswer) => answer(body), asked };
}

async function sendFile() {
  renderApp(officePaths.billImport);
  const file = new File(['account_no\r\n'], 'tickets.csv', { type: 'text/csv' });
  fireEvent.change(await screen.findByLabelText(office.billImport.file, { selector: 'input' }), {
    target: { files: [file] },
  });
  fireEvent.click(screen.getByRole('button', { name: office.billImport.check }));
}

test('a check of a large file shows its step and how many rows of it are done, then the answer', async () => {
  const server = checkingServer({ step: 'comparing', done: 40_000, total: 100_000 });
  await sendFile();

  const step = await screen.findByText(/Langkah 3 daripada 3/);
  expect(step.getAttribute('role')).toBe('status');
  expect(step.textContent).toContain(office.billImport.progress.steps.comparing);
  const bar = screen.getByRole('progressbar', { name: step.textContent! });
  expect([bar.getAttribute('value'), bar.getAttribute('max')]).toEqual(['40000', '100000']);
  screen.getByText('40,000 daripada 100,000 baris');

  server.answer(checked);
  const answer = await screen.findByRole('region', { name: office.billImport.checkHeading });
  within(answer).getByText(/^100000 baris/);
  expect(screen.queryByRole('progressbar')).toBeNull();
});

test('before a large import on the embedded database, the officer is told the portal pauses and for how long', async () => {
  const server = checkingServer({ step: 'comparing', done: 0, total: 100_000 });
  await sendFile();
  server.answer({ ...checked, created: 90_000, updated: 10_000, pause_seconds: 6 });
  const answer = await screen.findByRole('region', { name: office.billImport.checkHeading });
  within(answer).getByText(
    office.billImport.pause_other.replace('{{rows}}', '100000').replace('{{count}}', '6'),
  );
  within(answer).getByRole('button', { name: 'Import 100000 baris' });

  // On PostgreSQL (null), and for a write under a second (0), nothing pauses: nothing is said.
  for (const pause of [null, 0]) {
    fireEvent.click(screen.getByRole('button', { name: office.billImport.check }));
    server.answer({ ...checked, pause_seconds: pause });
    await screen.findByRole('button', { name: 'Import 100000 baris' });
    expect(screen.queryByText(/kira-kira \d+ saat/)).toBeNull();
  }
});

test('a step that cannot be measured shows a bar that only says the work goes on', async () => {
  checkingServer({ step: 'reading', done: 0, total: null });
  await sendFile();

  await screen.findByText(/Langkah 1 daripada 3/);
  expect(screen.getByRole('progressbar').hasAttribute('value')).toBe(false);
});

test('the import of a checked file ends with its final write, told as such', async () => {
  const server = checkingServer({ step: 'writing', done: 100_000, total: null });
  await sendFile();
  server.answer(checked);
  fireEvent.click(await screen.findByRole('button', { name: 'Import 100000 baris' }));

  await screen.findByText(/Langkah 4 daripada 4/);
  screen.getByText(office.billImport.progress.finalWrite);
  expect(screen.getByRole('progressbar').hasAttribute('value')).toBe(false);
});

test('a file that would undo payments through the portal names each, and is imported only as a correction the officer chose', async () => {
  const server = checkingServer({ step: 'comparing', done: 0, total: 2 });
  await sendFile();
  const reference = 'A10-20261125-000042-K3M9QX';
  server.answer({
    ...checked,
    rows: 2,
    created: 0,
    unchanged: 1,
    refused: 1,
    problems: [{ line: 2, column: null, problem: 'paid_by_portal', payment_reference: reference }],
  });
  const answer = await screen.findByRole('region', { name: office.billImport.checkHeading });
  within(answer).getByText(
    office.billImport.problems.paid_by_portal.replace('{{reference}}', reference),
  );
  expect(within(answer).queryByRole('button', { name: /^Import/ })).toBeNull();

  fireEvent.click(within(answer).getByRole('button', { name: office.billImport.correct }));
  server.answer({
    ...checked,
    rows: 2,
    created: 0,
    updated: 1,
    unchanged: 1,
    changes: [
      { line: 2, account_no: 'TF030001', outcome: 'updated', payment_reference: reference },
    ],
  });
  await screen.findByText(office.billImport.correcting);
  screen.getByText(office.billImport.outcomes.corrected.replace('{{reference}}', reference));
  fireEvent.click(screen.getByRole('button', { name: 'Import 1 baris' }));
  await vi.waitFor(() => expect(server.asked).toHaveLength(3));
  expect(server.asked.map((search) => search.get('overwrite_paid'))).toEqual([
    null,
    'true',
    'true',
  ]);
  expect(server.asked[2]!.get('apply')).toBe('true');
});

test('a wrong header counts its problem, and a refused value names the values its column takes', async () => {
  const server = checkingServer({ step: 'reading', done: 0, total: null });
  await sendFile();
  server.answer({
    ...checked,
    rows: 2,
    created: 0,
    problems: [
      {
        line: 1,
        column: 'offense',
        problem: 'unknown_column',
        accepted: ['account_no', 'status', 'offence'],
      },
    ],
  });
  const answer = await screen.findByRole('region', { name: office.billImport.checkHeading });
  within(answer).getByText(
    'Fail ini sendiri ada 1 masalah, di bawah: barisnya disemak setelah masalah itu dibetulkan.',
  );
  expect(within(answer).queryByText(/0 bermasalah/)).toBeNull();
  within(answer).getByText('Yang diterima: account_no, status, offence.');

  fireEvent.click(screen.getByRole('button', { name: office.billImport.check }));
  server.answer({
    ...checked,
    rows: 2,
    created: 1,
    refused: 1,
    problems: [{ line: 3, column: 'status', problem: 'not_allowed', accepted: ['unpaid', 'paid'] }],
  });
  await screen.findByText('2 baris: 1 baharu, 0 berubah, 0 tidak berubah, 1 bermasalah.');
  const problem = screen.getByText(office.billImport.problems.not_allowed).closest('td')!;
  expect(problem.textContent).toBe(
    `${office.billImport.problems.not_allowed}Yang diterima: unpaid, paid.`,
  );
});
