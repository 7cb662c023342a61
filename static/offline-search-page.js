/* The offline search page (/offline/search, and /search when the network is gone): the query from the address,
   answered by static/offline-search.js from the search data kept on this device. Results are DOM nodes built
   from text; nothing is parsed as HTML. */
(function () {
  "use strict";
  var list = document.getElementById("offline-results");
  if (!list || !window.OfflineSearch) return;
  var count = document.getElementById("offline-search-count");
  var readas = document.getElementById("offline-search-readas");
  var params = new URLSearchParams(location.search);
  var q = params.get("q") || "", doc = params.get("doc") || "";
  var input = document.getElementById("q"), select = document.getElementById("doc");
  if (input) input.value = q;
  if (select) select.value = doc;
  if (!q.trim()) return;
  document.title = "検索（オフライン）: " + q + " — judge_app";

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  }

  fetch(list.getAttribute("data-index") || "/static/offline/search.json").then(function (resp) {
    if (!resp.ok) throw new Error(resp.status);
    return resp.json();
  }).then(function (data) {
    var ans = new window.OfflineSearch.Index(data).search(q, doc || null, 20);
    if (ans.read_as.length) {
      readas.textContent = "かなを読み替えて検索しました: " + ans.read_as.map(function (w) { return "「" + w.said + " → " + w.read_as + "」"; }).join("");
      readas.hidden = false;
    }
    count.textContent = ans.results.length ? ans.results.length + " 件見つかりました（オフライン）。" : "見つかりませんでした（オフライン）。語を変えるか、条文番号で探してください。";
    ans.results.forEach(function (r, i) {
      var li = el("li", "result");
      li.id = "r" + (i + 1);
      var head = el("div", "rhead");
      head.appendChild(el("span", "doc-badge doc-" + r.doc, r.doc_name || r.doc));
      var a = el("a", "rlink");
      a.href = r.url;
      a.appendChild(el("span", "num", r.id));
      if (r.title) a.appendChild(document.createTextNode(" " + r.title));
      head.appendChild(a);
      if (r.kind === "number") head.appendChild(el("span", "badge", "番号"));
      else if (r.kind === "term") head.appendChild(el("span", "badge", "定義"));
      if (r.via) head.appendChild(el("span", "badge", "継承（" + r.via + "）"));
      li.appendChild(head);
      if (r.breadcrumb) li.appendChild(el("div", "crumbs", r.breadcrumb));
      if (r.snippet) li.appendChild(el("p", "snip", r.snippet));
      list.appendChild(li);
    });
  }).catch(function () {
    count.textContent = "この端末にはオフライン用の検索データがありません。電波のあるときにホームの「オフラインで使う」を押してください。";
  });
})();
