import { z } from 'zod';
import { signatureTypes, type SignatureType } from '@portal/gateway-protocol/ipay88';
import type { PoolSettings } from './db/database';
import { parsedNetwork, type OutboundRules } from './lib/council-systems';

/**
 * The server's whole configuration, parsed once at start from the environment.
 * Nothing else reads `process.env`. Every variable is documented in the README.
 */
const wholeNumber = (min: number, max: number, fallback: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce
    .number({ message })
    .int(message)
    .min(min, message)
    .max(max, message)
    .default(fallback);
};
const port = (fallback: number) => wholeNumber(1, 65535, fallback);

/** The sandbox gateway's published merchant key: anyone could sign a payment with it. */
const sandboxMerchantKey = 'sandbox-merchant-key';

/** PostgreSQL's pool when not configured: the variables' defaults, and the tools' pool. */
export const defaultPoolSettings: PoolSettings = {
  size: 10,
  connectTimeoutSeconds: 5,
  statementTimeoutSeconds: 30,
};

const flag = z.enum(['true', 'false', '1', '0'], { message: 'must be true or false' });

const environmentSchema = z.object({
  // A server started bare is a production one, safe by default; `npm start` and `npm run dev`
  // ask for development themselves.
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      message: 'must be development, production or test',
    })
    .default('production'),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  PORT: port(8080),
  GATEWAY_PORT: port(8081),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  EMBEDDED_DATABASE: flag.optional(),
  DATABASE_POOL_SIZE: wholeNumber(1, 500, defaultPoolSettings.size),
  DATABASE_CONNECT_TIMEOUT_SECONDS: wholeNumber(1, 600, defaultPoolSettings.connectTimeoutSeconds),
  DATABASE_STATEMENT_TIMEOUT_SECONDS: wholeNumber(
    1,
    3_600,
    defaultPoolSettings.statementTimeoutSeconds,
  ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  DEMO_DATA: flag.optional(),
  CART_LIMIT: wholeNumber(1, 100, 10),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .optional(),
  GATEWAY_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .optional(),
  MERCHANT_CODE: z.string().min(1, 'must not be empty').default('SANDBOX01'),
  MERCHANT_KEY: z.string().min(1, 'must not be empty').default(sandboxMerchantKey),
  GATEWAY_SIGNATURE_TYPE: z
    .enum(signatureTypes, { message: `must be ${signatureTypes.join(' or ')}` })
    .default('HMACSHA512'),
  PAYMENT_REQUERY_AFTER_SECONDS: wholeNumber(1, 86_400, 300),
  PAYMENT_HANDOVER_SECONDS: wholeNumber(1, 3_600, 300),
  GATEWAY_PAGE_TIMEOUT_SECONDS: wholeNumber(1, 86_400, 900),
  PAYMENT_RELEASE_MARGIN_SECONDS: wholeNumber(0, 86_400, 300),
  CORPORATE_APPROVAL_HOURS: wholeNumber(1, 24 * 14, 24),
  GATEWAY_MAX_AMOUNT: wholeNumber(1, 10_000_000, 100_000),
  CHECKOUTS_PER_MINUTE: wholeNumber(1, 10_000, 10),
  OPEN_PAYMENTS_PER_CLIENT: wholeNumber(1, 1_000, 3),
  LIST_SEARCHES_PER_MINUTE: wholeNumber(1, 10_000, 20),
  JOBS_INTERVAL_SECONDS: wholeNumber(1, 3_600, 30),
  SHUTDOWN_TIMEOUT_SECONDS: wholeNumber(1, 600, 20),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  TRUST_PROXY: z.string().min(1).optional(),
  API_DOCS: flag.optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  DATA_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  MAIL_FROM: z
    .string()
    .min(3, 'must be an e-mail address')
    .default('Portal Bayaran Majlis <no-reply@localhost>'),
  WEBHOOK_ALLOWED_NETWORKS: z
    .string()
    .transform((value) => value.split(',').map((network) => network.trim()))
    .refine((networks) => networks.every((network) => parsedNetwork(network) !== undefined), {
      message: 'must be addresses or CIDR networks, comma-separated (10.20.0.0/16,192.0.2.7)',
    })
    .optional(),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Where the embedded database keeps its files when no DATABASE_URL is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL's pool, per server: size and how long a connection and a query may take. */
  databasePool: PoolSettings;
  logLevel: string;
  /** Fill an empty database with the demo councils' bills on first start. */
  demoData: boolean;
  /** Serve the OpenAPI description and its browser at /api/docs. */
  apiDocs: boolean;
  /** The bearer token `/metrics` asks for; production serves metrics only with one. */
  metricsToken: string | undefined;
  /** The secret that identity-card numbers are encrypted and hashed with (docs/personal-data.md). */
  dataEncryptionKey: string;
  /** How many bills one cart (and so one payment) may hold. */
  cartLimit: number;
  /** Where browsers and the gateway reach the portal (for the gateway's return and callback). */
  publicUrl: string;
  /** The card gateway; unset means the sandbox at GATEWAY_PORT on this machine. */
  gatewayUrl: string;
  /** Whether `npm start` runs the sandbox gateway beside the portal: no real one is named. */
  runSandboxGateway: boolean;
  merchantCode: string;
  merchantKey: string;
  /** How iPay88 set up the merchant's account to sign: HMAC-SHA512 or plain SHA-256. */
  signatureType: SignatureType;
  /** How the portal waits on the gateway for a payment (docs/payments.md). */
  paymentTimings: PaymentTimings;
  /** The gateway's largest payment, in sen: a bigger cart is refused before the gateway sees it. */
  gatewayMaxAmountSen: number;
  /** Abuse limits on checkout, per client (a logged-in user, else an address). */
  checkoutLimits: { perMinute: number; openPayments: number };
  /**
   * Searches by vehicle plate or owner's identity number one client may make in a minute: they
   * list several people's bills, so they are rationed against enumeration (docs/search.md).
   */
  listSearchesPerMinute: number;
  /** How often the background jobs (requery, mail) run. */
  jobsIntervalSeconds: number;
  /** How long a stop signal waits for the requests and jobs in flight before giving up. */
  shutdownTimeoutSeconds: number;
  /** SMTP server for outgoing mail; unset keeps mail in the local outbox (`/dev/mail`). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where the portal may post to councils' systems (their webhooks): public addresses, https in production. */
  councilSystems: OutboundRules;
  /**
   * Whose X-Forwarded-For to believe for the client's address (rate limits count by it): nobody's
   * by default, `true` for any proxy, or the proxies' addresses and CIDR ranges, comma-separated.
   */
  trustProxy: boolean | string;
}

