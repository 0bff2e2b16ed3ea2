import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { citiesResponse, cityPageQuery, cityPageResponse, citySlugParams } from '#common/contracts/cities';
import type { Services } from '../../services.ts';
import { cityPage, listCities } from './public-pages.service.ts';

const tags = ['salas'];

/** The cities with rooms and a city's page, open to visitors like the search (decision 0044). */
export const publicPageRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/cities',
      {
        schema: {
          tags,
          summary: 'Cidades com salas publicadas (mais salas primeiro)',
          response: { 200: citiesResponse },
        },
      },
      async () => ({ data: await listCities(s) }),
    );

    app.get(
      '/cities/:slug',
      {
        schema: {
          tags,
          summary:
            'A página de uma cidade: suas salas, em páginas, e seus bairros (404 sem salas publicadas)',
          params: citySlugParams,
          querystring: cityPageQuery,
          response: { 200: cityPageResponse },
        },
      },
      async (request) => cityPage(s, request.params.slug, request.query.page),
    );
  };
