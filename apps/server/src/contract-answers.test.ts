import { councilsApi } from '@portal/domain/contracts/councils';
import { settingsApi } from '@portal/domain/contracts/settings';
import { defaultSiteSettings } from '@portal/domain/site-settings';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { expect, test } from 'vitest';

/**
 * Answers are checked against their contract on the way out, with the serializer app.ts uses: a
 * field the code sends but the contract lacks makes the call fail in the route's own tests, where
 * a plain schema would drop it without a word and the web app would never see it.
 */
async function answerOf(answer: unknown, endpoint: typeof settingsApi.get) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: { response: { 200: endpoint.answer } },
    handler: async () => answer,
  });
  const response = await app.inject(endpoint.path);
  await app.close();
  return response;
}

test('an answer with a field its contract lacks fails instead of losing the field', async () => {
  const declared = { version: 1, cart_limit: 10, max_payment: 10_000_000, ...defaultSiteSettings };
  expect((await answerOf(declared, settingsApi.get)).json()).toEqual(declared);
  expect((await answerOf({ ...declared, shadow: 1 }, settingsApi.get)).statusCode).toBe(500);
});

test('nested answers are held to their contract too', () => {
  const council = {
    code: 'mps',
    name: 'Majlis Perbandaran Sandakan',
    short_name: 'MPS',
    product_title: 'MPS ePayment',
    logo: null,
    available: true,
    payment_types: ['assessment'],
    contact: null,
    local_charge_limits: { max_people: 50, max_days: 31 },
  };
  expect(councilsApi.list.answer.safeParse([council]).success).toBe(true);
  const stray = { ...council, local_charge_limits: { max_people: 50, max_days: 31, rate: 1 } };
  expect(councilsApi.list.answer.safeParse([stray]).success).toBe(false);
});
