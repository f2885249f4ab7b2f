import type { AdminRoute } from '../../shared/route';

/** This feature's back-office pages (collected by admin/routes.tsx). */
export const routes: AdminRoute[] = [];
