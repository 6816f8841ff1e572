import type { GatewayRequest } from '@portal/domain/contracts/payments';

/**
 * Sends the browser to the gateway's card page the way the gateway's protocol asks: a real form
 * POST of the signed fields (a fetch could not follow it there). The card is typed on that page,
 * never in the portal. Throws, sending nothing, when the action is not an
 * http(s) address: a `javascript:` action would run in our page.
 */
export function postToGateway(gateway: GatewayRequest, doc: Document = document): void {
  const action = new URL(gateway.action, doc.baseURI);
  if (action.protocol !== 'https:' && action.protocol !== 'http:') {
    throw new Error(`Not a gateway address: ${gateway.action}`);
  }
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = action.href;
  form.acceptCharset = 'UTF-8';
  form.hidden = true;
  for (const [name, value] of Object.entries(gateway.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
}
