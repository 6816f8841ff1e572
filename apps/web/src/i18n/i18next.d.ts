import 'i18next';
import type ms from '@portal/domain/words/screens/ms';

// Typed keys: `t('pages.about')` is checked against the Malay catalogue (the default and fallback),
// and the domain's words.test.ts checks that en and zh have exactly the same keys.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ms };
  }
}
