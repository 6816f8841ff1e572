/**
 * The portal's languages, by their standard tags: Malay (the default and the fallback, spec
 * section 9), English and Chinese. The web app, the server's e-mails and PDFs and the sandbox
 * gateway's pages all speak these.
 */
export const languages = ['ms', 'en', 'zh'] as const;

export type Language = (typeof languages)[number];

export const defaultLanguage: Language = 'ms';

/**
 * The language an Accept-Language header asks for: the supported language with the highest weight
 * (`en-GB` counts as `en`), else Malay.
 */
export function languageOfAcceptHeader(acceptLanguage: string | undefined): Language {
  let chosen: Language = defaultLanguage;
  let chosenWeight = 0;
  for (const entry of (acceptLanguage ?? '').split(',')) {
    const [tag = '', ...parameters] = entry.trim().split(';');
    const primary = tag.split('-')[0]!.toLowerCase();
    const language = languages.find((candidate) => candidate === primary);
    const weightParameter = parameters.find((parameter) => parameter.trim().startsWith('q='));
    const weight = weightParameter ? Number(weightParameter.trim().slice(2)) : 1;
    if (language && weight > chosenWeight) {
      chosen = language;
      chosenWeight = weight;
    }
  }
  return chosen;
}
