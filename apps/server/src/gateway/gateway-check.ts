import { cardPaymentId } from '@portal/domain/payment-methods';
import { gatewayErrors } from '@portal/gateway-protocol/ipay88';
import { ConfigError, loadConfig } from '../config';
import { createGatewayClient, readEnquiryAnswer } from './gateway-client';

/** What the check asks the gateway for: RM 1.00, and never a card. */
const checkAmountSen = 100;

/** The gateway's answer to an entry: the refusal it shows, if any. */
function refusalIn(page: string): string | undefined {
  const text = page.toLowerCase();
  return Object.values(gatewayErrors).find((refusal) => text.includes(refusal.toLowerCase()));
}

/**
 * `npm run gateway:check` (docs/going-live.md): with the portal's own environment, makes one RM 1.00
 * entry request to the configured gateway, as a payer's browser would post it (the portal's origin as
 * its Referer), then one requery of it, and prints what each answered. No card is given, so nothing
 * is paid. Exits 0 only when the gateway opened its payment page and answered the requery in one of
 * iPay88's words.
 */
async function checkGateway(): Promise<boolean> {
  const config = loadConfig();
  const gateway = createGatewayClient(config);
  const origin = new URL(config.publicUrl).origin;
  const reference = `CHECK${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
  const say = (line = '') => process.stdout.write(`${line}\n`);

  say(`Gateway ${config.gatewayUrl}, merchant ${config.merchantCode}, ${config.signatureType}`);
  say();
  const form = gateway.paymentForm({
    paymentId: cardPaymentId,
    reference,
    amountSen: checkAmountSen,
    description: 'Gateway check: nothing to pay',
    payerName: 'Gateway Check',
    payerEmail: 'gateway-check@example.com',
    payerPhone: '0123456789',
  });
  say(`1. Entry request: ${reference}, MYR ${form.fields.Amount}, Referer ${origin}/`);
  let entryOpened = false;
  try {
    const entry = await fetch(form.action, {
      method: 'POST',
      headers: { referer: `${origin}/` },
      body: new URLSearchParams({ ...form.fields }),
      signal: AbortSignal.timeout(20_000),
    });
    const refusal = refusalIn(await entry.text());
    const where = entry.redirected ? `, at ${entry.url}` : '';
    if (refusal) {
      say(`   Refused (HTTP ${entry.status}${where}): "${refusal}"`);
    } else if (!entry.ok) {
      say(`   No payment page: HTTP ${entry.status}${where}`);
    } else {
      entryOpened = true;
      say(`   The payment page opened (HTTP ${entry.status}${where}): code, key and Referer taken`);
    }
  } catch (error) {
    say(`   No answer: ${(error as Error).message}`);
  }

  say(`2. Requery of ${reference}`);
  const answer = await gateway.enquiryText(reference, checkAmountSen);
  let requeryRead = false;
  if (typeof answer === 'string') {
    const meaning = readEnquiryAnswer(reference, checkAmountSen, answer);
    requeryRead = meaning.status !== 'no_answer' && meaning.status !== 'refused';
    say(`   Answered "${answer.trim().slice(0, 200)}": read as ${meaning.status}`);
  } else {
    say(`   No answer (${answer.reason})`);
  }

  say();
  say('No card was given: nothing was paid.');
  say('Registered with the gateway for this merchant code, these must be:');
  say(`   request URL  ${origin}/`);
  say(`   response URL ${form.fields.ResponseURL}`);
  say(`   backend URL  ${form.fields.BackendURL}`);
  const passed = entryOpened && requeryRead;
  say(passed ? 'The gateway check passed.' : 'The gateway check FAILED: see docs/going-live.md.');
  return passed;
}

checkGateway().then(
  (passed) => process.exit(passed ? 0 : 1),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
