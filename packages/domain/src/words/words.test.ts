import { describe, expect, test } from 'vitest';
import { errorCodes, validationMessageKeys } from '../errors';
import enDocuments from './documents/en.json';
import msDocuments from './documents/ms.json';
import zhDocuments from './documents/zh.json';
import en from './screens/en';
import ms, { parts as msParts } from './screens/ms';
import zh from './screens/zh';
import enOffice from './office/en.json';
import msOffice from './office/ms.json';
import zhOffice from './office/zh.json';
import { wordsFor } from './words';

type Tree = { [key: string]: string | Tree };

/**
 * What each language has: the screens' words and the documents', which must not share a key, and
 * the back office's, a namespace of their own (`office.…` here).
 */
const catalogues: Record<string, Tree> = {
  ms: { ...ms, ...msDocuments, office: msOffice },
  en: { ...en, ...enDocuments, office: enOffice },
  zh: { ...zh, ...zhDocuments, office: zhOffice },
};

test('the screens and the documents never name the same section', () => {
  const shared = Object.keys(msDocuments).filter((key) => key in ms || key === 'office');
  expect(shared).toEqual([]);
});

test('no two parts of the screens’ words name the same section', () => {
  const sections = Object.values(msParts).flatMap((part) => Object.keys(part));
  expect(sections.filter((section, index) => sections.indexOf(section) !== index)).toEqual([]);
});

test('a text is written in the reader’s language, its placeholders filled', () => {
  expect(wordsFor('zh')('receiptPdf.page', { page: 1, count: 2 })).toBe('第 1/2 页');
  expect(wordsFor('ms')('paymentTypes.assessment')).toBe('Cukai taksiran');
  expect(() => wordsFor('en')('receiptPdf.page', { page: 1 })).toThrow('{{count}}');
});

/** Every leaf of a catalogue as `a.b.c` -> text. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const flat = Object.fromEntries(
  Object.entries(catalogues).map(([language, tree]) => [language, flatten(tree)]),
);
const malay = flat.ms as Map<string, string>;

function words(text: string): string {
  return text.replace(/{{\s*[\w.]+\s*}}/g, '');
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((m) => m[1] as string).sort();
}

describe('the ms, en and zh catalogues', () => {
  test.each(['en', 'zh'])('%s has exactly the keys of the Malay catalogue', (language) => {
    const keys = flat[language] as Map<string, string>;
    const missing = [...malay.keys()].filter((key) => !keys.has(key));
    const extra = [...keys.keys()].filter((key) => !malay.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  test.each(Object.keys(catalogues))('no text in %s is empty', (language) => {
    const empty = [...(flat[language] as Map<string, string>)]
      .filter(([, text]) => text.trim() === '')
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  test.each(Object.keys(catalogues))(
    '%s has words for every error code the server can send',
    (language) => {
      const keys = flat[language] as Map<string, string>;
      const missing = errorCodes.filter((code) => !keys.get(`errors.${code}`)?.trim());
      expect(missing).toEqual([]);
    },
  );

  test.each(Object.keys(catalogues))(
    '%s has words for every validation message key',
    (language) => {
      const keys = flat[language] as Map<string, string>;
      const missing = validationMessageKeys.filter((key) => !keys.get(`validation.${key}`)?.trim());
      expect(missing).toEqual([]);
    },
  );

  test.each(['en', 'zh'])(
    '%s uses the same {{placeholders}} as Malay in every text',
    (language) => {
      const keys = flat[language] as Map<string, string>;
      const mismatched = [...malay]
        .filter(([key]) => keys.has(key))
        .filter(
          ([key, text]) =>
            placeholders(text).join() !== placeholders(keys.get(key) as string).join(),
        )
        .map(([key]) => key);
      expect(mismatched).toEqual([]);
    },
  );

  test('the English messages keep the wording citizens know', () => {
    const english = flat.en as Map<string, string>;
    expect(english.get('errors.not_found')).toBe('Not Found!');
    expect(english.get('errors.cart_full')).toBe('Opps, your cart is full');
    expect(english.get('errors.already_in_cart')).toBe('already exist in cart');
    expect(english.get('errors.auth_error')).toBe('Email or password is incorrect');
    expect(english.get('pages.notFound')).toBe('This page could not be found');
  });

  test('Malay and Chinese are real translations, not English copies', () => {
    const english = flat.en as Map<string, string>;
    for (const language of ['ms', 'zh']) {
      const keys = flat[language] as Map<string, string>;
      const copied = [...keys]
        // Placeholders and punctuation alone ('{{label}}: {{value}}') are the same in any language.
        .filter(([key, text]) => text === english.get(key) && words(text).length > 12)
        .map(([key]) => key);
      expect(copied, `${language} texts identical to English`).toEqual([]);
    }
  });
});
