import type { Language } from './languages';

/**
 * The shell's words in each language. The first paint waits for them (i18n.ts), so index.html asks
 * for the reader's at once, beside the app's code (shell-words-first.ts); both ask through these
 * loaders, so the browser fetches the file once.
 */
export const shellWordLoaders = {
  ms: () => import('@portal/domain/words/screens/shell/ms.json'),
  en: () => import('@portal/domain/words/screens/shell/en.json'),
  zh: () => import('@portal/domain/words/screens/shell/zh.json'),
} satisfies Record<Language, () => Promise<unknown>>;
