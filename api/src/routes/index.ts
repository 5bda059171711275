/** Every /api/v1 resource, one plugin per folder. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { articlesRoutes } from './articles/index.js';
import { categoriesRoutes } from './categories/index.js';
import { colorGroupsRoutes } from './colorgroups/index.js';
import { customersRoutes } from './customers/index.js';
import { gendersRoutes } from './genders/index.js';
import { healthRoutes } from './health/index.js';
import { imagesRoutes } from './images/index.js';
import { postalCodesRoutes } from './postalcodes/index.js';
import { productLinesRoutes } from './productlines/index.js';
import { settingsRoutes } from './settings/index.js';
import { shopsRoutes } from './shops/index.js';
import { tenantRoutes } from './tenant/index.js';

/** Routes reach the database through `app.database` (decorated by buildApp). */
export const apiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(healthRoutes);
  await app.register(categoriesRoutes);
  await app.register(articlesRoutes);
  await app.register(gendersRoutes);
  await app.register(colorGroupsRoutes);
  await app.register(productLinesRoutes);
  await app.register(shopsRoutes);
  await app.register(postalCodesRoutes);
  await app.register(settingsRoutes);
  await app.register(tenantRoutes);
  await app.register(customersRoutes);
  await app.register(imagesRoutes);
};
