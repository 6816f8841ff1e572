import { Link, useLocation } from 'wouter';
import { addressWithQuery } from '../lib/address-query';
import { buttonClassName } from './ui/Button';
import { ArrowLeftIcon, ArrowRightIcon } from './ui/icons';
import styles from './Pager.module.css';

/**
 * Previous and next links around "page n of m", each to this screen with the query string
 * `linkTo` gives (`page=2&…`); nothing when everything fits on one page.
 */
export function Pager({
  page,
  pages,
  linkTo,
  words,
}: {
  page: number;
  pages: number;
  linkTo: (page: number) => string;
  words: { label: string; previous: string; next: string; pageOf: string };
}) {
  const [pathname] = useLocation();
  if (pages <= 1) return null;
  const to = (page: number) => addressWithQuery(pathname, linkTo(page));
  const look = buttonClassName({ variant: 'secondary' });
  return (
    <nav className={styles.pager} aria-label={words.label}>
      {page > 1 ? (
        // From a page past the last (an old link), back goes to the last.
        <Link to={to(Math.min(page - 1, pages))} className={look}>
          <ArrowLeftIcon />
          {words.previous}
        </Link>
      ) : (
        <span />
      )}
      <p className={styles.pageOf}>{words.pageOf}</p>
      {page < pages ? (
        <Link to={to(page + 1)} className={look}>
          {words.next}
          <ArrowRightIcon />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
