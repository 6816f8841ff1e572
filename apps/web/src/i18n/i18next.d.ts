import 'i18next';
import type ms from '../locales/ms.json';

// Typed keys: `t('pages.about')` is checked against the Malay catalogue (the default and fallback),
// and locales.test.ts checks that en and zh have exactly the same keys.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ms };
  }
}
