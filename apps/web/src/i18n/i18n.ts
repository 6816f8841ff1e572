import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  defaultLanguage,
  LANGUAGE_STORAGE_KEY,
  languages,
  normalizeLanguage,
  resolveInitialLanguage,
  type Language,
} from './languages';
import { shellWordLoaders } from './shell-words';

type Words = { [key: string]: string | Words };

/**
 * The screens' words come in parts (docs/words.md), each fetched for the language shown only: the
 * shell's before the first paint, the others with the code of the screens that show them.
 */
const wordLoaders = {
  shell: shellWordLoaders,
  forms: {
    ms: () => import('@portal/domain/words/screens/forms/ms.json'),
    en: () => import('@portal/domain/words/screens/forms/en.json'),
    zh: () => import('@portal/domain/words/screens/forms/zh.json'),
  },
  names: {
    ms: () => import('@portal/domain/words/screens/names/ms.json'),
    en: () => import('@portal/domain/words/screens/names/en.json'),
    zh: () => import('@portal/domain/words/screens/names/zh.json'),
  },
  search: {
    ms: () => import('@portal/domain/words/screens/search/ms.json'),
    en: () => import('@portal/domain/words/screens/search/en.json'),
    zh: () => import('@portal/domain/words/screens/search/zh.json'),
  },
  cart: {
    ms: () => import('@portal/domain/words/screens/cart/ms.json'),
    en: () => import('@portal/domain/words/screens/cart/en.json'),
    zh: () => import('@portal/domain/words/screens/cart/zh.json'),
  },
  checkout: {
    ms: () => import('@portal/domain/words/screens/checkout/ms.json'),
    en: () => import('@portal/domain/words/screens/checkout/en.json'),
    zh: () => import('@portal/domain/words/screens/checkout/zh.json'),
  },
  payments: {
    ms: () => import('@portal/domain/words/screens/payments/ms.json'),
    en: () => import('@portal/domain/words/screens/payments/en.json'),
    zh: () => import('@portal/domain/words/screens/payments/zh.json'),
  },
  receipts: {
    ms: () => import('@portal/domain/words/screens/receipts/ms.json'),
    en: () => import('@portal/domain/words/screens/receipts/en.json'),
    zh: () => import('@portal/domain/words/screens/receipts/zh.json'),
  },
  accounts: {
    ms: () => import('@portal/domain/words/screens/accounts/ms.json'),
    en: () => import('@portal/domain/words/screens/accounts/en.json'),
    zh: () => import('@portal/domain/words/screens/accounts/zh.json'),
  },
  history: {
    ms: () => import('@portal/domain/words/screens/history/ms.json'),
    en: () => import('@portal/domain/words/screens/history/en.json'),
    zh: () => import('@portal/domain/words/screens/history/zh.json'),
  },
  licences: {
    ms: () => import('@portal/domain/words/screens/licences/ms.json'),
    en: () => import('@portal/domain/words/screens/licences/en.json'),
    zh: () => import('@portal/domain/words/screens/licences/zh.json'),
  },
  'my-accounts': {
    ms: () => import('@portal/domain/words/screens/my-accounts/ms.json'),
    en: () => import('@portal/domain/words/screens/my-accounts/en.json'),
    zh: () => import('@portal/domain/words/screens/my-accounts/zh.json'),
  },
  content: {
    ms: () => import('@portal/domain/words/screens/content/ms.json'),
    en: () => import('@portal/domain/words/screens/content/en.json'),
    zh: () => import('@portal/domain/words/screens/content/zh.json'),
  },
} satisfies Record<string, Record<Language, () => Promise<{ default: Words }>>>;

export type WordsPart = keyof typeof wordLoaders;

/** The parts the reader has needed so far: a change of language fetches them all again. */
const neededParts = new Set<WordsPart>(['shell']);
/** Each part's fetch in each language, once; a failed one (offline) is tried again when asked. */
const partLoads = new Map<`${Language}/${WordsPart}`, Promise<void>>();

export const i18n = i18next.createInstance();
i18n.use(initReactI18next);

async function ensureWords(language: Language, parts: Iterable<WordsPart>): Promise<void> {
  await Promise.all(
    [...parts].map((part) => {
      const key = `${language}/${part}` as const;
      let load = partLoads.get(key);
      if (!load) {
        load = wordLoaders[part][language]().then(({ default: words }) => {
          i18n.addResourceBundle(language, 'translation', words, true);
        });
        load.catch(() => partLoads.delete(key));
        partLoads.set(key, load);
      }
      return load;
    }),
  );
}

/**
 * The language being switched to, from the moment it is chosen until its words are in: a screen
 * fetched meanwhile needs its words in that language, not the one still shown.
 */
let languageComing: Language | undefined;

/** Fetches parts of the words in the language shown (or about to be), once each. */
export async function loadWords(parts: readonly WordsPart[]): Promise<void> {
  for (const part of parts) neededParts.add(part);
  await ensureWords(languageComing ?? currentLanguage(), parts);
}

/** A screen's code and the parts of the words it shows, fetched together. */
export async function withWords<Module>(
  parts: readonly WordsPart[],
  code: Promise<Module>,
): Promise<Module> {
  const [module] = await Promise.all([code, loadWords(parts)]);
  return module;
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
export function changeLanguage(value: string): Promise<Language> {
  return switchLanguage(normalizeLanguage(value) ?? defaultLanguage, neededParts);
}

/** Shows `language` once these parts of its words are in; words asked for meanwhile come in it. */
async function switchLanguage(language: Language, parts: Iterable<WordsPart>): Promise<Language> {
  languageComing = language;
  try {
    await ensureWords(language, parts);
    await i18n.changeLanguage(language);
  } finally {
    if (languageComing === language) languageComing = undefined;
  }
  applyLanguage(language);
  return language;
}

/** Starts i18n in the language of the address, the saved choice or Malay. Safe to call again. */
export async function initI18n(): Promise<typeof i18n> {
  const language = resolveInitialLanguage();
  removeLanguageFromUrl();
  // From this first step on, words asked for (the first screen's, fetched meanwhile) are this language's.
  languageComing = language;
  // The parts shown so far (at start-up, the shell's only) hold up the first render, and are asked
  // for first; the first screen's words do not: its code waits for them itself (`withWords`), so
  // on a slow connection the shell paints while the screen is still arriving.
  const shownParts = [...neededParts];
  const shownWords = ensureWords(language, shownParts);
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
  await shownWords;
  await switchLanguage(language, shownParts);
  return i18n;
}
