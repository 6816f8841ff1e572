import { describe, expect, test } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  test('a bare environment gives the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
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
    const config = loadConfig({ GATEWAY_URL: 'https://payment.ipay88.com.my/', PORT: '9000' });
    expect(config).toMatchObject({
      gatewayUrl: 'https://payment.ipay88.com.my',
      runSandboxGateway: false,
      publicUrl: 'http://localhost:9000',
    });
    expect(() => loadConfig({ GATEWAY_URL: 'ftp://gateway' })).toThrow(/GATEWAY_URL must be/);
  });

  test('production refuses to take payments with the sandbox gateway or its published key', () => {
    const live = {
      NODE_ENV: 'production',
      GATEWAY_URL: 'https://payment.ipay88.com.my',
      MERCHANT_KEY: 'council-secret',
      SMTP_URL: 'smtp://mail.council.gov.my:587',
      DATA_ENCRYPTION_KEY: 'a council secret of at least thirty-two characters',
    };
    expect(loadConfig(live).merchantKey).toBe('council-secret');
    expect(() => loadConfig({ ...live, GATEWAY_URL: '' })).toThrow(/GATEWAY_URL and MERCHANT_KEY/);
    expect(() => loadConfig({ ...live, MERCHANT_KEY: '' })).toThrow(/GATEWAY_URL and MERCHANT_KEY/);
    // Identity-card numbers must not be encrypted with the key the README publishes.
    expect(() => loadConfig({ ...live, DATA_ENCRYPTION_KEY: '' })).toThrow(
      /DATA_ENCRYPTION_KEY must be set/,
    );
    expect(() => loadConfig({ ...live, DATA_ENCRYPTION_KEY: 'short' })).toThrow(
      /DATA_ENCRYPTION_KEY must be at least 32 characters/,
    );
    // Without SMTP, no reset link or receipt would ever reach anyone.
    expect(() => loadConfig({ ...live, SMTP_URL: '' })).toThrow(/SMTP_URL must be set/);
    // A requery's answer over plain HTTP could be rewritten on the way.
    expect(() => loadConfig({ ...live, GATEWAY_URL: 'http://payment.ipay88.com.my' })).toThrow(
      /GATEWAY_URL must be an https:\/\/ URL/,
    );
  });

  test('payments wait on the gateway as documented, and every limit can be set', () => {
    expect(loadConfig({})).toMatchObject({
      paymentTimings: {
        requeryAfterSeconds: 300,
        handoverSeconds: 300,
        gatewayPageTimeoutSeconds: 900,
        releaseMarginSeconds: 300,
      },
      gatewayMaxAmountSen: 10_000_000,
      checkoutLimits: { perMinute: 10, openPayments: 3 },
    });
    expect(
      loadConfig({
        GATEWAY_PAGE_TIMEOUT_SECONDS: '1200',
        PAYMENT_RELEASE_MARGIN_SECONDS: '0',
        GATEWAY_MAX_AMOUNT: '30000',
        OPEN_PAYMENTS_PER_CLIENT: '5',
      }),
    ).toMatchObject({
      paymentTimings: { gatewayPageTimeoutSeconds: 1200, releaseMarginSeconds: 0 },
      gatewayMaxAmountSen: 3_000_000,
      checkoutLimits: { openPayments: 5 },
    });
    expect(() => loadConfig({ GATEWAY_MAX_AMOUNT: '0' })).toThrow(/GATEWAY_MAX_AMOUNT must be/);
  });

  test('the API description is served in development, and in production only when asked', () => {
    const live = {
      NODE_ENV: 'production',
      GATEWAY_URL: 'https://payment.ipay88.com.my',
      MERCHANT_KEY: 'council-secret',
      SMTP_URL: 'smtp://mail.council.gov.my:587',
      DATA_ENCRYPTION_KEY: 'a council secret of at least thirty-two characters',
    };
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig(live).apiDocs).toBe(false);
    expect(loadConfig({ ...live, API_DOCS: 'true' }).apiDocs).toBe(true);
  });

  test('X-Forwarded-For is believed only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe(
      '10.0.0.0/8,127.0.0.1',
    );
  });

  test('the cart limit is a whole number from 1 to 100', () => {
    expect(loadConfig({ CART_LIMIT: '25' }).cartLimit).toBe(25);
    expect(() => loadConfig({ CART_LIMIT: '0' })).toThrow(/CART_LIMIT must be a whole number/);
    expect(() => loadConfig({ CART_LIMIT: 'lots' })).toThrow(/CART_LIMIT/);
  });

  test('a bad PORT stops the start with one line naming PORT and the bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(
      'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "eighty")',
    );
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/^Invalid configuration: PORT/);
    expect(() => loadConfig({ GATEWAY_PORT: '0' })).toThrow(/GATEWAY_PORT/);
  });

  test('every bad variable is named at once', () => {
    expect(() => loadConfig({ PORT: 'x', DATABASE_URL: 'mysql://db/portal' })).toThrow(
      /PORT .*; DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL \(got "mysql:\/\/db\/portal"\)/,
    );
  });

  test('a PostgreSQL URL selects PostgreSQL; an empty one means the embedded database', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://portal@db:5432/portal' }).databaseUrl).toBe(
      'postgresql://portal@db:5432/portal',
    );
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  test('production leaves demo data out unless asked for', () => {
    const live = {
      GATEWAY_URL: 'https://gateway.example',
      MERCHANT_KEY: 'council-secret',
      SMTP_URL: 'smtp://mail.example',
      DATA_ENCRYPTION_KEY: 'a council secret of at least thirty-two characters',
    };
    expect(loadConfig({ NODE_ENV: 'production', ...live }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true', ...live }).demoData).toBe(true);
    expect(() => loadConfig({ DEMO_DATA: 'yes please' })).toThrow(
      /DEMO_DATA must be true or false/,
    );
  });
});
