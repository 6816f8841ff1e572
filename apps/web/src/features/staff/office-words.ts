import { i18n } from '../../i18n/i18n';

/**
 * The back office's words (namespace `office`), in all three languages at once: they are small, only
 * staff download them, and a change of language then needs no further fetch.
 */
export async function loadOfficeWords(): Promise<void> {
  if (i18n.hasResourceBundle('ms', 'office')) return;
  const [ms, en, zh] = await Promise.all([
    import('@portal/domain/words/office/ms'),
    import('@portal/domain/words/office/en'),
    import('@portal/domain/words/office/zh'),
  ]);
  i18n.addResourceBundle('ms', 'office', ms.default);
  i18n.addResourceBundle('en', 'office', en.default);
  i18n.addResourceBundle('zh', 'office', zh.default);
}
