// The session page as the judge's hand, and the ruling page.
//
// Session page: every control (a step, an answer, a withheld action tried, an adjustment or an effect, 元に戻す)
// goes to the JSON API (/api/sessions/<id>/…) and the page is updated in place from its answer: the decision and
// the controls are drawn from the JSON; the board and the new trace entries, which the server draws, come from
// /sessions/<id>/view. No navigation, and nothing scrolls the window: the decision (a bottom sheet on a phone, the
// side column on a wide screen) stays where the judge's thumb is. Focus moves to a new decision, else to the
// status. Refusals (422) are shown with their clause beside the decision or the adjustment form.
// Also: space = 1 step, u = 元に戻す; a trace entry highlights what it changed on the board; a clause id shows its
// text on hover or on tapping its ? button; the setting 「回答したら次の決定まで進める」 is remembered in a cookie.
// Everything here is an enhancement: without it the forms post and redirect as usual.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live) return;
  document.documentElement.classList.add("js");
  var api = live.dataset.api || "";          // /api/sessions/<id>; absent on the ruling page
  var viewUrl = live.dataset.view || "";
  var fieldsUrl = live.dataset.fields || "";
  var phases = {};
  try { phases = JSON.parse(live.dataset.phases || "{}"); } catch (err) { phases = {}; }
  var THEN_COOKIE = "judge_answer_then";
  var busy = false;

  function $(sel, root) { return (root || document).querySelector(sel); }
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (attrs[k] === true) e.setAttribute(k, "");
      else if (attrs[k] !== false && attrs[k] != null) e.setAttribute(k, attrs[k]);
    });
    if (text != null) e.textContent = text;
    return e;
  }
  function csrf() { var i = $("input[name=csrf]", live); return i ? i.value : ""; }

  // ---- clause links, as the templates draw them (sessions/_entry.html clause_link) --------------------------
  function clauseHref(rule, edition) {
    var i = (rule || "").indexOf(":");
    if (i < 0) return "#";
    return "/rules/" + rule.slice(0, i) + "/" + rule.slice(i + 1) + (edition ? "?edition=" + encodeURIComponent(edition) : "");
  }
  function clauseLink(rule, edition) {
    var ref = el("span", { "class": "cref" });   // the id and its ? button stay on one line
    ref.appendChild(el("a", { "class": "clause", href: clauseHref(rule, edition), "data-clause": rule }, rule));
    ref.appendChild(el("button", { type: "button", "class": "clause-info js-only", "data-clause": rule,
                                   "aria-label": rule + " の条文を表示", "aria-expanded": "false" }, "?"));
    return ref;
  }

  // ---- the setting: carry on to the next decision after an answer (remembered in this browser) ---------------
  function carriesOn() { return !/(?:^|;\s*)judge_answer_then=stop(?:;|$)/.test(document.cookie); }
  function rememberCarryOn(on) {
    document.cookie = THEN_COOKIE + "=" + (on ? "decision" : "stop") + "; path=/; max-age=34560000; SameSite=Lax";
  }

  // ---- drawing from the JSON API's answer ----------------------------------------------------------------------
  function drawDecision(p) {
    var sec = document.getElementById("decision");
    var hand = document.getElementById("hand");
    if (!sec) return;
    sec.textContent = "";
    sec.classList.toggle("open", !!p);
    if (hand) hand.classList.toggle("has-decision", !!p);
    if (handBody && handBody.hidden) setFolded(true);   // the folded line says whether a decision waits
    if (!p) {
      sec.removeAttribute("aria-labelledby");
      sec.setAttribute("aria-label", "決定");
      return;
    }
    sec.removeAttribute("aria-label");
    sec.setAttribute("aria-labelledby", "decision-title");
    var h = el("h2", { id: "decision-title" });
    if (p.player) h.appendChild(el("span", { "class": "who" }, p.player + " の"));
    h.appendChild(document.createTextNode("決定: " + p.prompt));
    sec.appendChild(h);
    sec.appendChild(el("div", { id: "refusal" }));
    var form = el("form", { method: "post", action: live.dataset.session ? "/sessions/" + live.dataset.session + "/answer" : "",
                            "class": "answer", "data-enhance": "answer" });
    form.appendChild(el("input", { type: "hidden", name: "csrf", value: csrf() }));
    form.appendChild(el("input", { type: "hidden", name: "decision", value: p.id }));
    form.appendChild(el("input", { type: "hidden", name: "then_shown", value: "1" }));
    var opts = el("div", { "class": "options" });
    (p.options || []).forEach(function (o) {
      opts.appendChild(el("button", { type: "submit", name: "value", value: JSON.stringify(o.value) }, o.label));
    });
    form.appendChild(opts);
    form.appendChild(el("a", { "class": "skip to-save", href: "#save" }, "この裁定の保存へ"));
    var held = p.withheld || [];
    if (held.length) {
      var det = el("details", { "class": "withheld", open: held.length <= 3 });
      det.appendChild(el("summary", {}, "できない行動（" + held.length + "）"));
      var ul = el("ul");
      held.forEach(function (w) {
        var li = el("li");
        li.appendChild(el("span", { "class": "w-label" }, w.label));
        li.appendChild(document.createTextNode(" "));
        li.appendChild(el("span", { "class": "w-reason" }, w.reason));
        li.appendChild(document.createTextNode(" "));
        li.appendChild(clauseLink(w.rule, w.rule_edition));
        li.appendChild(document.createTextNode(" "));
        li.appendChild(el("button", { type: "submit", name: "try", value: JSON.stringify(w.value), "class": "try",
                                      "aria-label": "「" + w.label + "」を試す（できないことをトレースに記録）" }, "試す"));
        ul.appendChild(li);
      });
      det.appendChild(ul);
      form.appendChild(det);
    }
    var foot = el("p", { "class": "decision-foot" });
    var basis = el("span", { "class": "basis" }, "根拠 ");
    basis.appendChild(clauseLink(p.rule, p.rule_edition));
    foot.appendChild(basis);
    var lab = el("label", { "class": "check then" });
    lab.appendChild(el("input", { type: "checkbox", name: "then", value: "decision", checked: carriesOn() }));
    lab.appendChild(document.createTextNode(" 回答したら次の決定まで進める"));
    foot.appendChild(lab);
    form.appendChild(foot);
    sec.appendChild(form);
  }

  function drawControls(c) {
    var steps = $("form.steps", live);
    if (steps) {
      steps.hidden = !!c.pending;
      steps.querySelectorAll("button").forEach(function (b) { b.disabled = !!(c.finished || c.pending); });
    }
    var undo = document.getElementById("undo");
    if (undo) {
      undo.textContent = c.undo ? c.undo.label : "元に戻す";
      undo.disabled = !c.undo;
    }
    var adjust = document.getElementById("adjust");
    if (adjust) adjust.hidden = !!c.finished;
  }

  function drawStatus(c) {
    var line = $("#status .status-line");
    if (!line) return;
    line.textContent = "";
    var s = c.state || {};
    line.appendChild(el("span", {}, "ターン " + s.turn));
    if (s.phase) line.appendChild(el("span", {}, phases[s.phase] || s.phase));
    line.appendChild(el("span", {}, "手順 " + c.trace_length));
    if (s.finished) {
      var w = s.winner === "draw" ? "引き分け" : (s.winner ? "勝者: " + s.winner : "ゲーム終了（勝者なし）");
      line.appendChild(el("strong", { "class": "winner" }, w));
    } else if (c.halted) {
      line.appendChild(el("strong", { "class": "halted" }, c.halted));
    }
  }

  function drawLatest() {
    var status = document.getElementById("status");
    if (!status) return;
    var old = $(".latest", status);
    if (old) old.remove();
    var last = $("#trace-list .entry:last-of-type");
    if (!last) return;
    var p = el("p", { "class": "latest" });
    p.appendChild(el("a", { href: "#" + last.id }, "#" + last.dataset.seq));
    var msg = $(".msg", last);
    p.appendChild(document.createTextNode(" " + (msg ? msg.textContent : "")));
    status.appendChild(p);
  }

  // The board and the trace entries from `since` on, as the server draws them.
  function drawView(since, traceLength) {
    var list = document.getElementById("trace-list");
    if (list) {
      list.querySelectorAll(".entry").forEach(function (li) {
        if (Number(li.dataset.seq) > since) li.remove();
      });
    }
    var sel = $(".entry.selected", live);
    var url = viewUrl + "?since=" + since + (sel && Number(sel.dataset.seq) <= since ? "&entry=" + sel.dataset.seq : "");
    return fetch(url, { headers: { "Accept": "text/html" }, credentials: "same-origin" })
      .then(function (res) { if (!res.ok) throw new Error("view " + res.status); return res.text(); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var board = $(".board-now", live);
        var fresh = doc.getElementById("view-board");
        if (board && fresh) board.replaceChildren.apply(board, Array.prototype.slice.call(fresh.childNodes));
        var entries = doc.getElementById("view-entries");
        if (list && entries) {
          var none = $("li.none", list);
          if (none && entries.children.length) none.remove();
          Array.prototype.slice.call(entries.children).forEach(function (li) { list.appendChild(li); });
          if (!list.children.length && traceLength === 0) list.appendChild(el("li", { "class": "none" }, "まだ何も処理していません。「1 ステップ」で始めてください。"));
        }
        var pane = $(".side .trace-pane", live);
        // the side column scrolls the trace inside itself (wide screens): show its end, the window stays put
        if (pane && pane.scrollHeight > pane.clientHeight + 4 && getComputedStyle(pane).overflowY !== "visible") {
          pane.scrollTop = pane.scrollHeight;
        }
        var selected = $(".entry.selected", live);
        if (selected) highlight(selected, true);
        drawLatest();
      });
  }

  function moveFocus(c) {
    if (c.pending) setFolded(false);
    var target = c.pending ? document.getElementById("decision") : document.getElementById("status");
    if (target) target.focus({ preventScroll: true });
  }

  function apply(c, kind) {
    var before = $("#decision input[name=decision]");
    var fresh = c.pending && (!before || before.value !== c.pending.id);
    clearMessages();
    drawDecision(c.pending);
    drawControls(c);
    drawStatus(c);
    // a control of the hand: focus to the decision, else the status; an adjustment keeps the judge in its form
    // unless a new decision appeared
    if (kind !== "adjust" || fresh) moveFocus(c);
    if (kind === "adjust") {
      var box = document.getElementById("adjust-result");
      if (box) {
        box.textContent = "";
        box.appendChild(el("p", { "class": "ok" }, "適用しました（手順 " + c.trace_length + " まで）。"));
      }
    }
    var entries = c.entries || [];
    var last = entries[entries.length - 1];
    if (kind === "answer" && last && last.kind === "refused") showRecorded(last);
    return drawView(c.trace_length - (c.entries || []).length, c.trace_length);
  }

  // ---- errors: a refusal beside its control, anything else in the hand ------------------------------------------
  function clearMessages() {
    ["flash", "refusal", "adjust-result"].forEach(function (id) {
      var box = document.getElementById(id);
      if (box) box.textContent = "";
    });
    live.querySelectorAll("[aria-invalid=true]").forEach(function (f) { f.removeAttribute("aria-invalid"); });
  }

  // a tried action the rules withhold: recorded in the trace as 「いいえ」, said beside the decision
  function showRecorded(entry) {
    var box = document.getElementById("refusal");
    if (!box) return;
    var p = el("p", { "class": "refusal recorded", role: "status" });
    p.appendChild(el("strong", {}, "いいえ（トレースに記録）"));
    p.appendChild(document.createTextNode(" " + entry.message + " "));
    p.appendChild(clauseLink(entry.rule, entry.rule_edition));
    box.appendChild(p);
  }

  function showError(err, kind, form) {
    var box = null;
    if (kind === "answer" && err.rule) box = document.getElementById("refusal");
    if (kind === "adjust") box = document.getElementById("adjust-result");
    box = box || document.getElementById("flash");
    if (!box) return;
    box.textContent = "";
    var p = el("p", { "class": err.rule ? "refusal" : "error", role: "alert" });
    if (err.rule) p.appendChild(el("strong", {}, "できません"));
    p.appendChild(document.createTextNode((err.rule ? " " : "") + String(err.error || "エラー").replace(/^value: /, "") + " "));
    if (err.rule) p.appendChild(clauseLink(err.rule, null));
    if (err.field && !err.rule) p.appendChild(el("span", { "class": "field" }, "（項目: " + err.field + "）"));
    box.appendChild(p);
    p.scrollIntoView({ block: "nearest" });
    if (form && err.field) {
      var bad = form.querySelector('[name="' + CSS.escape(err.field) + '"]');
      if (bad) { bad.setAttribute("aria-invalid", "true"); bad.focus({ preventScroll: false }); }
    }
  }

  // ---- the controls, through the JSON API -------------------------------------------------------------------------
  function setPath(obj, name, value) {
    var keys = [];
    name.replace(/([^.[\]]+)|\[(\d+)\]/g, function (m, key, index) { keys.push(index != null ? Number(index) : key); });
    var node = obj;
    for (var i = 0; i < keys.length - 1; i++) {
      if (node[keys[i]] == null) node[keys[i]] = typeof keys[i + 1] === "number" ? [] : {};
      node = node[keys[i]];
    }
    node[keys[keys.length - 1]] = value;
  }

  // An adjustment form as the adjustment's JSON body (web/shared/adjust_form.py reads the same form).
  function formToBody(form) {
    var body = {};
    Array.prototype.forEach.call(form.elements, function (f) {
      if (!f.name || f.disabled || f.tagName === "BUTTON" || f.tagName === "FIELDSET" || f.name === "csrf") return;
      if (f.hasAttribute("data-page-only")) return;   // how the page is drawn (at_once's block count), not the body
      var type = f.dataset.type || "string";
      var value;
      if (f.type === "checkbox") {
        if (!f.checked) return;
        value = true;
      } else if (f.multiple) {
        var picked = Array.prototype.map.call(f.selectedOptions, function (o) { return o.value; }).filter(Boolean);
        if (!picked.length) return;
        value = type === "one-or-more" && picked.length === 1 ? picked[0] : picked;
      } else {
        var raw = (f.value || "").trim();
        if (raw === "") return;
        value = raw;
        if (type === "json") { try { value = JSON.parse(raw); } catch (err) { value = raw; } }
        else if ((type === "integer" || type === "number") && raw !== "" && isFinite(Number(raw))) value = Number(raw);
      }
      setPath(body, f.name, value);
    });
    wrapRows(body);
    // at_once: its effect blocks, each read like the effect form, those left empty dropped (adjust_form does the same)
    if (Array.isArray(body.effects)) {
      body.effects = body.effects.filter(function (x) { return x != null && Object.keys(wrapRows(x)).length; });
    }
    return body;
  }

  function wrapRows(effect) {
    ["cost", "parts"].forEach(function (k) {
      if (!Array.isArray(effect[k])) return;
      effect[k] = effect[k].filter(function (x) { return x != null && x.op; }).map(wrapPart);
      if (!effect[k].length) delete effect[k];
    });
    return effect;
  }

  // A part row's 「〜まで」, 「〜してもよい」 and 「〜なら」 pickers wrap it (adjust_form.wrap_part does the same).
  function wrapPart(part) {
    var upTo = part.up_to, cond = part["if"], optional = part.optional;
    delete part.up_to;
    delete part["if"];
    delete part.optional;
    if (upTo && upTo.max) {
      var inner = {};
      Object.keys(part).forEach(function (k) { if (k !== (upTo.choose ? "target" : "value")) inner[k] = part[k]; });
      part = { op: "up_to", max: upTo.max, part: inner };
      if (upTo.choose) part.choose = upTo.choose;
    }
    if (optional) part.optional = true;
    if (cond && cond.player && cond.zone) part = { op: "condition", check: cond, parts: [part] };
    return part;
  }

  function request(kind, form, submitter) {
    if (kind === "step") return ["step", { until: submitter ? submitter.value : "step" }];
    if (kind === "undo") return ["undo", {}];
    if (kind === "adjust") return ["adjust", formToBody(form)];
    var value;
    try { value = JSON.parse(submitter ? submitter.value : "null"); } catch (err) { value = submitter.value; }
    var body = { decision: form.elements.decision.value, value: value };
    if (submitter && submitter.classList.contains("try")) {
      body["try"] = true;   // a withheld action tried: the refusal is recorded in the trace
      return ["answer", body];
    }
    var then = form.elements.then;
    if (then && then.checked) body.then = "decision";
    return ["answer", body];
  }

  function act(kind, form, submitter) {
    if (busy) return;
    busy = true;
    live.setAttribute("aria-busy", "true");
    var call = request(kind, form, submitter);
    fetch(api + "/" + call[0], { method: "POST", credentials: "same-origin",
                                 headers: { "Content-Type": "application/json", "Accept": "application/json" },
                                 body: JSON.stringify(call[1]) })
      .then(function (res) {
        return res.json().catch(function () { return { error: "サーバーの応答を読めませんでした（" + res.status + "）" }; })
          .then(function (data) { return { ok: res.ok, status: res.status, data: data }; });
      })
      .then(function (r) {
        if (!r.ok) {
          if (r.status === 409) r.data.error = (r.data.error || "") + " ページを読み込み直してください。";
          showError(r.data, kind, form);
          return null;
        }
        return apply(r.data, kind);
      })
      .catch(function () { showError({ error: "通信に失敗しました。もう一度お試しください。" }, null, null); })
      .then(function () { busy = false; live.removeAttribute("aria-busy"); });
  }

  live.addEventListener("submit", function (e) {
    var form = e.target;
    var kind = form.dataset && form.dataset.enhance;
    if (!kind || !api) return;
    if (e.submitter && e.submitter.name === "prepare") return;   // 項目を表示 is for a browser without script
    e.preventDefault();
    act(kind, form, e.submitter);
  });

  live.addEventListener("change", function (e) {
    var t = e.target;
    if (t.name === "then" && t.type === "checkbox") rememberCarryOn(t.checked);
    if (t.classList && t.classList.contains("op-picker")) loadFields(t);
  });

  // An adjustment row's fields follow its op (the server draws them: sessions/_fields.html).
  function loadFields(picker) {
    var form = picker.form;
    var prefix = picker.dataset.prefix || "";
    var box = form && form.querySelector('.op-fields[data-prefix="' + CSS.escape(prefix) + '"]');
    if (!box) return;
    if (!picker.value) { box.textContent = ""; return; }
    var op = picker.value;   // arrow keys pass over ops: only the answer for the op still chosen is drawn
    fetch(fieldsUrl + "?op=" + encodeURIComponent(op) + "&prefix=" + encodeURIComponent(prefix),
          { headers: { "Accept": "text/html" }, credentials: "same-origin" })
      .then(function (res) { if (!res.ok) throw new Error(String(res.status)); return res.text(); })
      .then(function (html) {
        if (picker.value !== op) return;
        var doc = new DOMParser().parseFromString(html, "text/html");
        box.replaceChildren.apply(box, Array.prototype.slice.call(doc.body.childNodes));
      })
      .catch(function () { showError({ error: "項目を読み込めませんでした。もう一度選んでください。" }, "adjust", null); });
  }

  // ---- keyboard ----------------------------------------------------------------------------------------------------
  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
    if (e.key === "Escape" && pop && !pop.hidden) { hidePop(); return; }
    var t = e.target;
    var tag = t && t.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (t && t.isContentEditable)) return;
    if (e.key === " " || e.key === "Spacebar") {
      if (tag === "BUTTON" || tag === "A" || tag === "SUMMARY") return; // let the focused control act
      var step = document.getElementById("step-one");
      if (step && !step.disabled && !busy) { e.preventDefault(); step.click(); }
    } else if (e.key === "u" || e.key === "U") {
      var undo = document.getElementById("undo");
      if (undo && !undo.disabled && !busy) { e.preventDefault(); undo.click(); }
    } else if (e.key === "f" || e.key === "F") {
      if (toggleFold()) e.preventDefault();   // the sheet folds to one line, or opens again
    } else if (e.key === "Escape") {
      hidePop();
    }
  });

  // ---- the bottom sheet: the page leaves room for it ------------------------------------------------------------
  var hand = document.getElementById("hand");
  if (hand && window.ResizeObserver) {
    new ResizeObserver(function () {
      document.documentElement.style.setProperty("--hand-h", Math.ceil(hand.getBoundingClientRect().height) + "px");
    }).observe(hand);
  }
  // a phone's sheet folds to its status line, so that the board can be seen whole
  var fold = document.getElementById("hand-fold");
  var handBody = document.getElementById("hand-body");
  function setFolded(folded) {
    if (!fold || !handBody) return;
    handBody.hidden = folded;
    hand.classList.toggle("folded", folded);
    fold.setAttribute("aria-expanded", folded ? "false" : "true");
    // folded, the one line still says that a decision waits
    fold.textContent = folded ? (hand.classList.contains("has-decision") ? "ひらく（決定あり）" : "ひらく") : "たたむ";
  }
  function toggleFold() {
    if (!fold || !handBody || getComputedStyle(fold).display === "none") return false;
    setFolded(!handBody.hidden);
    return true;
  }
  if (fold) fold.addEventListener("click", toggleFold);
  // a field the judge moves to below the sheet (the save form's title) scrolls up into view above it; CSS's
  // scroll-padding covers the browser's own scrolling, this the focus that lands behind the sheet regardless
  document.addEventListener("focusin", function (e) {
    var t = e.target;
    if (!hand || !t || !t.getBoundingClientRect || hand.contains(t) || getComputedStyle(hand).position !== "fixed") return;
    var r = t.getBoundingClientRect();
    var top = hand.getBoundingClientRect().top;
    if (r.bottom > top - 4) window.scrollBy(0, r.bottom - top + 12);
  });
  // the skip links from the trace: straight to the title of the save form, or to ジャッジによる調整 opened (its
  // summary focused: the next Tab reaches the links to its forms)
  live.addEventListener("click", function (e) {
    var skip = e.target.closest && e.target.closest("a.to-save, a.to-adjust");
    var target = skip && (skip.classList.contains("to-save") ? document.querySelector("#save input[name=title]")
                                                              : document.querySelector("#adjust > summary"));
    if (!skip || !target) return;
    e.preventDefault();
    var box = document.getElementById(skip.classList.contains("to-save") ? "save" : "adjust");
    if (box) box.open = true;
    target.focus();
  });
  // on a phone, the sheet folds while the judge fills in an adjustment (a new decision unfolds it)
  var adjustBox = document.getElementById("adjust");
  if (adjustBox && fold) adjustBox.addEventListener("toggle", function () {
    if (window.matchMedia("(max-width: 999px)").matches) setFolded(adjustBox.open);
  });

  // the ruling page's board: open where there is room for it
  var boardDetails = document.getElementById("board-details");
  if (boardDetails && window.matchMedia("(min-width: 1000px)").matches) boardDetails.open = true;

  // ---- trace entry -> board highlight ---------------------------------------------------------------------------
  function clearHighlight() {
    live.querySelectorAll(".changed, .changed-in").forEach(function (x) {
      x.classList.remove("changed", "changed-in");
    });
  }

  function findPath(board, path) {
    // the element drawn for the path, or for its nearest drawn ancestor
    var parts = path.split(".");
    while (parts.length) {
      var found = board.querySelector('[data-path="' + CSS.escape(parts.join(".")) + '"]');
      if (found) return found;
      parts.pop();
    }
    return null;
  }

  function highlight(entry, quiet) {
    var board = document.getElementById("board");
    if (!board) return;
    clearHighlight();
    live.querySelectorAll(".entry.selected").forEach(function (x) { x.classList.remove("selected"); });
    entry.classList.add("selected");
    var paths = [];
    try { paths = JSON.parse(entry.getAttribute("data-changes") || "[]"); } catch (err) { paths = []; }
    var first = null;
    paths.forEach(function (path) {
      var found = findPath(board, path);
      if (found && found !== board) {
        found.classList.add("changed");
        first = first || found;
      }
      board.querySelectorAll('[data-path^="' + CSS.escape(path + ".") + '"]').forEach(function (child) {
        child.classList.add("changed-in");
      });
    });
    var details = board.closest("details");
    if (details && !quiet) details.open = true;
    if (first && !quiet && window.innerWidth < 1000) {
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

  // ---- clause text on hover / tap -------------------------------------------------------------------------------
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

  // The text sits below its link, or above it when the link is low on the screen (the bottom sheet).
  function place(anchor) {
    var r = anchor.getBoundingClientRect();
    var width = Math.min(420, document.documentElement.clientWidth - 16);
    pop.style.width = width + "px";
    var left = Math.max(8, Math.min(r.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - width - 8));
    pop.style.left = left + "px";
    var below = r.bottom + 6;
    var h = pop.offsetHeight || 120;
    var fixedAnchor = anchor.closest && anchor.closest("#hand") && getComputedStyle(hand).position === "fixed";
    pop.classList.toggle("fixed", !!fixedAnchor);
    var top = below + h > window.innerHeight && r.top - h - 6 > 0 ? r.top - h - 6 : below;
    pop.style.top = (fixedAnchor ? top : top + window.scrollY) + "px";
    if (fixedAnchor) pop.style.left = (left - window.scrollX) + "px";
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
  // focus leaving a clause id or its ? button closes its text (a keyboard user is not left with it open)
  document.addEventListener("focusout", function (e) {
    var info = e.target.closest && e.target.closest("button.clause-info");
    if (hoverTarget(e) || info) {
      clearTimeout(hideTimer);
      hideTimer = setTimeout(function () {
        var now = document.activeElement;
        var still = now && now.closest && now.closest("a.clause[data-clause], button.clause-info");
        if (!still || still.dataset.clause !== pop.dataset.clause) hidePop();
      }, 150);
    }
  });
  document.addEventListener("click", function (e) {
    if (pop && !pop.hidden && !pop.contains(e.target) && !(e.target.closest && e.target.closest(".clause-info"))) hidePop();
  });

  // a page that opens on a decision starts there, as after every action (one Tab to its first option), unless the
  // page names its own start (the effect block just added to 「同時に発動する効果」)
  var opened = document.querySelector("#decision.open");
  var asked = document.querySelector("[autofocus]");
  if (asked) asked.focus();
  else if (opened && api && !location.hash && document.activeElement === document.body) opened.focus({ preventScroll: true });

  var selected = $(".entry.selected", live);
  if (selected) highlight(selected, true);
  else {   // a trace that scrolls inside the side column opens at its latest entry
    var pane = $(".side .trace-pane", live);
    if (pane && pane.scrollHeight > pane.clientHeight + 4 && getComputedStyle(pane).overflowY !== "visible") pane.scrollTop = pane.scrollHeight;
  }
})();
