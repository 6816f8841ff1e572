import type { AnchorHTMLAttributes } from 'react';
import { Link, useRoute } from 'wouter';

export interface NavLinkProps extends Omit<
  AnchorHTMLAttributes<HTMLAnchorElement>,
  'className' | 'href'
> {
  to: string;
  /** Current only at `to` itself, not also on the pages under it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
}

/**
 * A link of a navigation bar: `aria-current="page"` while its page, or one under it, is shown, so
 * that a screen reader names the page the reader is on and the bar can mark it.
 */
export function NavLink({ to, end = false, className, ...props }: NavLinkProps) {
  const [isActive] = useRoute(end ? to : `${to}/*?`);
  return (
    <Link
      {...props}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
