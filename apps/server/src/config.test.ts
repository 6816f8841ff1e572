import { describe, expect, test } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  test('a bare environment gives the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      port: 8080,
      gatewayPort: 8081,
      dataDir: './data',
      databaseUrl: undefined,
      demoData: true,
      cartLimit: 10,
    });
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
    expect(loadConfig({ NODE_ENV: 'production' }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(() => loadConfig({ DEMO_DATA: 'yes please' })).toThrow(
      /DEMO_DATA must be true or false/,
    );
  });
});
