import { describe, expect, test } from 'vitest';
import { loadConfig } from './config';

/** A developer's machine: the defaults that `npm start` runs with. */
const development = { NODE_ENV: 'development' };

/** Everything a production portal must be given. */
const live = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://bayar.mps.gov.my',
  DATABASE_URL: 'postgres://portal@db:5432/portal',
  GATEWAY_URL: 'https://payment.ipay88.com.my',
  MERCHANT_KEY: 'council-secret',
  SMTP_URL: 'smtp://mail.council.gov.my:587',
  DATA_ENCRYPTION_KEY: 'a council secret of at least thirty-two characters',
};

describe('configuration', () => {
  test('a bare environment gives the documented defaults', () => {
    expect(loadConfig(development)).toMatchObject({
      port: 8080,
      dataDir: './data',
      databaseUrl: undefined,
      demoData: true,
      cartLimit: 10,
      publicUrl: 'http://localhost:8080',
      gatewayUrl: 'http://localhost:8081',
      runSandboxGateway: true,
      merchantCode: 'SANDBOX01',
      smtpUrl: undefined,
    });
  });

  test('a gateway URL means the real gateway: the sandbox is not started', () => {
    const config = loadConfig({
      ...development,
      GATEWAY_URL: 'https://payment.ipay88.com.my/',
      PORT: '9000',
    });
    expect(config).toMatchObject({
      gatewayUrl: 'https://payment.ipay88.com.my',
      runSandboxGateway: false,
      publicUrl: 'http://localhost:9000',
    });
    expect(() => loadConfig({ ...development, GATEWAY_URL: 'ftp://gateway' })).toThrow(
      /GATEWAY_URL must be/,
    );
  });

  test('the merchant account signs as iPay88 set it up: HMAC-SHA512 unless it says SHA256', () => {
    expect(loadConfig(development).signatureType).toBe('HMACSHA512');
    expect(loadConfig({ ...development, GATEWAY_SIGNATURE_TYPE: 'SHA256' }).signatureType).toBe(
      'SHA256',
    );
    expect(() => loadConfig({ ...development, GATEWAY_SIGNATURE_TYPE: 'sha1' })).toThrow(
      /GATEWAY_SIGNATURE_TYPE must be HMACSHA512 or SHA256 \(got "sha1"\)/,
    );
  });

  test('a server started bare is a production one, and says at once all it lacks, one line each', () => {
    let message = '';
    try {
      loadConfig({});
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n')).toEqual([
      'Invalid configuration for production:',
      "  PUBLIC_URL must be the portal's https:// address",
      '  DATABASE_URL must be set (or EMBEDDED_DATABASE=true to keep data in DATA_DIR)',
      '  SMTP_URL must be set: mail must reach people',
      "  MERCHANT_KEY must be set to the council's own key, not the sandbox's",
      "  GATEWAY_URL must be the card gateway's https:// address",
      '  DATA_ENCRYPTION_KEY must be set, at least 32 characters',
    ]);
  });

  test('production refuses the sandbox, plain http, the published keys and a fallback database', () => {
    expect(loadConfig(live)).toMatchObject({
      nodeEnv: 'production',
      merchantKey: 'council-secret',
    });
    const refusal = (changes: Record<string, string>) => () => loadConfig({ ...live, ...changes });
    expect(refusal({ GATEWAY_URL: '' })).toThrow(/GATEWAY_URL must be the card gateway's https/);
    // A requery's answer over plain HTTP could be rewritten on the way.
    expect(refusal({ GATEWAY_URL: 'http://payment.ipay88.com.my' })).toThrow(/GATEWAY_URL/);
    expect(refusal({ MERCHANT_KEY: '' })).toThrow(/MERCHANT_KEY must be set/);
    expect(refusal({ MERCHANT_KEY: 'sandbox-merchant-key' })).toThrow(/not the sandbox's/);
    // Identity-card numbers must not be encrypted with the key the README publishes.
    expect(refusal({ DATA_ENCRYPTION_KEY: '' })).toThrow(/DATA_ENCRYPTION_KEY must be set/);
    expect(refusal({ DATA_ENCRYPTION_KEY: 'short' })).toThrow(
      /DATA_ENCRYPTION_KEY must be at least 32 characters/,
    );
    // Without SMTP, no reset link or receipt would ever reach anyone.
    expect(refusal({ SMTP_URL: '' })).toThrow(/SMTP_URL must be set/);
    // Secure cookies and the payer's way back need https.
    expect(refusal({ PUBLIC_URL: '' })).toThrow(/PUBLIC_URL must be/);
    expect(refusal({ PUBLIC_URL: 'http://bayar.mps.gov.my' })).toThrow(/PUBLIC_URL must be/);
    // The embedded database is a choice, never what a missing DATABASE_URL falls back to.
    expect(refusal({ DATABASE_URL: '' })).toThrow(/DATABASE_URL must be set/);
    expect(loadConfig({ ...live, DATABASE_URL: '', EMBEDDED_DATABASE: 'true' }).databaseUrl).toBe(
      undefined,
    );
  });

  test('payments wait on the gateway as documented, and every limit can be set', () => {
    expect(loadConfig(development)).toMatchObject({
      paymentTimings: {
        requeryAfterSeconds: 300,
        handoverSeconds: 300,
        gatewayPageTimeoutSeconds: 900,
        releaseMarginSeconds: 300,
      },
      gatewayMaxAmountSen: 10_000_000,
      checkoutLimits: { perMinute: 10, openPayments: 3 },
      listSearchesPerMinute: 20,
    });
    expect(
      loadConfig({
        ...development,
        GATEWAY_PAGE_TIMEOUT_SECONDS: '1200',
        PAYMENT_RELEASE_MARGIN_SECONDS: '0',
        GATEWAY_MAX_AMOUNT: '30000',
        OPEN_PAYMENTS_PER_CLIENT: '5',
        LIST_SEARCHES_PER_MINUTE: '60',
      }),
    ).toMatchObject({
      paymentTimings: { gatewayPageTimeoutSeconds: 1200, releaseMarginSeconds: 0 },
      gatewayMaxAmountSen: 3_000_000,
      checkoutLimits: { openPayments: 5 },
      listSearchesPerMinute: 60,
    });
    expect(() => loadConfig({ ...development, GATEWAY_MAX_AMOUNT: '0' })).toThrow(
      /GATEWAY_MAX_AMOUNT must be/,
    );
  });

  test('the API description is served in development, and in production only when asked', () => {
    expect(loadConfig(development).apiDocs).toBe(true);
    expect(loadConfig(live).apiDocs).toBe(false);
    expect(loadConfig({ ...live, API_DOCS: 'true' }).apiDocs).toBe(true);
  });

  test('X-Forwarded-For is believed only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig(development).trustProxy).toBe(false);
    expect(loadConfig({ ...development, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...development, TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe(
      '10.0.0.0/8,127.0.0.1',
    );
  });

  test('webhooks reach public addresses only, https in production, unless WEBHOOK_ALLOWED_NETWORKS names a private one', () => {
    expect(loadConfig(development).councilSystems).toEqual({
      httpsOnly: false,
      allowedNetworks: [],
    });
    expect(
      loadConfig({ ...development, WEBHOOK_ALLOWED_NETWORKS: '10.20.0.0/16, 192.0.2.7,fd00::/8' })
        .councilSystems.allowedNetworks,
    ).toEqual(['10.20.0.0/16', '192.0.2.7', 'fd00::/8']);
    expect(() => loadConfig({ ...development, WEBHOOK_ALLOWED_NETWORKS: '10.20.0.0/33' })).toThrow(
      /WEBHOOK_ALLOWED_NETWORKS must be addresses or CIDR networks/,
    );
  });

  test('the cart limit is a whole number from 1 to 100', () => {
    expect(loadConfig({ ...development, CART_LIMIT: '25' }).cartLimit).toBe(25);
    expect(() => loadConfig({ ...development, CART_LIMIT: '0' })).toThrow(
      /CART_LIMIT must be a whole number/,
    );
    expect(() => loadConfig({ ...development, CART_LIMIT: 'lots' })).toThrow(/CART_LIMIT/);
  });

  test('a bad PORT stops the start with one line naming PORT and the bad value', () => {
    expect(() => loadConfig({ ...development, PORT: 'eighty' })).toThrow(
      'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "eighty")',
    );
    expect(() => loadConfig({ ...development, PORT: '70000' })).toThrow(
      /^Invalid configuration: PORT/,
    );
    expect(() => loadConfig({ ...development, GATEWAY_PORT: '0' })).toThrow(/GATEWAY_PORT/);
  });

  test('every bad variable is named at once', () => {
    expect(() =>
      loadConfig({ ...development, PORT: 'x', DATABASE_URL: 'mysql://db/portal' }),
    ).toThrow(
      /PORT .*; DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL \(got "mysql:\/\/db\/portal"\)/,
    );
  });

  test('a PostgreSQL URL selects PostgreSQL; an empty one means the embedded database', () => {
    expect(
      loadConfig({ ...development, DATABASE_URL: 'postgresql://portal@db:5432/portal' })
        .databaseUrl,
    ).toBe('postgresql://portal@db:5432/portal');
    expect(loadConfig({ ...development, DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  test('production leaves demo data out unless asked for', () => {
    expect(loadConfig(live).demoData).toBe(false);
    expect(loadConfig({ ...live, DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(() => loadConfig({ ...development, DEMO_DATA: 'yes please' })).toThrow(
      /DEMO_DATA must be true or false/,
    );
  });
});
