import pages from './pages/en.json' with { type: 'json' };
import shell from './shell/en.json' with { type: 'json' };

/** The whole catalogue of one language: the shell's words and the screens' (docs/words.md). */
export default { ...shell, ...pages };
