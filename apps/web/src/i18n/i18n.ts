import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  defaultLanguage,
  LANGUAGE_STORAGE_KEY,
  languages,
  normalizeLanguage,
  type Language,
} from './languages';

type Words = { [key: string]: string | Words };

/**
 * The screens' words come in parts (docs/words.md), each fetched for the language shown only: the
 * shell's with the first paint, the other screens' with the first screen that needs them.
 */
const wordLoaders = {
  shell: {
    ms: () => import('@portal/domain/words/screens/shell/ms'),
    en: () => import('@portal/domain/words/screens/shell/en'),
    zh: () => import('@portal/domain/words/screens/shell/zh'),
  },
  pages: {
    ms: () => import('@portal/domain/words/screens/pages/ms'),
    en: () => import('@portal/domain/words/screens/pages/en'),
    zh: () => import('@portal/domain/words/screens/pages/zh'),
  },
} satisfies Record<string, Record<Language, () => Promise<{ default: Words }>>>;

export type WordsPart = keyof typeof wordLoaders;

/** The parts the reader has needed so far: a change of language fetches them all again. */
const neededParts = new Set<WordsPart>(['shell']);
const loadedParts = new Set<`${Language}/${WordsPart}`>();

export const i18n = i18next.createInstance();
i18n.use(initReactI18next);

async function ensureWords(language: Language, parts: Iterable<WordsPart>): Promise<void> {
  await Promise.all(
    [...parts].map(async (part) => {
      if (loadedParts.has(`${language}/${part}`)) return;
      const words = (await wordLoaders[part][language]()).default;
      i18n.addResourceBundle(language, 'translation', words, true);
      loadedParts.add(`${language}/${part}`);
    }),
  );
}

/** Fetches a part of the words in the language shown, once; screens call it with their code. */
export async function loadWords(part: WordsPart): Promise<void> {
  neededParts.add(part);
  await ensureWords(currentLanguage(), [part]);
}

/** A module and a part of the words, fetched together (a screen's code arrives with its words). */
export async function withWords<Module>(part: WordsPart, code: Promise<Module>): Promise<Module> {
  const [module] = await Promise.all([code, loadWords(part)]);
  return module;
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
  await ensureWords(language, neededParts);
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
      resources: {},
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
