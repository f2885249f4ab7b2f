import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.js';
import { browseRoutes } from './browse/routes.js';
import { checkoutRoutes } from './checkout/routes.js';
import { commonRoutes } from './common.js';
import { memberRoutes } from './member/routes.js';
import { orderFlowRoutes } from './orders/routes.js';
import { paymentFlowRoutes } from './payment/routes.js';
import { pointsRoutes } from './points/routes.js';
import { drawRoutes } from './draw/routes.js';
import { quickPurchaseRoutes } from './quick-purchase/routes.js';

/**
 * Registers the journeys' routes: each composes several modules (decision 040), so it sits
 * above them and the app registers it after the modules.
 */
export function registerFlows(app: FastifyInstance, ctx: AppContext): void {
  commonRoutes(app, ctx);
  browseRoutes(app, ctx);
  checkoutRoutes(app, ctx);
  orderFlowRoutes(app, ctx);
  memberRoutes(app, ctx);
  paymentFlowRoutes(app, ctx);
  drawRoutes(app, ctx);
  pointsRoutes(app, ctx);
  quickPurchaseRoutes(app, ctx);
}
