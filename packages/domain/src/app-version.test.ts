import { describe, expect, test } from 'vitest';
import { appVersionOf, isOutdated } from './app-version';

describe("the phone app's version", () => {
  test.each([
    ['1.2.0', '1.2.1', true],
    ['1.9', '1.10', true],
    ['2.0.0', '1.10.5', false],
    ['1.2', '1.2.0', false],
    ['1.2.0', '1.2.0', false],
  ])('an app at %s is outdated when the newest is %s: %s', (installed, newest, outdated) => {
    expect(isOutdated(installed, newest)).toBe(outdated);
  });

  test("the phone app's version is read from its user agent; a plain browser has none", () => {
    expect(appVersionOf('Mozilla/5.0 (Linux; Android 14) SabahPortalApp/1.4.2')).toBe('1.4.2');
    expect(appVersionOf('Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0')).toBeUndefined();
  });
});
