import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, test } from 'vitest';
import { Link, Router, useLocation, useSearchParams } from 'wouter';
import { NavLink } from '../components/NavLink';
import {
  hashHref,
  navigate,
  useHashLocation,
  useHashSearch,
  useLocationState,
} from './hash-location';

function Address() {
  const [path] = useLocation();
  const [params] = useSearchParams();
  const state = useLocationState();
  return (
    <output>
      {JSON.stringify({ path, params: Object.fromEntries(params), state: state ?? null })}
    </output>
  );
}

function renderAt(address: string, links: ReactNode = null) {
  window.history.replaceState(null, '', address);
  render(
    <Router hook={useHashLocation} searchHook={useHashSearch} hrefs={hashHref}>
      <Address />
      {links}
    </Router>,
  );
}

const shown = () => JSON.parse(screen.getByRole('status').textContent!) as unknown;

describe('the portal’s addresses, route and query inside the hash', () => {
  test('are read as the server’s redirects and e-mailed links write them', () => {
    renderAt('/#/search?council=mps&type=compound');
    expect(shown()).toEqual({
      path: '/search',
      params: { council: 'mps', type: 'compound' },
      state: null,
    });
  });

  test('no hash is home, and a query before the hash is not the route’s', () => {
    renderAt('/?lang=en');
    expect(shown()).toEqual({ path: '/', params: {}, state: null });
  });

  test('a value keeps its own escapes: a typed %20 and an encoded & reach the screen as typed', () => {
    renderAt('/#/history?q=10%2520&name=A%26B');
    expect(shown()).toMatchObject({ params: { q: '10%20', name: 'A&B' } });
  });

  test('a link writes its address inside the hash and opens it, with the state it passes', () => {
    renderAt(
      '/#/confirmation?reference=A1',
      <Link to="/receipt?reference=A1" state={{ email: 'mei@example.com' }}>
        Receipt
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Receipt' });
    expect(link.getAttribute('href')).toBe('#/receipt?reference=A1');
    const steps = window.history.length;
    fireEvent.click(link);
    expect(window.location.hash).toBe('#/receipt?reference=A1');
    expect(window.location.pathname).toBe('/');
    expect(window.location.search).toBe('');
    expect(window.history.length).toBe(steps + 1);
    expect(shown()).toEqual({
      path: '/receipt',
      params: { reference: 'A1' },
      state: { email: 'mei@example.com' },
    });
  });

  test('a replacing navigation, and one to the address shown, add no step to go back through', () => {
    renderAt('/#/search');
    const steps = window.history.length;
    act(() => navigate('/search?council=mps', { replace: true }));
    act(() => navigate('/search?council=mps'));
    expect(window.history.length).toBe(steps);
    expect(shown()).toMatchObject({ path: '/search', params: { council: 'mps' } });
    act(() => navigate('/cart'));
    expect(window.history.length).toBe(steps + 1);
  });

  test('a navigation link is the current page on its page and the pages under it', () => {
    renderAt(
      '/#/office/payments/A1',
      <>
        <NavLink to="/office" end>
          Payments
        </NavLink>
        <NavLink to="/office/payments">One payment</NavLink>
        <NavLink to="/office/refunds">Refunds</NavLink>
      </>,
    );
    const current = (name: string) =>
      screen.getByRole('link', { name }).getAttribute('aria-current');
    expect(current('Payments')).toBeNull();
    expect(current('One payment')).toBe('page');
    expect(current('Refunds')).toBeNull();
    act(() => navigate('/office'));
    expect(current('Payments')).toBe('page');
    expect(current('One payment')).toBeNull();
  });
});
