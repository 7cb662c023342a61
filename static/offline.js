/* The offline copy, on every page (issue 41): registers the service worker (/sw.js, built by Workbox), says when a
   page is the copy kept on this device and when that copy was brought up to date, and on the home page offers
   「オフラインで使う」: the pack listed in /static/offline/pages.json (every clause page, table of contents and
   glossary, the home page), its size, its download's progress. A new build (a new edition or release) changes
   the pages' revisions, and the next visit with signal fetches again exactly the pages that changed.
   On a session page with no signal: one line says stepping needs the server, the forms wait, and the board can be
   kept as its notation line (from /api/sessions/<id>/notation, read while the network answered). */
(function () {
  "use strict";
  var PACK_CACHE = "judge-pages";
  var STATE_KEY = "judge-offline-copy";        // {build, revisions: {url: rev}, updated, bytes, editions}
  var BOARDS_KEY = "judge-kept-boards";        // [{game, notation, session, kept}]
  var NOTATION_KEY = "judge-session-notation:"; // + session id: {game, notation, board_url}
  var WORKERS = 4;

  var supported = "serviceWorker" in navigator && "caches" in window;

  function readJSON(key, fallback) {
    try { return JSON.parse(localStorage.getItem(key)) || fallback; } catch (e) { return fallback; }
  }
  function writeJSON(key, value) {
    try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* private mode: kept for this page only */ }
  }
  function when(ms) {
    var d = new Date(ms), p = function (n) { return (n < 10 ? "0" : "") + n; };
    return d.getFullYear() + "-" + p(d.getMonth() + 1) + "-" + p(d.getDate()) + " " + p(d.getHours()) + ":" + p(d.getMinutes());
  }
  function mb(bytes) { return (bytes / 1e6).toFixed(1) + " MB"; }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  }

  // ---- the line that says this is the offline copy --------------------------------------------------------------
  var sessionPage = /^\/sessions\/[^/]+$/.test(location.pathname);
  var status = document.getElementById("offline-status");

  function showStatus() {
    if (!status) return;
    if (navigator.onLine) { status.hidden = true; status.textContent = ""; return; }
    var state = readJSON(STATE_KEY, null);
    var copy = state ? "（保存したコピー、" + when(state.updated) + " 更新）" : "";
    var notKept = !!document.getElementById("offline-rulings");   // the offline page, in place of one not kept
    status.textContent = sessionPage && !notKept
      ? "オフラインです。盤面を進めるにはサーバーが必要です。表示は最後に開いたときのものです。"
      : notKept ? "オフラインです" + copy + "。"
      : "オフラインです。この端末に保存したページを表示しています" + copy + "。";
    status.hidden = false;
    if (sessionPage) offerKeepBoard();
  }
  window.addEventListener("online", showStatus);
  window.addEventListener("offline", showStatus);

  // A form that changes something needs the server: with no signal it waits, and says so, instead of the browser's
  // error page. The search box (GET) still works: the service worker answers it offline.
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (navigator.onLine || (form.method || "get").toLowerCase() === "get") return;
    ev.preventDefault();
    showStatus();
    if (status) { status.setAttribute("tabindex", "-1"); status.focus(); }
  }, true);

  // ---- sessions: the board as its notation line -----------------------------------------------------------------
  var sid = sessionPage ? decodeURIComponent(location.pathname.split("/")[2]) : null;

  function rememberNotation() {
    if (!sid || !navigator.onLine) return;
    fetch("/api/sessions/" + encodeURIComponent(sid) + "/notation", { headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (n) { if (n && n.notation) writeJSON(NOTATION_KEY + sid, n); })
      .catch(function () {});
  }

  function offerKeepBoard() {
    if (!status || document.getElementById("offline-keep-board")) return;
    var n = readJSON(NOTATION_KEY + sid, null);
    if (!n) return;
    var btn = el("button", "", "盤面を記譜で残す");
    btn.type = "button";
    btn.id = "offline-keep-board";
    btn.addEventListener("click", function () {
      var boards = readJSON(BOARDS_KEY, []);
      boards.unshift({ game: n.game, notation: n.notation, session: sid, kept: Date.now() });
      writeJSON(BOARDS_KEY, boards.slice(0, 20));
      btn.textContent = "記譜で残しました（電波が戻ったらホームから開けます）";
      btn.disabled = true;
    });
    status.appendChild(document.createTextNode(" "));
    status.appendChild(btn);
  }

  function showKeptBoards() {
    var box = document.getElementById("offline-kept-boards");
    var boards = readJSON(BOARDS_KEY, []);
    if (!box || !boards.length) return;
    box.textContent = "";
    if (!box.hasAttribute("data-titled")) box.appendChild(el("h3", "", "記譜で残した盤面"));
    var ul = el("ul", "kept-boards");
    boards.forEach(function (b, i) {
      var li = el("li");
      var id = "kept-board-" + i;
      var label = el("label", "", b.game + "（" + when(b.kept) + "）");
      label.htmlFor = id;
      var input = el("input");
      input.id = id;
      input.readOnly = true;
      input.value = b.notation;
      var open = el("a", "", "盤面ビルダーで開く");
      open.href = "/board/" + encodeURIComponent(b.game);
      li.appendChild(label);
      li.appendChild(input);
      li.appendChild(document.createTextNode(" "));
      li.appendChild(open);
      li.appendChild(el("span", "muted", "（記譜欄に貼り付けて読み込みます）"));
      ul.appendChild(li);
    });
    box.appendChild(ul);
  }

  // ---- rulings kept on this device (the offline page lists them) ------------------------------------------------
  function listKeptRulings() {
    var ul = document.getElementById("offline-rulings");
    if (!ul || !supported) return;
    caches.open("judge-rulings").then(function (c) { return c.keys(); }).then(function (reqs) {
      var pages = reqs.map(function (r) { return new URL(r.url); }).filter(function (u) { return /^\/r\/[^/]+$/.test(u.pathname); });
      if (!pages.length) return;
      ul.textContent = "";
      pages.forEach(function (u) {
        var li = el("li"), a = el("a", "", decodeURIComponent(u.pathname.slice(3)));
        a.href = u.pathname;
        li.appendChild(a);
        ul.appendChild(li);
      });
    });
  }

  // A ruling opened with signal: its JSON twin is kept too (the page itself is kept by the service worker).
  var ruling = /^\/r\/([^/]+)$/.exec(location.pathname);
  if (ruling && navigator.onLine && supported) {
    fetch("/api/rulings/" + ruling[1], { headers: { Accept: "application/json" } }).catch(function () {});
  }

  // ---- the pack -------------------------------------------------------------------------------------------------
  var panel = document.getElementById("offline-pack");
  var button = document.getElementById("offline-get");
  var progress = document.getElementById("offline-progress");
  var packState = document.getElementById("offline-pack-state");

  function getManifest() {
    return fetch("/static/offline/pages.json", { cache: "no-store" }).then(function (r) {
      if (!r.ok) throw new Error("pages.json " + r.status);
      return r.json();
    });
  }

  function describe(manifest) {
    if (!button) return;
    var state = readJSON(STATE_KEY, null);
    var total = manifest ? manifest.bytes + manifest.search.bytes : 0;
    if (state && manifest && state.build === manifest.build) {
      packState.textContent = "この端末に保存済みです（" + mb(state.bytes) + "、" + Object.keys(state.revisions).length +
        " ページ）。最終更新 " + when(state.updated) + "。";
      button.textContent = "保存したコピーを確かめる";
    } else if (state && !manifest) {
      packState.textContent = "この端末に保存済みです。最終更新 " + when(state.updated) + "。";
      button.textContent = "オフライン用のコピーを更新する";
    } else if (state) {
      packState.textContent = "保存済み（最終更新 " + when(state.updated) + "）。新しい版または更新があります。";
      button.textContent = "オフライン用のコピーを更新する";
    } else if (manifest) {
      packState.textContent = "保存する量: 約 " + mb(total) + "（" + manifest.pages.length + " ページと検索データ）。";
      button.textContent = "オフラインで使う（約 " + mb(total) + "）";
    }
  }

  // Stores every page whose revision changed (all of them the first time), WORKERS at a time, and drops the pages
  // no longer in the pack. The state is written only when every page is in: a broken download keeps the old copy's
  // date, and the next tap fetches what is still missing.
  function download(manifest) {
    var state = readJSON(STATE_KEY, { revisions: {} });
    var revisions = Object.assign({}, state.revisions || {});
    return caches.open(PACK_CACHE).then(function (cache) {
      return cache.keys().then(function (keys) {
        var have = {};
        keys.forEach(function (r) { have[new URL(r.url).pathname] = 1; });
        var todo = manifest.pages.filter(function (p) { return revisions[p.url] !== p.rev || !have[p.url]; });
        var total = todo.reduce(function (s, p) { return s + p.bytes; }, 0) || 1, done = 0, failed = 0, next = 0;
        progress.hidden = false;
        progress.max = total;
        progress.value = 0;
        function worker() {
          if (next >= todo.length) return Promise.resolve();
          var p = todo[next++];
          return fetch(p.url, { credentials: "same-origin", cache: "no-store", headers: { Accept: "text/html" } }).then(function (resp) {
            if (!resp.ok) throw new Error(p.url + " " + resp.status);
            return cache.put(p.url, resp);
          }).then(function () { revisions[p.url] = p.rev; }, function () { failed++; }).then(function () {
            done += p.bytes;
            progress.value = done;
            packState.textContent = "保存中… " + mb(done) + " / " + mb(total);
            return worker();
          });
        }
        var runs = [];
        for (var i = 0; i < WORKERS; i++) runs.push(worker());
        return Promise.all(runs).then(function () {
          var listed = {};
          manifest.pages.forEach(function (p) { listed[p.url] = 1; });
          Object.keys(have).forEach(function (u) {
            if (!listed[u] && (u.indexOf("/rules") === 0 || u.indexOf("/glossary/") === 0)) { cache.delete(u); delete revisions[u]; }
          });
          Object.keys(revisions).forEach(function (u) { if (!listed[u]) delete revisions[u]; });
          return { failed: failed, fetched: todo.length };
        });
      });
    }).then(function (result) {
      progress.hidden = true;
      if (result.failed) {
        packState.textContent = result.failed + " ページを保存できませんでした。電波のよいところでもう一度押してください。";
        writeJSON(STATE_KEY, Object.assign(state, { revisions: revisions }));
        return result;
      }
      writeJSON(STATE_KEY, { build: manifest.build, revisions: revisions, updated: Date.now(), editions: manifest.editions,
                             bytes: manifest.bytes + manifest.search.bytes });
      describe(manifest);
      return result;
    });
  }

  var busy = null;
  function getPack() {
    if (busy) return busy;
    button.disabled = true;
    busy = getManifest().then(download).catch(function () {
      packState.textContent = "保存できませんでした。電波のあるところでもう一度押してください。";
    }).then(function (r) { button.disabled = false; busy = null; return r; });
    return busy;
  }
  window.judgeOffline = { getPack: getPack };   // the browser tests wait on this

  function setUpPanel() {
    if (!panel || !supported) return;
    panel.hidden = false;
    showKeptBoards();
    button.addEventListener("click", getPack);
    if (!navigator.onLine) { describe(null); return; }
    getManifest().then(function (manifest) {
      describe(manifest);
      var state = readJSON(STATE_KEY, null);
      if (state && state.build !== manifest.build) getPack();   // a new edition or release: refresh what changed
    }).catch(function () { describe(null); });
  }

  // Away from the home page, a new build is looked for at most once an hour (the pack's list is ~150 kB).
  function checkNow() {
    var state = readJSON(STATE_KEY, null);
    if (!state || panel || !navigator.onLine || Date.now() - (state.checked || 0) < 3600e3) return;
    state.checked = Date.now();
    writeJSON(STATE_KEY, state);
    getManifest().then(function (manifest) { if (manifest.build !== state.build) quietRefresh(manifest); }).catch(function () {});
  }
  function quietRefresh(manifest) {
    progress = progress || el("progress");
    packState = packState || el("p");
    download(manifest).catch(function () {});
  }

  if (supported) {
    checkNow();
    navigator.serviceWorker.register("/sw.js").catch(function () { /* no worker (e.g. not built): pages still work online */ });
  }
  showStatus();
  rememberNotation();
  if (sid) setInterval(rememberNotation, 20000);   // the board moves as the judge steps
  setUpPanel();
  listKeptRulings();
  if (!panel) showKeptBoards();
})();
