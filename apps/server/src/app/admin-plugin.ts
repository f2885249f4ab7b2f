import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can } from '@kc/domain';
import { requireOperator } from '../platform/auth.js';
import type { AppContext } from '../platform/context.js';
import { forbidden } from '../platform/errors.js';
import { accountAdminRoutes } from '../modules/account/admin-routes.js';
import { operatorRole } from '../modules/account/operators.js';
import { catalogAdminRoutes } from '../modules/catalog/admin-routes.js';
import { orderAdminRoutes } from '../modules/order/admin-routes.js';
import { walletAdminRoutes } from '../modules/wallet/admin-routes.js';
import { fulfilmentAdminRoutes } from '../flows/fulfilment/admin-routes.js';

/** A capability's back-office routes, registered with paths relative to `/api/admin`. */
export type AdminRoutes = (app: FastifyInstance, ctx: AppContext) => void;

/** Every capability's `admin-routes.ts` (and the flows' operator steps). */
export const ADMIN_ROUTES: readonly AdminRoutes[] = [
  accountAdminRoutes,
  catalogAdminRoutes,
  walletAdminRoutes,
  orderAdminRoutes,
  fulfilmentAdminRoutes,
];

/**
 * The one operator check. A route names the permission it needs in `config.access`
 * (packages/domain access.ts); the login alone says 'public'. No operator session: 10001/401;
 * a member's session, a role without the permission, or a route that names none: 403.
 */
async function checkAccess(req: FastifyRequest, ctx: AppContext): Promise<void> {
  const access = req.routeOptions.config.access;
  if (access === 'public') return;
  const operatorId = await requireOperator(req);
  if (!access) {
    // Fail closed: a route that forgot to say who may call it is nobody's.
    req.log.error({ url: req.routeOptions.url }, 'admin route declares no access: refused');
    throw forbidden();
  }
  const role = await operatorRole(ctx.database.db, operatorId);
  if (!role || !can(role, access)) throw forbidden();
}

/** Registers the back office under `/api/admin`: one hook in front of every route. */
export async function registerAdmin(
  app: FastifyInstance,
  ctx: AppContext,
  routes: readonly AdminRoutes[] = ADMIN_ROUTES,
): Promise<void> {
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', (req) => checkAccess(req, ctx));
      for (const register of routes) register(admin, ctx);
    },
    { prefix: '/api/admin' },
  );
}
