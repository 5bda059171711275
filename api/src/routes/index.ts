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
import { availabilityRoutes } from './availability/index.js';
import { variantsRoutes } from './variants/index.js';
import { bestsellersRoutes } from './bestsellers/index.js';
import { brandRoutes } from './brand/index.js';
import { bundleRoutes } from './bundle/index.js';
import { campaignsRoutes } from './campaigns/index.js';
import { searchRoutes } from './search/index.js';
import { subcategoriesRoutes } from './subcategories/index.js';
import { blogRoutes } from './blog/index.js';
import { pollsRoutes } from './polls/index.js';
import { socialRoutes } from './social/index.js';
import { pagesRoutes } from './pages/index.js';
import { homeRoutes } from './home/index.js';
import { editorRoutes } from './editor/index.js';
import { inviteAcceptRoutes } from './editor/staffAdmin.js';
import { editorImagesRoutes } from './editor/images.js';

import { shippingRoutes } from './shipping/index.js';
import { promocodesRoutes } from './promocodes/index.js';
import { reservationsRoutes } from './reservations/index.js';
import { paymentsRoutes } from './payments/index.js';
import { geoRoutes } from './geo/index.js';
import { staffRoutes } from './staff/index.js';
import { consentRoutes } from './consent/index.js';
import { createMailer, type Mailer } from '../accounts/mail.js';
import { outboxSeconds, startOutboxWorker } from '../accounts/outbox.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one mailer (email_outbox + SMTP_URL): account mail, order mail from the workspace and payments. */
    mailer: Mailer;
  }
}
/** Routes reach the database through `app.database` (decorated by buildApp). */
export const apiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.decorate('mailer', createMailer(app.database.db, app.log, process.env));
  // Every process re-delivers due order e-mails (accounts/outbox.ts); rows are claimed, so processes never collide.
  const outbox = startOutboxWorker(app.mailer, app.log.child({ module: 'mail-outbox' }), outboxSeconds());
  app.addHook('onClose', () => outbox.stop());
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
  await app.register(searchRoutes);
  await app.register(subcategoriesRoutes);
  await app.register(bundleRoutes);
  await app.register(brandRoutes);
  await app.register(bestsellersRoutes);
  await app.register(campaignsRoutes);
  await app.register(availabilityRoutes);
  await app.register(variantsRoutes);
  await app.register(blogRoutes);
  await app.register(pollsRoutes);
  await app.register(socialRoutes);
  await app.register(pagesRoutes);
  await app.register(homeRoutes);
  await app.register(editorRoutes);
  await app.register(inviteAcceptRoutes);
  await app.register(editorImagesRoutes);
  await app.register(shippingRoutes);
  await app.register(promocodesRoutes);
  await app.register(reservationsRoutes);
  await app.register(paymentsRoutes);
  await app.register(geoRoutes);
  await app.register(staffRoutes);
  await app.register(consentRoutes);
};
