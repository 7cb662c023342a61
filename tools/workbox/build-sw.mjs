// Builds the offline copy's service worker, static/sw.js, with Workbox (workbox-build from the npm registry,
// pinned in package-lock.json; the Workbox runtime is inlined into sw.js: nothing is fetched from a CDN).
//
//   node tools/workbox/build-sw.mjs [STATIC_DIR]        (make runs it; STATIC_DIR defaults to static/)
//
// Precached at the first visit: the static assets under their content-hashed names, the names the pages link (a
// hashed name is its own revision, so a new release fetches exactly the files that changed and the old ones are
// dropped when the new worker takes over), the offline search data (offline/search.json), and the two pages the
// worker answers with when the network is gone (/offline, /offline/search; their revisions are hashes of the
// rendered pages, from offline/pages.json). A plain name (make dev) or an earlier build's hash is answered from the
// precached file of the same plain name when the network is gone (static/offline-worker.js). The clause pages,
// tables of contents and glossaries are the "pack" that static/offline.js stores on the judge's 「オフラインで使う」
// tap (cache judge-pages), with its size shown.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { generateSW } from "workbox-build";

const staticDir = resolve(process.argv[2] || join(import.meta.dirname, "..", "..", "static"));
const pack = JSON.parse(readFileSync(join(staticDir, "offline", "pages.json"), "utf8"));
const FALLBACK = "/offline";

// The app serves each static file under a content-hashed name (judge_app/web/shared/static_files.py:
// app.css -> app.<first 12 hex of its SHA-256>.css) and its pages link that name (make dev: the plain name, and it
// answers the hashed one too).
const HASH_LEN = 12;
function hashedName(rel) {
  const digest = createHash("sha256").update(readFileSync(join(staticDir, rel))).digest("hex").slice(0, HASH_LEN);
  const slash = rel.lastIndexOf("/"), folder = rel.slice(0, slash + 1), base = rel.slice(slash + 1);
  const dot = base.lastIndexOf(".");
  return folder + (dot > 0 ? `${base.slice(0, dot)}.${digest}${base.slice(dot)}` : `${base}.${digest}`);
}
const hashedUrl = (rel) => "/static/" + hashedName(rel);
function underHashedNames(entries) {
  const manifest = entries.map((e) => e.url.startsWith("/static/")
    ? { url: hashedUrl(e.url.slice("/static/".length)), revision: null, size: e.size } : e);
  return { manifest, warnings: [] };
}

const { count, size, warnings } = await generateSW({
  globDirectory: staticDir,
  globPatterns: ["**/*.{css,js,svg,png,webmanifest}", "offline/search.json"],
  globIgnores: ["sw.js", "offline/pages.json"],
  modifyURLPrefix: { "": "/static/" },
  manifestTransforms: [underHashedNames],
  additionalManifestEntries: pack.shell.map((p) => ({ url: p.url, revision: p.rev })),
  maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
  swDest: join(staticDir, "sw.js"),
  mode: "production",
  sourcemap: false,
  inlineWorkboxRuntime: true,
  cleanupOutdatedCaches: true,
  skipWaiting: true,
  clientsClaim: true,
  // /offline/search?q=… is the precached search page whatever the query
  ignoreURLParametersMatching: [/^q$/, /^doc$/, /^utm_/],
  // the offline ranking and the worker's own answers (hashed names: a change to either is a new sw.js)
  importScripts: [hashedUrl("offline-search.js"), hashedUrl("offline-worker.js")],
  runtimeCaching: [
    {
      // the search box's suggestions: the server's answer, or with no signal the same query answered here from the
      // precached search data, marked `offline`
      urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === "/api/search",
      handler: (args) => self.judgeWorker.search(args),
    },
    {
      // a static file by a name not precached (make dev's plain names, an earlier build's hash): the network, or
      // with none the precached file of the same plain name
      urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/static/"),
      handler: (args) => self.judgeWorker.staticFile(args),
    },
    {
      // the pack: clause pages, tables of contents, glossaries, the home page. The network first (a fresh page when
      // there is signal), the stored copy when there is none.
      urlPattern: ({ url, sameOrigin }) => sameOrigin && (url.pathname === "/" || url.pathname.startsWith("/rules")
        || url.pathname.startsWith("/glossary/")),
      handler: "NetworkFirst",
      // ignoreVary: the pages vary on Accept and Cookie (JSON twin, the remembered rulebook); the copy stored by the
      // 「オフラインで使う」 tap was asked for by a script, not by a navigation
      options: { cacheName: "judge-pages", networkTimeoutSeconds: 4, precacheFallback: { fallbackURL: FALLBACK },
                 matchOptions: { ignoreVary: true } },
    },
    {
      // the server's search page: offline, the offline search page answers the same URL
      urlPattern: ({ url, sameOrigin, request }) => sameOrigin && request.mode === "navigate" && url.pathname === "/search",
      handler: "NetworkOnly",
      options: { precacheFallback: { fallbackURL: "/offline/search" } },
    },
    {
      // a ruling the judge saved or opened, page and JSON: kept as last seen
      urlPattern: ({ url, sameOrigin }) => sameOrigin && (/^\/r\/[^/]+$/.test(url.pathname)
        || /^\/api\/rulings\/[^/]+$/.test(url.pathname)),
      handler: "NetworkFirst",
      options: { cacheName: "judge-rulings", networkTimeoutSeconds: 4, precacheFallback: { fallbackURL: FALLBACK },
                 matchOptions: { ignoreVary: true } },
    },
    {
      // a session page as last seen: offline it says that stepping needs the server (static/offline.js)
      urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/sessions\/[^/]+$/.test(url.pathname),
      handler: "NetworkFirst",
      options: { cacheName: "judge-sessions", networkTimeoutSeconds: 4, precacheFallback: { fallbackURL: FALLBACK },
                 expiration: { maxEntries: 30 }, matchOptions: { ignoreVary: true } },
    },
    {
      // any other page: the network, or the offline page (never the browser's error page)
      urlPattern: ({ request, sameOrigin }) => sameOrigin && request.mode === "navigate",
      handler: "NetworkOnly",
      options: { precacheFallback: { fallbackURL: FALLBACK } },
    },
  ],
});
for (const w of warnings) console.warn("workbox:", w);
console.log(`static/sw.js: ${count} files precached, ${(size / 1024).toFixed(0)} KiB`);
