// `npm test` runs this after the build: the JavaScript the home route loads first must stay
// within its budget (issue 2: at most 250 KB gzip). A size, not a timing: it cannot flake.
// It once grew to 330 KB unnoticed when a barrel the shell imports re-exported a form page.
import { homeFirstLoad } from './bundle-size.js';

const BUDGET_GZIP_BYTES = 250_000;
const r = homeFirstLoad();
const ok = r.js_gzip_bytes <= BUDGET_GZIP_BYTES;
console.log(
  JSON.stringify({
    home_first_load_js_gzip_bytes: r.js_gzip_bytes,
    budget: BUDGET_GZIP_BYTES,
    ok,
    files: r.files.length,
  }),
);
if (!ok)
  console.error(
    'The home route loads more JavaScript first than its budget: see which chunk the entry imports (bench/src/bundle-size.ts).',
  );
process.exit(ok ? 0 : 1);