export interface PaymentTimings {
  /** A payment in progress is first requeried this long after its payer went to the gateway. */
  requeryAfterSeconds: number;
  /** A checkout whose payer never went on to the gateway releases its bills after this long. */
  handoverSeconds: number;
  /** How long the gateway's card page takes a card after it opened. */
  gatewayPageTimeoutSeconds: number;
  /** Waited beyond the card page's timeout before a final requery may release the bills. */
  releaseMarginSeconds: number;
  /**
   * How long a business account's payment, pending at its bank, holds its bills for the
   * business's approver (docs/payment-methods.md).
   */
  corporateApprovalSeconds: number;
}

/** Published in the README, for development and tests only; production must set its own. */
export const developmentDataKey = 'development-only-key-for-identity-card-numbers';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * What a production portal must not run without, one line per variable (docs/deploy.md): each is
 * a default that is right on a developer's machine and wrong with real people's money and data.
 */
function productionProblems(
  env: z.output<typeof environmentSchema>,
  present: Record<string, string | undefined>,
): string[] {
  const problems: string[] = [];
  // Session cookies are Secure, and the gateway returns the payer here: it must be https.
  if (!env.PUBLIC_URL?.startsWith('https:')) {
    problems.push("PUBLIC_URL must be the portal's https:// address");
  }
  // An embedded database is one server's files: a choice to make, never a fallback.
  if (!env.DATABASE_URL && env.EMBEDDED_DATABASE !== 'true' && env.EMBEDDED_DATABASE !== '1') {
    problems.push('DATABASE_URL must be set (or EMBEDDED_DATABASE=true to keep data in DATA_DIR)');
  }
  // Password resets and receipts must reach people; the outbox is a developer's tool only.
  if (!env.SMTP_URL) problems.push('SMTP_URL must be set: mail must reach people');
  // Live payments need the council's own key, never the sandbox's published one.
  if (!present.MERCHANT_KEY || env.MERCHANT_KEY === sandboxMerchantKey) {
    problems.push("MERCHANT_KEY must be set to the council's own key, not the sandbox's");
  }
  // The requery's answer decides what happens to money: never over a connection anyone can read.
  if (!env.GATEWAY_URL?.startsWith('https:')) {
    problems.push("GATEWAY_URL must be the card gateway's https:// address");
  }
  // The development key is in the README: real identity-card numbers need a key of their own.
  if (!env.DATA_ENCRYPTION_KEY) {
    problems.push('DATA_ENCRYPTION_KEY must be set, at least 32 characters');
  }
  return problems;
}

