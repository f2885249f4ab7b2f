import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { adminSessionRoutes } from './admin-session-routes.js';

/**
 * The operator's own session (admin-session-routes.ts). The review of members is
 * member-admin-routes.ts. Registered inside the admin plugin under `/api/admin`.
 */
export function accountAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminSessionRoutes(app, ctx);
}
