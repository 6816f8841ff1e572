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

/**
 * The language asked for in the address, as `?lang=en` before the hash or `#/search?lang=cn` inside
 * it (hash routing keeps the route's query in the hash).
 */
function readLanguageFromUrl(): Language | undefined {
  const { location } = window;
  const hashQueryStart = location.hash.indexOf('?');
  const hashQuery = hashQueryStart >= 0 ? location.hash.slice(hashQueryStart) : '';
  const value =
    new URLSearchParams(hashQuery).get('lang') ?? new URLSearchParams(location.search).get('lang');
  return normalizeLanguage(value);
}

/** The reader's choice of an earlier visit, if the browser lets it be read. */
function readStoredLanguage(): Language | undefined {
  try {
    return normalizeLanguage(window.localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return undefined; // storage can be blocked (private modes, strict settings)
  }
}

/** The address wins, then the reader's saved choice, then Malay. */
export function resolveInitialLanguage(): Language {
  return readLanguageFromUrl() ?? readStoredLanguage() ?? defaultLanguage;
}
