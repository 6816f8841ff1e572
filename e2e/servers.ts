/**
 * The portals the journeys run against, each with its own sandbox gateway. The hurried one's card
 * pages time out within seconds, so that the abandoned-payment journey need not wait 20 minutes;
 * its own demo database keeps its short clock away from the other journeys' bills. The site
 * settings' journeys close their portal for maintenance, which must not close it to the others.
 */
const base = Number(process.env.E2E_PORT ?? 18080);

export const servers = {
  portal: { port: base, gatewayPort: base + 1 },
  hurried: { port: base + 2, gatewayPort: base + 3 },
  settings: { port: base + 4, gatewayPort: base + 5 },
} as const;

export const hurriedTimings = {
  requeryAfterSeconds: 2,
  /** How long its sandbox's card pages take a card; the portal holds the bills that long, */
  gatewayPageTimeoutSeconds: 8,
  /** and this much more. */
  releaseMarginSeconds: 4,
  jobsIntervalSeconds: 1,
} as const;

export const urlOf = (server: { port: number }) => `http://127.0.0.1:${server.port}`;
