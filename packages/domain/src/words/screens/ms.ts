import pages from './pages/ms.json' with { type: 'json' };
import shell from './shell/ms.json' with { type: 'json' };

/** The whole catalogue of one language: the shell's words and the screens' (docs/words.md). */
export default { ...shell, ...pages };
