/**
 * The portal's one catalogue of words (docs/words.md), in ms, en and zh: `screens/` is what the web
 * app shows (it loads one language at a time), `documents/` what only e-mails and PDF receipts
 * print, kept apart so that no browser downloads it. Both share the names of payment types and
 * statuses, which are written once, in `screens/`.
 */
import type { Language } from '../languages';
import enDocuments from './documents/en.json' with { type: 'json' };
import msDocuments from './documents/ms.json' with { type: 'json' };
import zhDocuments from './documents/zh.json' with { type: 'json' };
import enScreens from './screens/en';
import msScreens from './screens/ms';
import zhScreens from './screens/zh';

type Catalogue = typeof msScreens & typeof msDocuments;

/** Every text's key, as `a.b.c`. */
type KeysOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type WordKey = KeysOf<Catalogue>;

/** A text of the catalogue, its `{{name}}` placeholders filled in. */
export type Words = (key: WordKey, values?: Record<string, string | number>) => string;

const catalogues: Record<Language, Catalogue> = {
  ms: { ...msScreens, ...msDocuments },
  en: { ...enScreens, ...enDocuments },
  zh: { ...zhScreens, ...zhDocuments },
};

function lookUp(catalogue: Catalogue, key: string): string {
  let node: unknown = catalogue;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`No text for ${key}`);
  return node;
}

/** The catalogue of one language, with the same `{{name}}` placeholders the web app fills. */
export function wordsFor(lang: Language): Words {
  const catalogue = catalogues[lang];
  return (key, values = {}) =>
    lookUp(catalogue, key).replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`No value for {{${name}}} in ${key}`);
      return String(value);
    });
}
