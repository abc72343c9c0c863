import { OpenApiGeneratorV31, OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import swaggerUi from 'swagger-ui-express';

export const createRegistry = () => new OpenAPIRegistry();

/** The OpenAPI document, generated from the same zod contracts the routes parse with, and its reader. */
export function openApiRoutes(registry: OpenAPIRegistry, info: { version: string; serverUrl: string }): Router {
  const router = Router();
  let document: ReturnType<OpenApiGeneratorV31['generateDocument']> | undefined;
  const generate = () =>
    (document ??= new OpenApiGeneratorV31(registry.definitions).generateDocument({
      openapi: '3.1.0',
      info: {
        title: 'Causeway API',
        version: info.version,
        description:
          'The API of Causeway, the fundraising and ad-campaign platform for nonprofits. JSON in and out; ' +
          'errors are `{error: {code, message, fields}}`. Authentication is the `__session` cookie set by sign-in.',
      },
      servers: [{ url: info.serverUrl }],
    }));
  router.get('/api/openapi.json', (_req, res) => {
    res.json(generate());
  });
  router.use(
    '/api/docs',
    swaggerUi.serveFiles(undefined, { swaggerOptions: { url: '/api/openapi.json' } }),
    swaggerUi.setup(undefined, {
      customSiteTitle: 'Causeway API reference',
      swaggerOptions: { url: '/api/openapi.json', docExpansion: 'list', defaultModelsExpandDepth: 0 },
    }),
  );
  return router;
}
