import { languageOfAcceptHeader, type Language } from '@portal/domain/languages';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n';

/**
 * The language the gateway's card page will be in. iPay88 takes no page language on the wire (its
 * `Lang` is the character set): its page follows the browser's own languages, as the browser sends
 * them in Accept-Language, and so does the sandbox (docs/gateway-protocol.md).
 */
export function cardPageLanguage(browserLanguages: readonly string[]): Language {
  return languageOfAcceptHeader(browserLanguages.join(','));
}

/**
 * Tells the payer, before they are handed to the card page, which language it will be in, named in
 * the language they read the portal in, and whether that differs from the portal's.
 */
export function useCardPageLanguageNote(): string {
  const { t } = useTranslation();
  const reader = currentLanguage();
  const card = cardPageLanguage(navigator.languages);
  const name = new Intl.DisplayNames([reader], { type: 'language' }).of(card) ?? card;
  return t(card === reader ? 'payments.cardPage.same' : 'payments.cardPage.differs', {
    language: name,
  });
}
