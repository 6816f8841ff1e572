/**
 * zod compiles faster object parsers with `new Function` where it may. The portal's content
 * security policy allows no eval, so zod's probe is refused, and the browser reports a violation
 * on every screen that checks a form. zod reads its settings from this global when it loads: set
 * before any schema does, it keeps to plain parsing and asks for nothing the policy refuses.
 */
const zodSettings = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodSettings.__zod_globalConfig = { ...zodSettings.__zod_globalConfig, jitless: true };
