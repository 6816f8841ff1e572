import { screen, within } from '@testing-library/react';

/**
 * The error a screen reader reads with a form control: the first of its descriptions, which the
 * form layer gives to the error (apps/web/src/components/ui/Field.tsx). The same words may stand in
 * the form's error summary too; this is the field's own.
 */
export function errorReadWith(control: HTMLElement): string | undefined {
  const [errorId] = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = errorId?.endsWith('-error') ? document.getElementById(errorId) : null;
  return error?.textContent ?? undefined;
}

/** What a form's error summary lists, once it shows (in Malay, the tests' first language). */
export async function errorSummaryItems(): Promise<(string | null)[]> {
  const summary = (await screen.findByText(/^Semak \d+ ruangan ini:$/)).parentElement!;
  return within(summary)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}
