// index.html runs this script beside the app's entry and apart from it (vite.config.ts). The app's
// entry runs only once all of its code has arrived, and only then could it ask for the shell's
// words, which the first paint waits for: a round trip after the code on a slow line. This asks for
// them in the reader's language at once, so they arrive with the code; i18n.ts, asking for the same
// module, finds it fetched or on its way.
import { resolveInitialLanguage } from './i18n/languages';
import { shellWordLoaders } from './i18n/shell-words';

// A failure here is not the reader's to see: i18n.ts asks again and reports what it meets.
shellWordLoaders[resolveInitialLanguage()]().catch(() => {});
