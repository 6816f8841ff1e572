import Fastify, { LogController, type FastifyInstance, type onSendHookHandler } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import { authRoutes } from './features/accounts/auth-routes';
import { sessionPlugin } from './sessions/session-plugin';
import { checkoutRoutes } from './features/checkout/checkout-routes';
import { councilsRoutes } from './features/councils/councils-routes';
import { healthRoutes } from './features/health/health-routes';
import { historyRoutes } from './features/history/history-routes';
import { auditRoutes } from './features/audit/audit-routes';
import { officePaymentsRoutes } from './features/office-payments/office-payments-routes';
import { officeAccess } from './features/staff/office-access';
import { settlementRoutes } from './features/settlement/settlement-routes';
import { refundsRoutes } from './features/refunds/refunds-routes';
import { councilProfileRoutes } from './features/council-profile/council-profile-routes';
import { switchesRoutes } from './features/switches/switches-routes';
import { licenceApplicationsRoutes } from './features/licence-applications';
import { renewalRulesRoutes } from './features/renewal-rules/renewal-rules-routes';
import { officeSettingsRoutes } from './features/settings/office-settings-routes';
import { councilApiOfficeRoutes, councilApiRoutes } from './features/council-api';
import { billImportRoutes } from './features/bill-import';
import { staffRoutes } from './features/staff/staff-routes';
import { officeSessionCookie } from './features/staff';
import { paymentsRoutes } from './features/payments/payments-routes';
import { profileRoutes } from './features/accounts/profile-routes';
import { contentRoutes, officeContentRoutes } from './features/content/content-routes';
import { imagesRoutes, officeImagesRoutes } from './features/images/images-routes';
import { licencesRoutes } from './features/licences/licences-routes';
import { devReminderRoutes, myAccountsRoutes, unsubscribeRoutes } from './features/my-accounts';
import { receiptsRoutes } from './features/receipts/receipts-routes';
import { searchRoutes } from './features/search/search-routes';
import { settingsRoutes } from './features/settings/settings-routes';
import { createGatewayClient, type GatewayClient } from './gateway/gateway-client';
import { devMailRoutes } from './mail/dev-mail-routes';
import { devSettingsRoutes } from './features/settings/dev-settings-routes';
import { createMailer } from './mail/mailer';
import { apiCompression } from './plugins/compression';
import { invalidCharacters } from './plugins/invalid-characters';
import { errorHandling } from './plugins/error-handling';
import { personalData, type PersonalData } from './lib/personal-data';
import { acceptUploads } from './lib/endpoint-route';
import { loggerOptions, requestIdOf } from './plugins/logging';
import { metrics } from './plugins/metrics';
import type { PoolStats } from './db/database';
import { openApi } from './plugins/open-api';
import { securityHeaders } from './plugins/security-headers';
import { webApp } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Encrypts and hashes identity-card numbers (docs/personal-data.md). */
    personalData: PersonalData;
  }
}

export interface AppOptions {
  config: Pick<
    Config,
    | 'logLevel'
    | 'nodeEnv'
    | 'apiDocs'
    | 'metricsToken'
    | 'dataEncryptionKey'
    | 'cartLimit'
    | 'publicUrl'
    | 'gatewayUrl'
    | 'merchantCode'
    | 'merchantKey'
    | 'signatureType'
    | 'smtpUrl'
    | 'mailFrom'
    | 'paymentTimings'
    | 'councilSystems'
    | 'gatewayMaxAmountSen'
    | 'checkoutLimits'
    | 'listSearchesPerMinute'
  > &
    Partial<Pick<Config, 'trustProxy'>>;
  db: Database;
  /** The built web app's folder (apps/web/dist). */
  webRoot: string;
  /** The time; tests pass one they can move, to expire sessions and links. */
  clock?: () => Date;
  /** Where log lines go; standard output unless a test reads them. */
  logStream?: DestinationStream;
  /** The card gateway's client; tests pass one whose requery answers they decide. */
  gateway?: GatewayClient;
  /** PostgreSQL's pool now, for the metrics. */
  poolStats?: (() => PoolStats) | undefined;
  /** Sees every answer before it leaves, as sent; tests check it against the API description. */
  onAnswer?: (app: FastifyInstance) => onSendHookHandler;
}

