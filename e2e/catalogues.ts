import en from '../apps/web/src/locales/en.json' with { type: 'json' };
import ms from '../apps/web/src/locales/ms.json' with { type: 'json' };
import zh from '../apps/web/src/locales/zh.json' with { type: 'json' };

/** The web app's own texts, so journeys assert what a reader of each language sees. */
export const catalogues = { ms, en, zh } as const;
export type Language = keyof typeof catalogues;
export const languages = Object.keys(catalogues) as Language[];
