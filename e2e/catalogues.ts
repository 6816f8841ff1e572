import en from '../packages/domain/src/words/screens/en';
import ms from '../packages/domain/src/words/screens/ms';
import zh from '../packages/domain/src/words/screens/zh';
import enOffice from '../packages/domain/src/words/office/en.json' with { type: 'json' };
import msOffice from '../packages/domain/src/words/office/ms.json' with { type: 'json' };
import zhOffice from '../packages/domain/src/words/office/zh.json' with { type: 'json' };

/** The web app's own texts, so journeys assert what a reader of each language sees. */
export const catalogues = { ms, en, zh } as const;

/** The back office's texts, a catalogue of their own. */
export const officeCatalogues = { ms: msOffice, en: enOffice, zh: zhOffice } as const;
export type Language = keyof typeof catalogues;
export const languages = Object.keys(catalogues) as Language[];
