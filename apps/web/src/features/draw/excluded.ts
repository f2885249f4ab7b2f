/**
 * SPEC §2/§4: the prize-draw pop-up is not requested on the activity routes. Kept apart from
 * the pop-up so the layout can read it without loading the pop-up's chunk.
 */
export const DRAW_EXCLUDED_ROUTES: ReadonlySet<string> = new Set([
  'activity_lq',
  'activity_gq',
  'activity_yhhg',
  'eleven_gq',
  'eleven_big',
  'eleven_big_app',
  'live',
]);
