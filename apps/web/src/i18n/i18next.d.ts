import 'i18next';
import type ms from '@portal/domain/words/screens/ms';
import type office from '@portal/domain/words/office/ms';

// Typed keys: `t('pages.about')` is checked against the Malay catalogue (the default and fallback),
// and the domain's words.test.ts checks that en and zh have exactly the same keys. The back
// office's words are a namespace of their own, loaded with its screens.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ms; office: typeof office };
  }
}
