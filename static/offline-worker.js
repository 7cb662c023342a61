/* The service worker's own answers (imported by static/sw.js, which Workbox builds: tools/workbox/build-sw.mjs) for
   what its precache does not hold under the name asked for:
   - a static file by another name than the precached one: the plain name (make dev's pages link plain names, the
     precache holds the content-hashed names that make serve's pages link), or an earlier build's hashed name (a
     page stored before a release). The network first; with none, the precached file of the same plain name, as
     the server answers an old hash with the current file (judge_app/web/shared/static_files.py);
   - the search box's suggestions (/api/search) with no network: offline-search.js over the precached search data,
     marked `offline`. */
(function () {
  "use strict";
  var HASHED = /^(.*\/[^/]+?)\.[0-9a-f]{12}(\.[^./]+)?$/;     // static_files.hashed_name's shape

  function plainName(pathname) {
    var m = HASHED.exec(pathname);
    return m ? m[1] + (m[2] || "") : pathname;
  }

  // The precached response whose plain name is `pathname`'s, or null. Only Workbox's precache caches are read: the
  // pack and the rulings keep pages, never static files.
  async function precached(pathname) {
    var want = plainName(pathname);
    for (var name of await caches.keys()) {
      if (name.indexOf("-precache-") < 0) continue;
      var cache = await caches.open(name);
      for (var req of await cache.keys()) {
        var path = new URL(req.url).pathname;
        if (path.indexOf("/static/") === 0 && plainName(path) === want) return cache.match(req);
      }
    }
    return null;
  }

  async function staticFile(args) {
    try {
      return await fetch(args.request);
    } catch (e) {
      return (await precached(args.url.pathname)) || Response.error();
    }
  }

  function json(body, status) {
    return new Response(JSON.stringify(body), { status: status, headers: { "Content-Type": "application/json; charset=utf-8" } });
  }

  var index = null;           // built once per worker from the precached search data
  async function search(args) {
    try {
      return await fetch(args.request);
    } catch (e) {
      if (!index) {
        var data = await precached("/static/offline/search.json");
        if (!data) return json({ error: "オフライン用の検索データがありません", field: null, status: 503, results: [] }, 503);
        index = new self.OfflineSearch.Index(await data.json());
      }
      var q = args.url.searchParams;
      var limit = Math.max(1, Math.min(50, parseInt(q.get("limit") || "10", 10) || 10));
      var ans = index.search(q.get("q") || "", q.get("doc") || null, limit);
      return json(Object.assign(ans, { offline: true, message: "オフライン: この端末の検索データで答えています" }), 200);
    }
  }

  self.judgeWorker = { staticFile: staticFile, search: search, plainName: plainName };
})();
