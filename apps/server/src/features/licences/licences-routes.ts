import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { licencesApi } from '@portal/domain/contracts/licences';
import { languageOfAcceptHeader } from '@portal/domain/languages';
import { routeOf } from '../../lib/endpoint-route';
import { requireRole } from '../../sessions/session-plugin';
import {
  findApplication,
  findLicence,
  keepLicence,
  licenceRenewalForm,
  myLicences,
  printLicence,
  verifyLicence,
} from './licences-service';

export async function licencesRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['licences'];
  // The service checks each search with the domain's form schema, which names the wrong field.
  const checked = { serviceChecksBody: true };

  api.route({
    ...routeOf(licencesApi.find, tags, checked),
    handler: (request) => findLicence(app.db, request.body, app.clock()),
  });

  api.route({
    ...routeOf(licencesApi.application, tags, checked),
    handler: (request) => findApplication(app.db, request.body),
  });

  /** A PDF of the licence, in the language the page asking for it is shown in. */
  const pdfRoute = (
    endpoint: typeof licencesApi.print | typeof licencesApi.renewalForm,
    name: string,
    render: typeof printLicence,
  ) =>
    api.route({
      ...routeOf(endpoint, tags, checked),
      handler: async (request, reply) => {
        const lang = languageOfAcceptHeader(request.headers['accept-language']);
        const { licenceNo, pdf } = await render(
          app.db,
          request.body,
          { ip: request.ip, holder: (await request.currentUser())?.id },
          app.clock(),
          { publicUrl: options.publicUrl, lang },
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${name}-${licenceNo}.pdf"`)
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    });
  pdfRoute(licencesApi.print, 'licence', printLicence);
  pdfRoute(licencesApi.renewalForm, 'renewal-form', (db, body, client, now, { lang }) =>
    licenceRenewalForm(db, body, client, now, lang),
  );

  api.route({
    ...routeOf(licencesApi.mine, tags),
    handler: async (request) =>
      myLicences(app.db, (await requireRole(request, 'user')).id, app.clock(), options.publicUrl),
  });

  api.route({
    ...routeOf(licencesApi.keep, tags, checked),
    handler: async (request) =>
      keepLicence(
        app.db,
        (await requireRole(request, 'user')).id,
        request.body,
        { ip: request.ip },
        app.clock(),
        options.publicUrl,
      ),
  });

  api.route({
    ...routeOf(licencesApi.verify, tags),
    handler: (request) => verifyLicence(app.db, request.query, { ip: request.ip }, app.clock()),
  });
}
