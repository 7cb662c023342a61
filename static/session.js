// Session and ruling pages: forms update the page in place, space/u step and undo, trace entries
// highlight their changes on the board, and clause ids show their text on hover or tap.
// Everything here is an enhancement: without it the forms post and redirect as usual.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live) return;
  var busy = false;

  // ---- forms in place ------------------------------------------------------------------
  function flash(message) {
    var box = document.getElementById("flash");
    if (!box) return;
    box.textContent = "";
    var p = document.createElement("p");
    p.className = "error";
    p.setAttribute("role", "alert");
    p.textContent = message;
    box.appendChild(p);
  }

  function submitInPlace(form, submitter) {
    if (busy) return;
    busy = true;
    live.setAttribute("aria-busy", "true");
    var data = new FormData(form, submitter || undefined);
    var focusKey = submitter ? (submitter.id || submitter.value || "") : "";
    fetch(form.action, { method: "POST", body: data, credentials: "same-origin",
                         headers: { "Accept": "text/html" } })
      .then(function (res) { return res.text(); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.getElementById("live");
        if (!fresh) { flash("ページを更新できませんでした。読み込み直してください。"); return; }
        live.replaceChildren.apply(live, Array.prototype.slice.call(fresh.childNodes));
        bind();
        restoreFocus(focusKey);
        var list = document.getElementById("trace-list");
        if (list && list.lastElementChild) list.lastElementChild.scrollIntoView({ block: "nearest" });
      })
      .catch(function () { flash("通信に失敗しました。もう一度お試しください。"); })
      .then(function () { busy = false; live.removeAttribute("aria-busy"); });
  }

  function restoreFocus(key) {
    if (!key) return;
    var el = document.getElementById(key);
    if (!el) {
      var buttons = live.querySelectorAll("button[value]");
      for (var i = 0; i < buttons.length; i++) if (buttons[i].value === key) { el = buttons[i]; break; }
    }
    if (el && !el.disabled) el.focus();
  }

  function bind() {
    live.querySelectorAll("form[data-enhance]").forEach(function (form) {
      form.addEventListener("submit", function (e) {
        e.preventDefault();
        submitInPlace(form, e.submitter);
      });
    });
    var sel = live.querySelector(".entry.selected");
    if (sel) highlight(sel);
  }

  // ---- keyboard -----------------------------------------------------------------------------
  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
    var t = e.target;
    var tag = t && t.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (t && t.isContentEditable)) return;
    if (e.key === " " || e.key === "Spacebar") {
      if (tag === "BUTTON" || tag === "A" || tag === "SUMMARY") return; // let the focused control act
      var step = document.getElementById("step-one");
      if (step && !step.disabled) { e.preventDefault(); step.click(); }
    } else if (e.key === "u" || e.key === "U") {
      var undo = document.getElementById("undo");
      if (undo && !undo.disabled) { e.preventDefault(); undo.click(); }
    } else if (e.key === "Escape") {
      hidePop();
    }
  });

  // ---- trace entry -> board highlight ---------------------------------------------------------
  function clearHighlight() {
    live.querySelectorAll(".changed, .changed-in").forEach(function (el) {
      el.classList.remove("changed", "changed-in");
    });
  }

  function findPath(board, path) {
    // the element drawn for the path, or for its nearest drawn ancestor
    var parts = path.split(".");
    while (parts.length) {
      var el = board.querySelector('[data-path="' + CSS.escape(parts.join(".")) + '"]');
      if (el) return el;
      parts.pop();
    }
    return null;
  }

  function highlight(entry) {
    var board = document.getElementById("board");
    if (!board) return;
    clearHighlight();
    live.querySelectorAll(".entry.selected").forEach(function (el) { el.classList.remove("selected"); });
    entry.classList.add("selected");
    var paths = [];
    try { paths = JSON.parse(entry.getAttribute("data-changes") || "[]"); } catch (err) { paths = []; }
    var first = null;
    paths.forEach(function (path) {
      var el = findPath(board, path);
      if (el && el !== board) {
        el.classList.add("changed");
        first = first || el;
      }
      board.querySelectorAll('[data-path^="' + CSS.escape(path + ".") + '"]').forEach(function (child) {
        child.classList.add("changed-in");
      });
    });
    if (first && window.innerWidth < 800) {
      var r = first.getBoundingClientRect();
      if (r.bottom < 0 || r.top > window.innerHeight) first.scrollIntoView({ block: "center" });
    }
  }

  live.addEventListener("click", function (e) {
    var link = e.target.closest && e.target.closest(".entry-select");
    if (link) {
      e.preventDefault();
      highlight(link.closest(".entry"));
      return;
    }
    var info = e.target.closest && e.target.closest("button.clause-info");
    if (info) {
      e.preventDefault();
      if (pop && !pop.hidden && pop.dataset.clause === info.dataset.clause) { hidePop(); return; }
      showClause(info, info.dataset.clause);
    }
  });

  // ---- clause text on hover / tap ------------------------------------------------------------
  var pop = document.getElementById("clause-pop");
  var cache = {};
  var hideTimer = null;

  function clauseUrl(id) {
    var i = id.indexOf(":");
    return "/api/clauses/" + encodeURIComponent(id.slice(0, i)) + "/" + encodeURIComponent(id.slice(i + 1));
  }

  // A link that names an edition (a ruling made under an older one) shows that edition's text.
  function apiUrl(anchor, id) {
    var a = anchor && anchor.tagName === "A" ? anchor : anchor && anchor.previousElementSibling;
    var href = a && a.getAttribute("href");
    if (href && href.indexOf("/rules/") === 0 && href.indexOf("?edition=") > 0) return "/api/clauses/" + href.slice(7);
    return clauseUrl(id);
  }

  function fetchClause(id, url) {
    url = url || clauseUrl(id);
    if (!cache[url]) {
      cache[url] = fetch(url, { headers: { "Accept": "application/json" } })
        .then(function (res) {
          if (!res.ok) return { missing: true };
          return res.json();
        })
        .catch(function () { delete cache[url]; return { failed: true }; });
    }
    return cache[url];
  }

  function showClause(anchor, id) {
    if (!pop || !id) return;
    clearTimeout(hideTimer);
    pop.dataset.clause = id;
    pop.textContent = "読み込み中…";
    pop.hidden = false;
    place(anchor);
    document.querySelectorAll("button.clause-info[aria-expanded=true]").forEach(function (b) {
      b.setAttribute("aria-expanded", "false");
    });
    if (anchor.classList.contains("clause-info")) anchor.setAttribute("aria-expanded", "true");
    fetchClause(id, apiUrl(anchor, id)).then(function (c) {
      if (pop.dataset.clause !== id) return;
      pop.textContent = "";
      var head = document.createElement("strong");
      head.textContent = id + (c && c.title ? " " + c.title : "");
      pop.appendChild(head);
      var body = document.createElement("p");
      if (c && c.missing) body.textContent = "この条文はまだ引けません。";
      else if (c && c.failed) body.textContent = "条文を読み込めませんでした。";
      else body.textContent = (c && c.text) || "（本文なし）";
      pop.appendChild(body);
      place(anchor);
    });
  }

  function place(anchor) {
    var r = anchor.getBoundingClientRect();
    var width = Math.min(420, document.documentElement.clientWidth - 16);
    pop.style.width = width + "px";
    var left = Math.max(8, Math.min(r.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - width - 8));
    pop.style.left = left + "px";
    pop.style.top = (r.bottom + window.scrollY + 6) + "px";
  }

  function hidePop() {
    if (!pop) return;
    pop.hidden = true;
    pop.dataset.clause = "";
    document.querySelectorAll("button.clause-info[aria-expanded=true]").forEach(function (b) {
      b.setAttribute("aria-expanded", "false");
    });
  }

  function hoverTarget(e) {
    return e.target.closest && e.target.closest("a.clause[data-clause]");
  }

  document.addEventListener("mouseover", function (e) {
    var a = hoverTarget(e);
    if (a) showClause(a, a.dataset.clause);
  });
  document.addEventListener("mouseout", function (e) {
    if (hoverTarget(e)) hideTimer = setTimeout(hidePop, 250);
  });
  document.addEventListener("focusin", function (e) {
    var a = hoverTarget(e);
    if (a) showClause(a, a.dataset.clause);
  });
  document.addEventListener("focusout", function (e) {
    if (hoverTarget(e)) hideTimer = setTimeout(hidePop, 250);
  });
  document.addEventListener("click", function (e) {
    if (pop && !pop.hidden && !pop.contains(e.target) && !(e.target.closest && e.target.closest(".clause-info"))) hidePop();
  });

  document.documentElement.classList.add("js");
  bind();
})();
