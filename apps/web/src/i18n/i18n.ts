import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import ms from '@portal/domain/words/screens/ms';
import {
  defaultLanguage,
  LANGUAGE_STORAGE_KEY,
  languages,
  normalizeLanguage,
  type Language,
} from './languages';

type Catalogue = typeof ms;

// Malay ships with the app (it is the default and the fallback); English and Chinese are fetched
// only by readers who choose them, which keeps the home route's JavaScript small.
const loaders: Record<Exclude<Language, 'ms'>, () => Promise<{ default: Catalogue }>> = {
  en: () => import('@portal/domain/words/screens/en'),
  zh: () => import('@portal/domain/words/screens/zh'),
};

export const i18n = i18next.createInstance();
i18n.use(initReactI18next);

async function ensureCatalogue(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const catalogue = language === 'ms' ? ms : (await loaders[language]()).default;
  i18n.addResourceBundle(language, 'translation', catalogue);
}

/**
 * The language asked for in the address, as `?lang=en` before the hash or `#/search?lang=cn` inside
 * it (hash routing keeps the route's query in the hash).
 */
export function readLanguageFromUrl(location: Location = window.location): Language | undefined {
  const hashQueryStart = location.hash.indexOf('?');
  const hashQuery = hashQueryStart >= 0 ? location.hash.slice(hashQueryStart) : '';
  const value =
    new URLSearchParams(hashQuery).get('lang') ?? new URLSearchParams(location.search).get('lang');
  return normalizeLanguage(value);
}

/** Drops `lang` from the address once applied, so a later choice in the toolbar is not overridden. */
function removeLanguageFromUrl(): void {
  const url = new URL(window.location.href);
  let changed = url.searchParams.has('lang');
  url.searchParams.delete('lang');
  const hashQueryStart = url.hash.indexOf('?');
  if (hashQueryStart >= 0) {
    const params = new URLSearchParams(url.hash.slice(hashQueryStart));
    if (params.has('lang')) {
      params.delete('lang');
      const rest = params.toString();
      url.hash = url.hash.slice(0, hashQueryStart) + (rest ? `?${rest}` : '');
      changed = true;
    }
  }
  if (changed) window.history.replaceState(window.history.state, '', url);
}

export function readStoredLanguage(): Language | undefined {
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

/** Mirrors the language onto `<html lang>` and remembers it for the next visit. */
function applyLanguage(language: Language): void {
  document.documentElement.lang = language;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, but the page still switches.
  }
}

/** The current language as one of ours (i18next may hold a code it was given verbatim). */
export function currentLanguage(): Language {
  return normalizeLanguage(i18n.language) ?? defaultLanguage;
}

/** Switches the whole app to a language, accepting aliases (`my`, `cn`); unknown codes mean Malay. */
export async function changeLanguage(value: string): Promise<Language> {
  const language = normalizeLanguage(value) ?? defaultLanguage;
  await ensureCatalogue(language);
  await i18n.changeLanguage(language);
  applyLanguage(language);
  return language;
}

/** Starts i18n in the language of the address, the saved choice or Malay. Safe to call again. */
export async function initI18n(): Promise<typeof i18n> {
  const language = resolveInitialLanguage();
  removeLanguageFromUrl();
  if (!i18n.isInitialized) {
    await i18n.init({
      resources: { ms: { translation: ms } },
      lng: defaultLanguage,
      fallbackLng: defaultLanguage,
      supportedLngs: [...languages],
      initAsync: false,
      returnEmptyString: false,
      interpolation: { escapeValue: false }, // React escapes already
      react: { useSuspense: false },
      showSupportNotice: false,
    });
  }
  await changeLanguage(language);
  return i18n;
}
