import { describe, expect, test } from 'vitest';
import { appVersion, defaultSiteSettings, siteSettings } from './site-settings';

describe('the site settings', () => {
  test('the defaults are valid settings with nothing switched on', () => {
    expect(siteSettings.parse(defaultSiteSettings)).toEqual(defaultSiteSettings);
    expect(defaultSiteSettings.closing).toBe(false);
  });

  test('a message must be given in every language', () => {
    const partial = { ...defaultSiteSettings, snackbar_message: { ms: 'Hai', en: 'Hi' } };
    expect(siteSettings.safeParse(partial).success).toBe(false);
  });

  test('a version is numbers and dots, as app stores number them', () => {
    expect(appVersion.safeParse('1.4.2').success).toBe(true);
    expect(appVersion.safeParse('1.4.2-beta').success).toBe(false);
    expect(appVersion.safeParse('').success).toBe(false);
  });
});
