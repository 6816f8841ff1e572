import { gatewayPaths, signRequest } from '@portal/gateway-protocol/ipay88';
import { expect, test } from 'vitest';
import { startSandbox } from './sandbox-server';

test('the sandbox listens on a port and answers the gateway paths over HTTP', async () => {
  const sandbox = await startSandbox({ port: 0, merchantCode: 'SANDBOX01', merchantKey: 'key' });
  try {
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const request = signRequest(
      { merchantCode: 'SANDBOX01', merchantKey: 'key', signatureType: 'HMACSHA512' },
      {
        MerchantCode: 'SANDBOX01',
        PaymentId: '2',
        RefNo: 'R1',
        Amount: '30.00',
        Currency: 'MYR',
        ProdDesc: 'Parking ticket',
        UserName: 'Ali',
        UserEmail: 'ali@example.com',
        UserContact: '0198765432',
        Remark: '',
        Lang: 'UTF-8',
        ResponseURL: 'http://localhost:8080/return',
        BackendURL: 'http://localhost:8080/backend',
      },
    );
    const page = await fetch(sandbox.url + gatewayPaths.entry, {
      method: 'POST',
      body: new URLSearchParams({ ...request }),
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('MYR 30.00');
  } finally {
    await sandbox.close();
  }
  await expect(fetch(sandbox.url)).rejects.toThrow();
});
