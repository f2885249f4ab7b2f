import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { ok } from '../../platform/http.js';
import { dashboard } from './dashboard.js';

/** `GET /api/admin/dashboard`: every role's start page (docs/api/admin-operators.md). */
export function dashboardAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/dashboard', { config: { access: 'dashboard.read' } }, async () =>
    ok(await dashboard(ctx.database.db, ctx.now())),
  );
}
