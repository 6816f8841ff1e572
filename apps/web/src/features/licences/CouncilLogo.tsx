import own from './LicencesPage.module.css';

/**
 * A council's logo beside what it issued. The council's name is always written next to it, so
 * the picture adds nothing for a screen reader; none while the council has no logo stored.
 */
export function CouncilLogo({ src }: { src: string | null }) {
  if (!src) return null;
  return <img className={own.logo} src={src} alt="" width={40} height={48} decoding="async" />;
}
