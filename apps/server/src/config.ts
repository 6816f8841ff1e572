import { z } from 'zod';

/**
 * The server's whole configuration, parsed once at start from the environment (STYLE.md 3).
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

const flag = z.enum(['true', 'false', '1', '0'], { message: 'must be true or false' });

const environmentSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      message: 'must be development, production or test',
    })
    .default('development'),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  PORT: port(8080),
  GATEWAY_PORT: port(8081),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
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
  MERCHANT_KEY: z.string().min(1, 'must not be empty').default('sandbox-merchant-key'),
  PAYMENT_REQUERY_AFTER_SECONDS: wholeNumber(1, 86_400, 900),
  PAYMENT_EXPIRE_AFTER_SECONDS: wholeNumber(1, 7 * 86_400, 3_600),
  JOBS_INTERVAL_SECONDS: wholeNumber(1, 3_600, 30),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  TRUST_PROXY: z.string().min(1).optional(),
  MAIL_FROM: z
    .string()
    .min(3, 'must be an e-mail address')
    .default('Portal Bayaran Majlis <no-reply@localhost>'),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  gatewayPort: number;
  /** Where the embedded database keeps its files when no DATABASE_URL is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  /** Fill an empty database with the demo councils' bills on first start. */
  demoData: boolean;
  /** How many bills one cart (and so one payment) may hold. */
  cartLimit: number;
  /** Where browsers and the gateway reach the portal (for the gateway's return and callback). */
  publicUrl: string;
  /** The card gateway; unset means the bundled sandbox, started beside the portal. */
  gatewayUrl: string;
  /** Whether `npm start` should run the sandbox gateway itself. */
  runSandboxGateway: boolean;
  merchantCode: string;
  merchantKey: string;
  /** A payment still in progress after this long is requeried at the gateway. */
  paymentRequeryAfterSeconds: number;
  /** A payment the gateway never saw paid is expired after this long. */
  paymentExpireAfterSeconds: number;
  /** How often the background jobs (requery, mail) run. */
  jobsIntervalSeconds: number;
  /** SMTP server for outgoing mail; unset keeps mail in the local outbox (`/dev/mail`). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Whose X-Forwarded-For to believe for the client's address (rate limits count by it): nobody's
   * by default, `true` for any proxy, or the proxies' addresses and CIDR ranges, comma-separated.
   */
  trustProxy: boolean | string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
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
  // Live payments need the council's own gateway and keys, never the sandbox's published ones.
  if (env.NODE_ENV === 'production' && (!env.GATEWAY_URL || !present.MERCHANT_KEY)) {
    throw new ConfigError(
      'Invalid configuration: GATEWAY_URL and MERCHANT_KEY must be set when NODE_ENV is production',
    );
  }
  // Password resets and receipts must reach people; the outbox is a developer's tool only.
  if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
    throw new ConfigError(
      'Invalid configuration: SMTP_URL must be set when NODE_ENV is production',
    );
  }
  return {
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    gatewayPort: env.GATEWAY_PORT,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    demoData: env.DEMO_DATA ? ['true', '1'].includes(env.DEMO_DATA) : env.NODE_ENV !== 'production',
    cartLimit: env.CART_LIMIT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    gatewayUrl: (env.GATEWAY_URL ?? `http://localhost:${env.GATEWAY_PORT}`).replace(/\/$/, ''),
    runSandboxGateway: env.GATEWAY_URL === undefined,
    merchantCode: env.MERCHANT_CODE,
    merchantKey: env.MERCHANT_KEY,
    paymentRequeryAfterSeconds: env.PAYMENT_REQUERY_AFTER_SECONDS,
    paymentExpireAfterSeconds: env.PAYMENT_EXPIRE_AFTER_SECONDS,
    jobsIntervalSeconds: env.JOBS_INTERVAL_SECONDS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
  };
}

function trustProxyOf(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  return value === 'true' ? true : value;
}
