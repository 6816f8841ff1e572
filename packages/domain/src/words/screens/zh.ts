import pages from './pages/zh.json' with { type: 'json' };
import shell from './shell/zh.json' with { type: 'json' };

/** The whole catalogue of one language: the shell's words and the screens' (docs/words.md). */
export default { ...shell, ...pages };
