/**
 * The portals the journeys run against, each with its own sandbox gateway. The hurried one
 * requeries and expires abandoned payments within seconds, so that journey need not wait an hour;
 * its own demo database keeps its short clock away from the other journeys' bills.
 */
const base = Number(process.env.E2E_PORT ?? 18080);

export const servers = {
  portal: { port: base, gatewayPort: base + 1 },
  hurried: { port: base + 2, gatewayPort: base + 3 },
} as const;

export const hurriedTimings = {
  requeryAfterSeconds: 2,
  expireAfterSeconds: 4,
  jobsIntervalSeconds: 1,
} as const;

export const urlOf = (server: { port: number }) => `http://127.0.0.1:${server.port}`;