/** Parses the environment; throws a ConfigError whose one-line message names each bad variable. */
export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as a shell user writing `PORT= npm start` expects.
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `${name} ${issue.message} (got ${JSON.stringify(present[name])})`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production') {
    const problems = productionProblems(env, present);
    if (problems.length > 0) {
      throw new ConfigError(
        `Invalid configuration for production:\n${problems.map((line) => `  ${line}`).join('\n')}`,
      );
    }
  }
  return {
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    databasePool: {
      size: env.DATABASE_POOL_SIZE,
      connectTimeoutSeconds: env.DATABASE_CONNECT_TIMEOUT_SECONDS,
      statementTimeoutSeconds: env.DATABASE_STATEMENT_TIMEOUT_SECONDS,
    },
    logLevel: env.LOG_LEVEL,
    demoData: env.DEMO_DATA ? ['true', '1'].includes(env.DEMO_DATA) : env.NODE_ENV !== 'production',
    apiDocs: env.API_DOCS ? ['true', '1'].includes(env.API_DOCS) : env.NODE_ENV !== 'production',
    metricsToken: env.METRICS_TOKEN,
    dataEncryptionKey: env.DATA_ENCRYPTION_KEY ?? developmentDataKey,
    cartLimit: env.CART_LIMIT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    gatewayUrl: (env.GATEWAY_URL ?? `http://localhost:${env.GATEWAY_PORT}`).replace(/\/$/, ''),
    runSandboxGateway: env.GATEWAY_URL === undefined,
    merchantCode: env.MERCHANT_CODE,
    merchantKey: env.MERCHANT_KEY,
    signatureType: env.GATEWAY_SIGNATURE_TYPE,
    paymentTimings: {
      requeryAfterSeconds: env.PAYMENT_REQUERY_AFTER_SECONDS,
      handoverSeconds: env.PAYMENT_HANDOVER_SECONDS,
      gatewayPageTimeoutSeconds: env.GATEWAY_PAGE_TIMEOUT_SECONDS,
      releaseMarginSeconds: env.PAYMENT_RELEASE_MARGIN_SECONDS,
      corporateApprovalSeconds: env.CORPORATE_APPROVAL_HOURS * 3600,
    },
    gatewayMaxAmountSen: env.GATEWAY_MAX_AMOUNT * 100,
    checkoutLimits: {
      perMinute: env.CHECKOUTS_PER_MINUTE,
      openPayments: env.OPEN_PAYMENTS_PER_CLIENT,
    },
    listSearchesPerMinute: env.LIST_SEARCHES_PER_MINUTE,
    jobsIntervalSeconds: env.JOBS_INTERVAL_SECONDS,
    shutdownTimeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    councilSystems: {
      httpsOnly: env.NODE_ENV === 'production',
      allowedNetworks: env.WEBHOOK_ALLOWED_NETWORKS ?? [],
    },
  };
}

function trustProxyOf(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  return value === 'true' ? true : value;
}
