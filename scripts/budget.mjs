// First-load budgets of the built console (issue 9 §5), as brotli bytes of the JS+CSS a route loads.
// Follows Vite's manifest: a route loads the entry's static imports, the active language's bundle, then its
// lazy chunks' static imports. A page's own bytes are its chunk and the chunks no other page shares; "first
// visit" adds the chunks it shares with other pages but the console (entry + layout) has not loaded yet.
//   node scripts/budget.mjs [dist=apps/web/dist]      prints a table; exits 1 when a budget is exceeded
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const KB = 1000;
// Issue 9 §5: login 200 KB, workplace 350 KB, a page's own chunk 60 KB. The chart library (ECharts, issue 33
// item 5) loads with the first chart a page draws: its own row, so it cannot grow unnoticed.
const LIMITS = { login: 200 * KB, workplace: 350 * KB, page: 60 * KB, charts: 200 * KB };
const CHARTS = 'src/components/charts/echarts.ts';
const ENTRY = 'index.html';
const LAYOUT = 'src/app/layout/BasicLayout.tsx';
const LOGIN = 'src/features/auth/login/LoginPage.tsx';
const WORKPLACE = 'src/features/dashboard/workplace/WorkplacePage.tsx';
/**
 * The active language's bundle loads with the entry, its features' messages with the layout (i18n.ts);
 * each route is measured with the language that makes it larger.
 */
const isLanguage = (key) => /^src\/i18n\/bundle\..+\.ts$/.test(key);
const featureMessagesOf = (language) => language.replace('/bundle.', '/features.');
/** A page is a lazily loaded `*Page.tsx` of a feature, or of the app where it joins several (app/compose; see app/router/pages.tsx). */
const isPage = (key) => /^src\/(features|app\/compose)\/.+Page\.tsx$/.test(key);

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../apps/web/dist'));
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`budget: no ${manifestFile} (build the console first; vite.config.ts sets build.manifest)`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

const sizes = new Map();
/** Compressed the way the server sends it: the `.br` the build wrote, else brotli at the same quality. */
function brotliSize(file) {
  if (!sizes.has(file)) {
    const full = path.join(dist, file);
    const br = `${full}.br`;
    const size = fs.existsSync(br)
      ? fs.statSync(br).size
      : zlib.brotliCompressSync(fs.readFileSync(full), {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
        }).length;
    sizes.set(file, size);
  }
  return sizes.get(file);
}

/** Files (JS and CSS) a chunk needs before it runs: itself and its static imports, transitively. */
function closure(keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`budget: ${key} is not in the manifest (renamed? update scripts/budget.mjs)`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

function total(files) {
  return [...files].reduce((sum, f) => sum + brotliSize(f), 0);
}
const minus = (a, b) => new Set([...a].filter((f) => !b.has(f)));

const languages = Object.keys(manifest).filter(isLanguage);
if (!languages.length) throw new Error('budget: no src/i18n/bundle.<locale>.ts in the manifest');
/** The route's files with the language that makes it largest (in the console: with the features' messages). */
function withLanguage(keys) {
  return languages
    .map((language) => closure([...keys, language, ...(keys.includes(LAYOUT) ? [featureMessagesOf(language)] : [])]))
    .reduce((a, b) => (total(b) > total(a) ? b : a));
}

const shell = withLanguage([ENTRY, LAYOUT]);
const pages = Object.keys(manifest)
  .filter((key) => isPage(key) && key !== LOGIN && key !== WORKPLACE)
  .sort();
const rows = [
  {
    route: 'login (entry + language + login page)',
    files: withLanguage([ENTRY, LOGIN]),
    limit: LIMITS.login,
  },
  { route: 'workplace (+ layout + page)', files: withLanguage([ENTRY, LAYOUT, WORKPLACE]), limit: LIMITS.workplace },
  // What the first chart adds once its page is loaded (a dynamic import of its own).
  ...(manifest[CHARTS]
    ? [{ route: 'charts library (with the first chart)', files: minus(closure([CHARTS]), shell), limit: LIMITS.charts }]
    : []),
  ...pages.map((key) => {
    // What the page alone adds once the console is loaded: its chunk and the chunks no other page shares
    // (chunks several pages share are counted in "first visit", not against one page's budget).
    const shared = new Set(pages.filter((other) => other !== key).flatMap((other) => [...closure([other])]));
    const firstVisit = minus(closure([key]), shell);
    return {
      route: `  ${path.basename(key, '.tsx')}`,
      files: minus(firstVisit, shared),
      firstVisit: total(firstVisit),
      limit: LIMITS.page,
    };
  }),
];

const fmt = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
let failed = 0;
console.log(
  `${'route'.padEnd(40)} ${'brotli'.padStart(9)} ${'budget'.padStart(9)} files ${'first visit'.padStart(11)}`,
);
for (const row of rows) {
  const size = total(row.files);
  const over = size > row.limit;
  failed += over ? 1 : 0;
  console.log(
    `${row.route.padEnd(40)} ${fmt(size).padStart(9)} ${fmt(row.limit).padStart(9)} ${String(row.files.size).padStart(5)} ${row.firstVisit === undefined ? ''.padStart(11) : fmt(row.firstVisit).padStart(11)}${over ? '  OVER BUDGET' : ''}`,
  );
}
if (failed) {
  console.error(`budget: ${failed} route(s) over budget (KB = 1000 bytes of brotli)`);
  process.exit(1);
}
console.log('budget: every route within budget');
