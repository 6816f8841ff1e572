import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/i18n';

/**
 * A code the portal records (a gateway message's source, an e-mail's status, an audit detail) in
 * the reader's words, from a group of the catalogue (`office:payment.sources`); the code itself
 * where the group has no words for it: one added since, or an officer's own text.
 */
export function codeWords(group: string, code: string): string {
  const key = `${group}.${code}`;
  return i18n.exists(key) ? (i18n.t as (key: string) => string)(key) : code;
}

/** A code in words, the code itself kept in the title: support staff speak in codes. */
export function Coded({ group, code }: { group: string; code: string }) {
  // Said again when the reader changes language.
  useTranslation('office');
  const words = codeWords(group, code);
  return words === code ? <>{code}</> : <span title={code}>{words}</span>;
}
