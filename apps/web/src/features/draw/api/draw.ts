import type { DrawResultView } from '@kc/domain';
import { api } from '../../../shared/api';

/**
 * Draws once: `POST /api/draw/{id}/activity` (SPEC §7 lists a GET; the server takes both, the
 * POST carries the XSRF header as every write does). Not silent: a failure shows the server's
 * message (SPEC §8 "Prize-draw failure shows the response error").
 */
export const drawOnce = (id: number) => api.post<DrawResultView>(`/api/draw/${id}/activity`);
