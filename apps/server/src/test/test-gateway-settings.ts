/**
 * The gateway the test app signs for; a test's sandbox uses the same merchant. Apart from the test
 * app so that tools outside vitest (the benchmarks) can use the payment fixtures.
 */
export const testGatewaySettings = {
  publicUrl: 'http://portal.test',
  gatewayUrl: 'http://gateway.test',
  merchantCode: 'TEST01',
  merchantKey: 'test-merchant-key',
  signatureType: 'HMACSHA512' as const,
};
