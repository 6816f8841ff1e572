/**
 * The portal's languages. We use the standard tags ms / en / zh so that `<html lang>`, screen readers
 * and `Intl` formatting are right; the older system's codes `my` and `cn` are accepted as aliases.
 * Malay is the default and the fallback.
 */
import { defaultLanguage, languages, type Language } from '@portal/domain/languages';

export { defaultLanguage, languages, type Language };

/** Each language is named in itself, so a reader can find theirs whatever the current language. */
export const languageNames: Record<Language, string> = {
  ms: 'Bahasa Malaysia',
  en: 'English',
  zh: '中文',
};

/** Where the reader's choice is kept between visits. */
export const LANGUAGE_STORAGE_KEY = 'settings.language';

const aliases: Record<string, Language> = {
  ms: 'ms',
  my: 'ms', // the older system's code for Malay
  may: 'ms',
  msa: 'ms',
  en: 'en',
  eng: 'en',
  zh: 'zh',
  cn: 'zh', // the older system's code for Chinese
  chi: 'zh',
  zho: 'zh',
};

/**
 * Reads a language code from anywhere (a stored value, `?lang=`, a region tag such as `zh-CN` or
 * `ms_MY`) and answers one of ours, or undefined when it is none of them.
 */
export function normalizeLanguage(value: unknown): Language | undefined {
  if (typeof value !== 'string') return undefined;
  const primary = value.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return aliases[primary];
}