export async function buildApp({
  config,
  db,
  webRoot,
  clock = () => new Date(),
  logStream,
  gateway = createGatewayClient(config),
  poolStats,
  onAnswer,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    // Behind the council's load balancer the client address arrives in X-Forwarded-For; believed
    // only when TRUST_PROXY says so, or anyone could dodge the per-address rate limits.
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 64 * 1024,
  });
  // First of the onSend hooks, so that it sees each answer before compression.
  if (onAnswer) app.addHook('onSend', onAnswer(app));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  acceptUploads(app);
  app.decorate('db', db);
  app.decorate('personalData', personalData(config.dataEncryptionKey));
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });

  await app.register(errorHandling);
  await app.register(invalidCharacters);
  await app.register(metrics, {
    serve: config.nodeEnv !== 'production' || config.metricsToken !== undefined,
    token: config.metricsToken,
    poolStats,
  });
  await app.register(securityHeaders, { formTargets: [new URL(config.gatewayUrl).origin] });
  await app.register(openApi, {
    serve: config.apiDocs,
    secureCookies: config.nodeEnv === 'production',
    officeCookie: officeSessionCookie,
  });
  await app.register(sessionPlugin, {
    secureCookies: config.nodeEnv === 'production',
    publicUrl: config.publicUrl,
    clock,
  });
  await app.register(
    async (api) => {
      await apiCompression(api);
      await api.register(healthRoutes);
      await api.register(councilsRoutes);
      await api.register(settingsRoutes, {
        cartLimit: config.cartLimit,
        gatewayMaxAmountSen: config.gatewayMaxAmountSen,
      });
      await api.register(searchRoutes, {
        gatewayMaxAmountSen: config.gatewayMaxAmountSen,
        listSearchesPerMinute: config.listSearchesPerMinute,
      });
      await api.register(checkoutRoutes, {
        cartLimit: config.cartLimit,
        personalData: app.personalData,
        gatewayMaxAmountSen: config.gatewayMaxAmountSen,
        handoverSeconds: config.paymentTimings.handoverSeconds,
        limits: config.checkoutLimits,
      });
      await api.register(paymentsRoutes, { gateway, timings: config.paymentTimings });
      await api.register(receiptsRoutes, { publicUrl: config.publicUrl });
      await api.register(licencesRoutes, { publicUrl: config.publicUrl });
      await api.register(imagesRoutes);
      await api.register(contentRoutes);
      await api.register(authRoutes, { mailer, publicUrl: config.publicUrl });
      await api.register(profileRoutes);
      await api.register(historyRoutes);
      await api.register(myAccountsRoutes);
      await api.register(councilApiRoutes);
      await api.register(async (office) => {
        officeAccess(office, { secureCookies: config.nodeEnv === 'production' });
        await office.register(staffRoutes, { mailer, publicUrl: config.publicUrl });
        await office.register(auditRoutes);
        await office.register(officePaymentsRoutes, { gateway, timings: config.paymentTimings });
        await office.register(settlementRoutes, { signingKey: config.dataEncryptionKey });
        await office.register(refundsRoutes);
        await office.register(switchesRoutes);
        await office.register(licenceApplicationsRoutes);
        await office.register(councilProfileRoutes);
        await office.register(renewalRulesRoutes);
        await office.register(officeSettingsRoutes);
        await office.register(officeImagesRoutes);
        await office.register(billImportRoutes);
        await office.register(councilApiOfficeRoutes, {
          rules: config.councilSystems,
        });
        await office.register(officeContentRoutes);
      });
    },
    { prefix: '/api' },
  );
  const reminderLinks = { signingKey: config.dataEncryptionKey, publicUrl: config.publicUrl };
  await app.register(unsubscribeRoutes, reminderLinks);
  if (config.nodeEnv !== 'production') {
    await app.register(devReminderRoutes, reminderLinks);
    await app.register(devMailRoutes);
    await app.register(devSettingsRoutes);
  }
  await app.register(webApp, { root: webRoot });
  return app;
}
