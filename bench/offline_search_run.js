// Runs static/offline-search.js (the very file the offline page loads) over queries on stdin:
//   node bench/offline_search_run.js static/offline/search.json < queries.json > results.json
// queries.json: [{"q": ..., "doc": ... or null, "limit": 10}]; out: [[clause id, ...], ...] in the same order.
"use strict";
const fs = require("fs");
const path = require("path");
const { Index } = require(path.join(__dirname, "..", "static", "offline-search.js"));

const index = new Index(JSON.parse(fs.readFileSync(process.argv[2], "utf8")));
const queries = JSON.parse(fs.readFileSync(0, "utf8"));
const t0 = process.hrtime.bigint();
const out = queries.map((c) => index.search(c.q, c.doc || null, c.limit || 10).results.map((r) => r.id));
const ms = Number(process.hrtime.bigint() - t0) / 1e6;
process.stdout.write(JSON.stringify({ results: out, ms }));
