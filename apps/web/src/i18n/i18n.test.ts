import { describe, expect, test, vi } from 'vitest';
import { changeLanguage, i18n, initI18n, loadWords } from './i18n';
import { LANGUAGE_STORAGE_KEY, normalizeLanguage } from './languages';

describe('the reader’s language', () => {
  test('a first visit is in Malay', () => {
    expect(i18n.language).toBe('ms');
    expect(document.documentElement.lang).toBe('ms');
    expect(i18n.t('app.title')).toBe('Portal Bayaran PBT Sabah');
  });

  test('a chosen language sets <html lang> and is still chosen after a reload', async () => {
    await changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');

    await changeLanguage('ms'); // as if the page were fresh, then reloaded with storage intact
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    await initI18n();
    expect(i18n.language).toBe('en');
    expect(i18n.t('app.title')).toBe('Sabah Council Payment Portal');
  });

  test('the older codes my and cn mean Malay and Chinese', async () => {
    expect(normalizeLanguage('my')).toBe('ms');
    expect(normalizeLanguage('cn')).toBe('zh');
    expect(normalizeLanguage('zh-CN')).toBe('zh');
    expect(normalizeLanguage('fr')).toBeUndefined();

    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'cn');
    await initI18n();
    expect(i18n.language).toBe('zh');
    expect(document.documentElement.lang).toBe('zh');
    expect(i18n.t('app.title')).toBe('沙巴地方政府缴费门户');

    expect(await changeLanguage('my')).toBe('ms');
    expect(document.documentElement.lang).toBe('ms');
  });

  test('?lang= in the address picks the language and then leaves the address', async () => {
    window.history.replaceState(null, '', '/#/search?council=mps&lang=cn');
    await initI18n();
    expect(i18n.language).toBe('zh');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zh');
    expect(window.location.hash).toBe('#/search?council=mps');

    window.history.replaceState(null, '', '/?lang=en#/');
    await initI18n();
    expect(i18n.language).toBe('en');
    expect(window.location.search).toBe('');
  });

  test('an unknown language code means Malay', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'klingon');
    await initI18n();
    expect(i18n.language).toBe('ms');
    expect(await changeLanguage('xx')).toBe('ms');
  });

  test('the first render waits for the shell’s words only, not for the first screen’s', async () => {
    // The history screen's Chinese words, held back as a slow connection would.
    let arrive!: () => void;
    const held = new Promise<void>((resolve) => {
      arrive = resolve;
    }).then(() => ({ default: { history: { empty: '您还没有任何付款' } } }));
    vi.doMock('@portal/domain/words/screens/history/zh.json', () => held);
    try {
      // A fresh start, as on opening the page: i18next not yet set up.
      vi.resetModules();
      const { i18n, initI18n, loadWords } = await import('./i18n');
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'zh');
      const starting = initI18n();
      const screenWords = loadWords(['history']); // as the first screen's fetch does at start-up
      const first = await Promise.race([
        starting.then(() => 'shell ready'),
        new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1000)),
      ]);
      expect(first).toBe('shell ready');
      expect(i18n.t('app.title')).toBe('沙巴地方政府缴费门户');
      // The screen's words are still on their way: the shell did not wait for them.
      expect(i18n.exists('history.empty')).toBe(false);

      arrive();
      await screenWords;
      expect(i18n.t('history.empty')).toBe('您还没有任何付款');
    } finally {
      arrive();
      vi.doUnmock('@portal/domain/words/screens/history/zh.json');
    }
  });

  test('a screen fetched while its reader’s language is still arriving gets that language’s words', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const starting = initI18n();
    // As at start-up: the first screen's words are asked for alongside the shell's.
    await loadWords(['content']);
    await starting;
    expect(i18n.t('helpline.portalHeading')).toBe('Portal helpline');

    // And the same while the reader switches language on an open page.
    const switching = changeLanguage('zh');
    await loadWords(['licences']);
    await switching;
    expect(i18n.getResource('zh', 'translation', 'helpline.portalHeading')).toBe('门户热线');
    expect(i18n.getResource('zh', 'translation', 'licences')).toBeTruthy();
  });
});
