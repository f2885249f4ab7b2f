import type { FastifyInstance } from 'fastify';
import { updateUserInfoSchema } from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { requireMember } from '../../platform/auth.js';
import { ok, parse } from '../../platform/http.js';
import { updateUserInfo } from '../../modules/account/profile.js';
import { memberCenter } from './center.js';
import { memberProfile } from './profile.js';

/**
 * The member's profile (`/api/user/base`, and after saving name and phone) and the member
 * centre (`/api/user/center`). Logins and registration reply with the same profile: the app
 * hands `memberProfile` to the account routes.
 */
export function memberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/user/base', async (req) => {
    const memberId = await requireMember(req);
    const s = await req.session();
    return ok(await memberProfile(db, memberId, s!.token));
  });

  app.get('/api/user/center', async (req) => ok(await memberCenter(db, await requireMember(req), ctx.now())));

  app.post('/api/user/updateUserInfo', async (req) => {
    const memberId = await requireMember(req);
    await updateUserInfo(db, memberId, parse(updateUserInfoSchema, req.body), ctx.now());
    return ok(await memberProfile(db, memberId, (await req.session())!.token), '保存成功');
  });
}
