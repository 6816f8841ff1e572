import { expect, test } from 'vitest';
import { logOncePerWindow } from './log-once';

test('a flood of one event writes one line per minute, saying how many it left out', () => {
  let clock = 0;
  const lines: number[] = [];
  const note = logOncePerWindow(
    (repeats) => lines.push(repeats),
    60_000,
    () => clock,
  );
  for (let event = 0; event < 500; event++) {
    note();
    clock += 200; // five a second, for 100 seconds
  }
  expect(lines).toEqual([0, 299]);
});
