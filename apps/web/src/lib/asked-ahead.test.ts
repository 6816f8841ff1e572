import { describe, expect, test, vi } from 'vitest';
import { answerAskedAhead, askAhead } from './asked-ahead';

describe('answers asked for ahead', () => {
  test('the first query takes the answer asked for ahead, and a later one asks afresh', async () => {
    const early = vi.fn(async () => 'asked as the page opened');
    askAhead(['licence-check', 'MPS', '1'], early);
    askAhead(['licence-check', 'MPS', '1'], early);
    expect(early).toHaveBeenCalledTimes(1);
    const now = vi.fn(async () => 'asked now');
    await expect(answerAskedAhead(['licence-check', 'MPS', '1'], now)).resolves.toBe(
      'asked as the page opened',
    );
    expect(now).not.toHaveBeenCalled();
    await expect(answerAskedAhead(['licence-check', 'MPS', '1'], now)).resolves.toBe('asked now');
  });

  test('a failure asked for ahead reaches the query that takes it, and no one else', async () => {
    askAhead(['licence-check', 'MPS', '2'], async () => {
      throw new Error('offline');
    });
    await expect(
      answerAskedAhead(['licence-check', 'MPS', '2'], async () => 'asked now'),
    ).rejects.toThrow('offline');
    await expect(
      answerAskedAhead(['licence-check', 'MPS', '2'], async () => 'asked now'),
    ).resolves.toBe('asked now');
  });

  test('an answer asked for under another key is not handed out', async () => {
    askAhead(['licence-check', 'MPS', '3'], async () => 'MPS/3');
    await expect(
      answerAskedAhead(['licence-check', 'MPS', '4'], async () => 'MPS/4'),
    ).resolves.toBe('MPS/4');
  });
});
