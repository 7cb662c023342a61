// Builds the offline copy's service worker, static/sw.js, with Workbox (workbox-build from the npm registry,
// pinned in package-lock.json; the Workbox runtime is inlined into sw.js: nothing is fetched from a CDN).
//
//   node tools/workbox/build-sw.mjs [STATIC_DIR]        (make runs it; STATIC_DIR defaults to static/)
//
// Precached at the first visit (revisions are content hashes, so a new release or edition replaces exactly what
// changed): the static assets, the offline search data (offline/search.json), and the two pages the worker
// answers with when the network is gone (/offline, /offline/search; their revisions are hashes of the rendered
// pages, from offline/pages.json). The clause pages, tables of contents and glossaries are the "pack" that
// static/offline.js stores on the judge's 「オフラインで使う」 tap (cache judge-pages), with its size shown.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { generateSW } from "workbox-build";

const staticDir = resolve(process.argv[2] || join(import.meta.dirname, "..", "..", "static"));
const pack = JSON.parse(readFileSync(join(staticDir, "offline", "pages.json"), "utf8"));
const FALLBACK = "/offline";

// The app serves each static file under a content-hashed name as well (judge_app/web/shared/static_files.py:
// app.css -> app.<first 12 hex of its SHA-256>.css) and its pages link that name; the worker keeps the hashed
// name (its URL is its revision), and the plain name too for the small files (make dev links plain names).
const HASH_LEN = 12;
function hashedName(rel) {
  const digest = createHash("sha256").update(readFileSync(join(staticDir, rel))).digest("hex").slice(0, HASH_LEN);
  const slash = rel.lastIndexOf("/"), folder = rel.slice(0, slash + 1), base = rel.slice(slash + 1);
  const dot = base.lastIndexOf(".");
  return folder + (dot > 0 ? `${base.slice(0, dot)}.${digest}${base.slice(dot)}` : `${base}.${digest}`);
}
const BIG = 256 * 1024;     // files this big are kept under their hashed name only (the search data)
function withHashedNames(entries) {
  const out = [];
  for (const e of entries) {
    if (!e.url.startsWith("/static/")) { out.push(e); continue; }
    const rel = e.url.slice("/static/".length);
    out.push({ url: "/static/" + hashedName(rel), revision: null, size: e.size });
    if (e.size < BIG) out.push(e);
  }
  return { manifest: out, warnings: [] };
}

const { count, size, warnings } = await generateSW({
  globDirectory: staticDir,
  globPatterns: ["**/*.{css,js,svg,png,webmanifest}", "offline/search.json"],
  globIgnores: ["sw.js", "offline/pages.json"],
  modifyURLPrefix: { "": "/static/" },
  manifestTransforms: [withHashedNames],
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
  // the offline ranking, for /api/search with no signal (the search box's suggestions)
  importScripts: ["/static/offline-search.js"],
  runtimeCaching: [
    {
      // the search box's suggestions: the server's answer, or with no signal the same query answered here from the
      // precached search data, marked `offline`
      urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === "/api/search",
      handler: async ({ request, url }) => {
        try {
          return await fetch(request);
        } catch (e) {
          const json = (body, status) => new Response(JSON.stringify(body),
            { status, headers: { "Content-Type": "application/json; charset=utf-8" } });
          if (!self.judgeOfflineIndex) {
            let data = null;
            for (const name of await caches.keys()) {
              const cache = await caches.open(name);
              const key = (await cache.keys()).find((r) => /\/static\/offline\/search\.[0-9a-f]{12}\.json/.test(r.url));
              if (key) { data = await cache.match(key); break; }
            }
            if (!data) return json({ error: "オフライン用の検索データがありません", field: null, status: 503, results: [] }, 503);
            self.judgeOfflineIndex = new self.OfflineSearch.Index(await data.json());
          }
          const limit = Math.max(1, Math.min(50, parseInt(url.searchParams.get("limit") || "10", 10) || 10));
          const ans = self.judgeOfflineIndex.search(url.searchParams.get("q") || "", url.searchParams.get("doc") || null, limit);
          return json(Object.assign(ans, { offline: true, message: "オフライン: この端末の検索データで答えています" }), 200);
        }
      },
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
