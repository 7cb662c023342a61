// Search suggestions as the judge types: debounced calls to /api/search, a listbox navigable with
// the arrow keys, Enter to open, Escape to close, each suggestion wearing its rulebook's game as a badge.
// The rulebook chosen in the select is remembered for the browser's next visit (the cookie judge_doc, which
// the server also reads: web/shared/doc_filter.py) and shown beside the box with a link back to every rulebook.
// The form still works without this file.
(function () {
  "use strict";
  var input = document.getElementById("q");
  var list = document.getElementById("suggestions");
  var docSelect = document.getElementById("doc");
  var filter = document.getElementById("docfilter");
  var filterName = document.getElementById("docfilter-name");
  var filterClear = document.getElementById("docfilter-clear");

  // ---- the rulebook filter, remembered -------------------------------------------------------------
  function remember(doc) {
    var secure = window.location.protocol === "https:" ? "; Secure" : "";
    document.cookie = "judge_doc=" + encodeURIComponent(doc) + "; Path=/; SameSite=Lax" + secure +
      (doc ? "; Max-Age=31536000" : "; Max-Age=0");
  }

  function showFilter() {
    if (!docSelect) { return; }
    var doc = docSelect.value;
    docSelect.classList.toggle("filtered", !!doc);
    if (!filter || !filterName) { return; }
    filter.hidden = !doc;
    filterName.className = "doc-badge" + (doc ? " doc-" + doc : "");
    var option = docSelect.options[docSelect.selectedIndex];
    filterName.textContent = doc ? (option.getAttribute("data-name") || option.text) : "";
  }

  if (docSelect) {
    docSelect.addEventListener("change", function () { remember(docSelect.value); showFilter(); });
  }
  if (filterClear && docSelect && filterClear.getAttribute("data-here")) {
    filterClear.addEventListener("click", function (e) {
      e.preventDefault();
      docSelect.value = "";
      docSelect.dispatchEvent(new Event("change"));
      if (input) { input.focus(); }
    });
  }

  // ---- suggestions -----------------------------------------------------------------------------------
  if (!input || !list || !window.fetch) { return; }
  var api = input.getAttribute("data-api");
  var timer = null, active = -1, items = [], seq = 0;

  function close() {
    list.hidden = true; list.textContent = ""; items = []; active = -1;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
  }

  // Text with [start, end) marks, built as DOM nodes: nothing from the server is parsed as HTML.
  function marked(parent, text, marks) {
    var pos = 0;
    (marks || []).forEach(function (m) {
      if (m[0] < pos || m[1] > text.length) { return; }
      parent.appendChild(document.createTextNode(text.slice(pos, m[0])));
      var mk = document.createElement("mark");
      mk.textContent = text.slice(m[0], m[1]);
      parent.appendChild(mk);
      pos = m[1];
    });
    parent.appendChild(document.createTextNode(text.slice(pos)));
  }

  function select(i) {
    items.forEach(function (li, k) { li.setAttribute("aria-selected", k === i ? "true" : "false"); });
    active = i;
    if (i >= 0 && items[i]) {
      input.setAttribute("aria-activedescendant", items[i].id);
      items[i].scrollIntoView({ block: "nearest" });
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  }

  function render(answer) {
    list.textContent = ""; items = []; active = -1;
    (answer.results || []).forEach(function (r, i) {
      var li = document.createElement("li");
      li.id = "sugg-" + i;
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", "false");
      // a suggestion that shows the sub-clause answering inside it opens that sub-clause
      li.dataset.url = r.answer ? r.answer.url : r.url;
      var game = document.createElement("span");
      game.className = "doc-badge doc-" + r.doc;
      game.textContent = r.doc_name || r.doc;
      li.appendChild(game);
      if (r.parent && !r.title) {         // a sub-clause without a title of its own: shown inside its parent
        var up = document.createElement("span");
        up.className = "sparent";
        up.textContent = (r.parent.number + " " + (r.parent.title || "")).trim();
        li.appendChild(up);
      }
      var id = document.createElement("span");
      id.className = "sid";
      id.textContent = r.id + (r.inherited ? "（継承）" : "");
      li.appendChild(id);
      li.appendChild(document.createTextNode(r.title || ""));
      var snip = document.createElement("span");
      snip.className = "ssnip";
      marked(snip, r.snippet || "", r.marks);
      li.appendChild(snip);
      if (r.group) {                      // siblings on one card: the others under the same parent
        r.group.children.slice(1).forEach(function (k) {
          var sib = document.createElement("span");
          sib.className = "sinside";
          var kid = document.createElement("span");
          kid.className = "sid";
          kid.textContent = k.id;
          sib.appendChild(kid);
          marked(sib, k.snippet || "", k.marks);
          li.appendChild(sib);
        });
      }
      if (r.answer) {                     // the sub-clause under this one that answers the question
        var inside = document.createElement("span");
        inside.className = "sinside";
        var aid = document.createElement("span");
        aid.className = "sid";
        aid.textContent = r.answer.id;
        inside.appendChild(aid);
        marked(inside, r.answer.snippet || "", r.answer.marks);
        li.appendChild(inside);
      }
      if (r.why && r.why.length) {       // the table-talk words read as rulebook terms: 「殴る → アタック」
        var why = document.createElement("span");
        why.className = "swhy";
        why.textContent = r.why.map(function (w) { return "「" + w.said + " → " + w.read_as + "」"; }).join("");
        li.appendChild(why);
      }
      li.addEventListener("mousedown", function (e) { e.preventDefault(); window.location.href = li.dataset.url; });
      list.appendChild(li);
      items.push(li);
    });
    var open = items.length > 0;
    list.hidden = !open;
    input.setAttribute("aria-expanded", open ? "true" : "false");
  }

  function fetchSuggestions() {
    var q = input.value.trim();
    if (!q) { close(); return; }
    var mine = ++seq;
    var url = api + "?limit=8&q=" + encodeURIComponent(q);
    if (docSelect && docSelect.value) { url += "&doc=" + encodeURIComponent(docSelect.value); }
    fetch(url, { headers: { "Accept": "application/json" } })
      .then(function (resp) { return resp.ok ? resp.json() : { results: [] }; })
      .then(function (answer) { if (mine === seq) { render(answer); } })
      .catch(function () { if (mine === seq) { close(); } });
  }

  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(fetchSuggestions, 150);
  });
  if (docSelect) { docSelect.addEventListener("change", fetchSuggestions); }
  input.addEventListener("keydown", function (e) {
    if (list.hidden || !items.length) { return; }
    if (e.key === "ArrowDown") { e.preventDefault(); select((active + 1) % items.length); }
    else if (e.key === "ArrowUp") { e.preventDefault(); select(active <= 0 ? items.length - 1 : active - 1); }
    else if (e.key === "Enter" && active >= 0) { e.preventDefault(); window.location.href = items[active].dataset.url; }
    else if (e.key === "Escape") { e.preventDefault(); close(); }
  });
  input.addEventListener("blur", function () { setTimeout(close, 100); });
})();
