/**
 * What a page of the portal sends with each state-changing call: the CSRF cookie it was given and
 * the same token in the header (docs/decisions/0005). Spread into `inject` options.
 */
export const pageCsrf = {
  cookies: { csrf: 'test-csrf-token' },
  headers: { 'x-csrf-token': 'test-csrf-token' },
} as const;
