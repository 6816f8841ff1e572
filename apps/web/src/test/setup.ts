import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { forgetCsrfToken } from '../lib/api-client';

// No test reaches a server: a request that a test did not answer itself fails as it would with
// the server down, rather than going out to the network (happy-dom's http://localhost:3000).
globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));

// A lazily loaded page can take over a second to arrive while the shared machine is busy: the
// default wait of one second failed tests for that alone, never for what they check.
configure({ asyncUtilTimeout: 5000 });

// Every test starts from a fresh visit: empty storage, Malay, the address at the home page, no
// CSRF token kept from an earlier test.
beforeEach(async () => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  forgetCsrfToken();
  await initI18n();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
