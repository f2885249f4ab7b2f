import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.js';
import { contentRoutes } from './content/routes.js';
import { catalogRoutes } from './catalog/routes.js';
import { mediaRoutes } from './content/media.js';
import { engagementRoutes } from './engagement/routes.js';
import { cartRoutes } from './cart/routes.js';
import { promotionRoutes } from './promotion/routes.js';
import { couponCenter } from './promotion/coupon-claim.js';
import { activityRoutes } from './activity/routes.js';
import { walletRoutes } from './wallet/routes.js';
import { orderRoutes } from './order/routes.js';
import { paymentRoutes } from './payment/routes.js';
import { returnRoutes } from './order/return-routes.js';
import { serviceRoutes } from './engagement/service-routes.js';
import { invoiceRoutes } from './invoice/routes.js';
import { qiReportRoutes } from './catalog/qi-report-routes.js';
import { chatRoutes } from './chat/routes.js';

/** Registers every capability module's routes. */
export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  mediaRoutes(app, ctx);
  contentRoutes(app, ctx);
  catalogRoutes(app, ctx);
  engagementRoutes(app, ctx);
  cartRoutes(app, ctx);
  promotionRoutes(app, ctx);
  // Template pages offer the coupon centre's cards: promotion ranks above activity, so it is handed down.
  activityRoutes(app, ctx, couponCenter);
  walletRoutes(app, ctx);
  orderRoutes(app, ctx);
  paymentRoutes(app, ctx);
  returnRoutes(app, ctx);
  serviceRoutes(app, ctx);
  invoiceRoutes(app, ctx);
  qiReportRoutes(app, ctx);
  chatRoutes(app, ctx);
}
