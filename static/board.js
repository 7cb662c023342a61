// Board builder: the drawing becomes the editor, and the builder does the bookkeeping (issue 25).
// Cards, counts, the turn and each player's state open a dialog whose fields come from the game's board schema
// (titles in the rulebook's words, closed sets as pickers with their clauses, what judges set most first and the
// rest under 詳細). Every change is sent to the server (POST …/render), which fills in ids and names, derives the
// counts the rules derive, checks the board and redraws it; a problem with what the dialog set is shown in the
// dialog beside its field, any other beside the control that caused it. The JSON text (what the form posts) and
// the notation line stay in step. Without this file the JSON text and the notation line are edited directly.
(function () {
  "use strict";
  var dataEl = document.getElementById("builder-data");
  var text = document.getElementById("board-text");
  var drawing = document.getElementById("board-drawing");
  if (!dataEl || !text || !drawing) return;
  document.documentElement.classList.add("js");
  var info = JSON.parse(dataEl.textContent);
  var root = info.board_schema || {};
  var hints = info.builder || {};
  var counted = hints.counted || {};
  var board;
  try { board = JSON.parse(text.value); } catch (e) { board = info.board; }
  var known = { problem: info.problem, next: info.next || {} };
  var problemBox = document.getElementById("board-problem");
  var dialog = document.getElementById("edit-dialog");
  var fieldsBox = document.getElementById("edit-fields");
  var moreBox = document.getElementById("edit-more-fields");
  var moreDetails = document.getElementById("edit-more");
  var moveBox = document.getElementById("edit-move");
  var errBox = document.getElementById("edit-error");
  var titleEl = document.getElementById("edit-title");
  var notationInput = document.getElementById("notation");
  var notationError = document.getElementById("notation-error");
  var notationForm = document.getElementById("notation-form");
  var notationFix = document.getElementById("notation-fix");
  var notationReading = document.getElementById("notation-reading");
  var current = null; // {mode: "edit"|"add"|"keys"|"count", path, schema, keys, before, override}

  // ---- paths and schema --------------------------------------------------------------------
  function split(path) { return path === "" ? [] : path.split(".").map(function (s) { return /^\d+$/.test(s) ? Number(s) : s; }); }
  function getAt(obj, path) {
    return split(path).reduce(function (node, k) { return node == null ? undefined : node[k]; }, obj);
  }
  function parentOf(path) { var p = split(path); var last = p.pop(); return { parent: p.join("."), key: last }; }
  function clone(v) { return v === undefined ? undefined : JSON.parse(JSON.stringify(v)); }
  function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }
  function setAt(obj, path, value) {
    // creates missing containers on the way (a zone the board did not have yet)
    var keys = split(path), node = obj;
    for (var i = 0; i < keys.length - 1; i++) {
      if (node[keys[i]] === undefined || node[keys[i]] === null) node[keys[i]] = typeof keys[i + 1] === "number" ? [] : {};
      node = node[keys[i]];
    }
    if (value === undefined) delete node[keys[keys.length - 1]]; else node[keys[keys.length - 1]] = value;
  }
  function ensureList(obj, path) {
    var list = getAt(obj, path);
    if (Array.isArray(list)) return list;
    var s = deref(schemaAt(path));
    var n = (s.minItems && itemNullable(s)) ? s.minItems : 0;
    list = [];
    for (var i = 0; i < n; i++) list.push(null);
    setAt(obj, path, list);
    return list;
  }
  function itemNullable(s) {
    var items = s.items || {};
    while (items.$ref) items = deref({ $ref: items.$ref });
    var alts = items.anyOf || items.oneOf || [];
    return alts.some(function (a) { return deref(a).type === "null" || a.type === "null"; });
  }
  function deref(s) {
    var guard = 0;
    while (s && s.$ref && guard++ < 20) {
      var ref = s.$ref;
      if (ref.indexOf("#/") !== 0) return {};
      s = ref.slice(2).split("/").reduce(function (n, k) { return n ? n[k.replace(/~1/g, "/").replace(/~0/g, "~")] : null; }, root);
    }
    if (s && (s.anyOf || s.oneOf)) {
      var alts = (s.anyOf || s.oneOf).map(deref).filter(function (a) { return a && a.type !== "null"; });
      if (alts.length) s = Object.assign({}, alts[0], s, { anyOf: undefined, oneOf: undefined });
    }
    return s || {};
  }
  function child(s, key) {
    s = deref(s);
    if (typeof key === "number") {
      if (s.prefixItems && s.prefixItems[key]) return deref(s.prefixItems[key]);
      return deref(s.items || {});
    }
    if (s.properties && s.properties[key]) return deref(s.properties[key]);
    if (s.patternProperties) {
      for (var pat in s.patternProperties) if (new RegExp(pat).test(key)) return deref(s.patternProperties[pat]);
    }
    if (s.additionalProperties && typeof s.additionalProperties === "object") return deref(s.additionalProperties);
    return {};
  }
  function schemaAt(path) { return split(path).reduce(child, root); }
  function typeOf(s, value) {
    var t = s.type;
    if (Array.isArray(t)) t = t.filter(function (x) { return x !== "null"; })[0];
    if (t) return t;
    if (s.enum) return "enum";
    if (value === null || value === undefined) return "string";
    if (Array.isArray(value)) return "array";
    return typeof value === "number" ? (Number.isInteger(value) ? "integer" : "number") : typeof value;
  }
  function blank(s) {
    s = deref(s);
    if ("default" in s) return clone(s.default);
    if (s.enum) return s.enum.filter(function (v) { return v !== null; })[0];
    var t = typeOf(s);
    if (t === "object") {
      // a new card: what it must have, and what the schema says it is unless told otherwise (opcg: a キャラ)
      var o = {};
      (s.required || []).forEach(function (k) { if (k !== "id" && k !== "name") o[k] = blank(child(s, k)); });
      Object.keys(s.properties || {}).forEach(function (k) {
        var p = deref(s.properties[k]);
        if (!(k in o) && "default" in p) o[k] = clone(p.default);
      });
      return o;
    }
    if (t === "array") return [];
    if (t === "integer" || t === "number") return typeof s.minimum === "number" ? Math.max(0, s.minimum) : 0;
    if (t === "boolean") return false;
    return "";
  }

  // ---- talking to the server -------------------------------------------------------------------
  function post(url, body) {
    return fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "application/json" },
      body: JSON.stringify(body)
    }).then(function (res) { return res.json().then(function (j) { return { ok: res.ok, body: j }; }); });
  }
  var ticket = 0;
  function render(candidate) {
    var mine = ++ticket;
    return post(info.render_url, { board: candidate }).then(function (r) {
      if (!r.ok) throw new Error(r.body.error || "描画できませんでした");
      r.body.stale = mine !== ticket;
      return r.body;
    });
  }
  function show(state) {
    // the server's answer: the board with its bookkeeping done, its drawing, its problem and its notation
    if (state.stale) return;
    board = state.board;
    known.problem = state.problem;
    known.next = state.next || {};
    text.value = JSON.stringify(board, null, 1);
    drawing.innerHTML = state.html; // server-rendered, every user string escaped by Jinja
    say(state.problem ? "この盤面はまだ開始できません: " + (state.problem.place ? state.problem.place + ": " : "") + state.problem.error : "");
    if (notationInput && typeof state.notation === "string") {
      notationInput.value = state.notation;
      clearNotationError();
    }
    showReading(state.reading);
  }
  function redraw() {   // true once the server's answer is on the page
    return render(board).then(function (state) { show(state); return !state.stale; })
      .catch(function (e) { say(e.message || "通信に失敗しました"); return false; });
  }
  function say(msg) { if (problemBox) problemBox.textContent = msg; }

  var typing = null;
  text.addEventListener("input", function () {
    clearTimeout(typing);
    typing = setTimeout(function () {
      try { board = JSON.parse(text.value); } catch (e) { say("JSON として読めません: " + e.message); return; }
      redraw();
    }, 400);
  });
  document.querySelectorAll("select[data-option]").forEach(function (sel) {
    sel.addEventListener("change", function () {
      if (!board.options || typeof board.options !== "object") board.options = {};
      board.options[sel.dataset.option] = JSON.parse(sel.value);
      text.value = JSON.stringify(board, null, 1);
    });
  });

  // ---- quick entry: the notation line ------------------------------------------------------------
  function clearNotationError() {
    if (!notationError) return;
    notationError.textContent = "";
    if (notationFix) notationFix.textContent = "";
    notationInput.removeAttribute("aria-invalid");
  }
  function showReading(reading) {
    // the line in words beside it (リーダー パワー5000、キャラ1 パワー3000【ブロッカー】 …)
    if (!notationReading) return;
    var list = notationReading.querySelector("dl");
    list.textContent = "";
    (reading || []).forEach(function (part) {
      if (!part.says || !part.says.length) return;
      var dt = document.createElement("dt");
      dt.textContent = part.who;
      var dd = document.createElement("dd");
      dd.textContent = part.says.join("、");
      list.appendChild(dt);
      list.appendChild(dd);
    });
    notationReading.hidden = !list.childNodes.length;
  }
  function offerFix(fix) {
    // the likely reading as one tap: the button submits the corrected line
    if (!notationFix || !fix) return;
    var button = document.createElement("button");
    button.type = "submit";
    button.name = "fix";
    button.value = fix.text;
    button.id = "notation-fix-apply";
    button.textContent = fix.reading + " ― この読み方にする";
    var line = document.createElement("code");
    line.className = "notation-fix-line";
    line.textContent = fix.text;
    notationFix.appendChild(button);
    notationFix.appendChild(line);
  }
  function notationFailed(j, typed) {
    notationError.textContent = "";
    if (notationFix) notationFix.textContent = "";
    if (notationReading) notationReading.hidden = true;
    var msg = document.createElement("span");
    msg.className = "notation-message";
    msg.textContent = j.error || "読めませんでした";
    notationError.appendChild(msg);
    if (typeof j.position === "number" && typeof j.token === "string" && j.token) {
      var line = document.createElement("code");
      line.className = "notation-marked";
      var mark = document.createElement("mark");
      mark.textContent = typed.slice(j.position, j.position + j.token.length);
      line.appendChild(document.createTextNode(typed.slice(0, j.position)));
      line.appendChild(mark);
      line.appendChild(document.createTextNode(typed.slice(j.position + j.token.length)));
      notationError.appendChild(line);
      notationInput.focus();
      try { notationInput.setSelectionRange(j.position, j.position + j.token.length); } catch (e) { /* not a text field */ }
    }
    notationInput.setAttribute("aria-invalid", "true");
    offerFix(j.fix);
  }
  if (notationForm && notationInput) {
    notationForm.addEventListener("submit", function (e) {
      e.preventDefault();
      if (e.submitter && e.submitter.name === "fix") notationInput.value = e.submitter.value;
      var typed = notationInput.value;
      // 読み込んで開始: once the line's board is drawn and startable, the builder's own form starts it (its rule
      // options, seed, title and 「最初の決定まで進める」 go with it)
      var andStart = e.submitter && e.submitter.id === "notation-start";
      post(info.notation_url, { text: typed }).then(function (r) {
        if (!r.ok) { notationFailed(r.body, typed); return; }
        clearNotationError();
        board = r.body.board;
        return redraw().then(function (drawn) {
          notationInput.value = r.body.notation;
          if (!andStart || !drawn) return;
          var start = document.getElementById("start-session");
          if (known.problem || !start) { if (problemBox) problemBox.scrollIntoView({ block: "nearest" }); return; }
          start.form.requestSubmit(start);
        });
      }).catch(function () { notationFailed({ error: "通信に失敗しました" }, typed); });
    });
  }

  // ---- dialog fields -----------------------------------------------------------------------
  var labels = info.labels || {};
  var valueLabels = info.value_labels || {};
  var fieldSeq = 0;
  function labelFor(key, s) { return (s && s.title) || labels[key] || key; }
  function choicesOf(key, s) {
    var c = s["x-choices"];
    if (!c && s.type === "array") c = deref(s.items || {})["x-choices"];
    if (c) return c;
    var values = s.enum || (s.type === "array" ? deref(s.items || {}).enum : null);
    if (!values) return null;
    var names = valueLabels[key] || {};
    return values.filter(function (v) { return v !== null; }).map(function (v) {
      return { value: v, label: names[v] !== undefined ? String(names[v]) : String(v) };
    });
  }
  function ruleLink(rule) {
    var a = document.createElement("a");
    var at = rule.indexOf(":");
    a.href = "/rules/" + rule.slice(0, at) + "/" + rule.slice(at + 1);
    a.className = "clause";
    a.target = "_blank";
    a.rel = "noopener";
    a.textContent = rule.slice(at + 1);
    a.title = rule;
    return a;
  }
  function el(tag, cls, txt) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (txt !== undefined) e.textContent = txt;
    return e;
  }
  // A field: <div class="field" data-key> with its caption, its control(s), a hint and the place for its error.
  function makeField(key, s, value, opts) {
    opts = opts || {};
    var t = typeOf(s, value);
    var id = "f" + (++fieldSeq);
    var wrap = el("div", "field");
    wrap.dataset.key = key;
    var err = el("p", "field-error");
    err.id = id + "-err";
    err.setAttribute("role", "alert");
    var hint = opts.hint || (s.description && s.description.indexOf(s.title || "\u0000") !== 0 ? s.description : "");
    var hintEl = hint ? el("p", "field-hint", hint) : null;
    if (hintEl) hintEl.id = id + "-hint";
    var described = [hintEl ? hintEl.id : "", err.id].filter(Boolean).join(" ");
    var caption = labelFor(key, s);
    var choices = choicesOf(key, s);
    var isList = t === "array";
    function captionNode(tag) {
      var c = el(tag, "caption", caption);
      if (opts.required) { var r = el("span", "req", "必須"); c.appendChild(document.createTextNode(" ")); c.appendChild(r); }
      return c;
    }
    if (choices && (isList || choices.length <= 5)) {
      // a picker: checkboxes for a set (keywords, colours …), radio buttons for one of a few
      var fs = el("fieldset", "picker");
      fs.appendChild(captionNode("legend"));
      fs.setAttribute("aria-describedby", described);
      var have = isList ? (value || []) : [value];
      var names = have.map(function (v) { return String(v); });
      choices.forEach(function (c) {
        var row = el("div", "choice");
        var lab = el("label", "choice-label");
        var box = document.createElement("input");
        box.type = isList ? "checkbox" : "radio";
        box.name = id;
        box.value = JSON.stringify(c.value);
        var param = null;
        if (c.param) {
          var hit = names.filter(function (n) { return n.indexOf(String(c.value)) === 0; })[0];
          box.checked = !!hit;
          param = document.createElement("input");
          param.type = "text";
          param.className = "param";
          param.size = 4;
          param.setAttribute("aria-label", c.label + " の X");
          param.value = hit ? hit.slice(String(c.value).length).replace(/^[:：(（]|[)）]$/g, "") : "";
          param.dataset.form = c.param;
        } else {
          box.checked = have.some(function (v) { return same(v, c.value); });
        }
        lab.appendChild(box);
        lab.appendChild(document.createTextNode(" " + c.label));
        row.appendChild(lab);
        if (param) row.appendChild(param);
        if (c.rule) row.appendChild(ruleLink(c.rule));
        row.dataset.value = JSON.stringify(c.value);
        if (c.when) row.dataset.when = JSON.stringify(c.when);   // offered only to a card of that kind
        fs.appendChild(row);
      });
      if (!isList && !opts.required) {
        var none = el("div", "choice");
        var nl = el("label", "choice-label");
        var nb = document.createElement("input");
        nb.type = "radio";
        nb.name = id;
        nb.value = "";
        nb.checked = value === undefined || value === null;
        nl.appendChild(nb);
        nl.appendChild(document.createTextNode(" （指定なし）"));
        none.appendChild(nl);
        fs.appendChild(none);
      }
      // values the list has that are not among the choices are kept as they are
      var extra = isList ? have.filter(function (v) {
        return !choices.some(function (c) { return same(c.value, v) || (c.param && String(v).indexOf(String(c.value)) === 0); });
      }) : [];
      wrap.dataset.kind = isList ? "set" : "one";
      wrap.dataset.had = value === undefined ? "" : "1";
      wrap.dataset.extra = JSON.stringify(extra);
      wrap.appendChild(fs);
    } else {
      var lab2 = captionNode("label");
      lab2.htmlFor = id;
      wrap.appendChild(lab2);
      var input;
      if (choices) {
        input = document.createElement("select");
        var unset = el("option", "", "（未設定）");
        unset.value = "";
        input.appendChild(unset);
        choices.forEach(function (c) {
          var o = el("option", "", c.label);
          o.value = JSON.stringify(c.value);
          if (same(c.value, value)) o.selected = true;
          input.appendChild(o);
        });
        wrap.dataset.kind = "enum";
      } else if (t === "boolean") {
        input = document.createElement("input");
        input.type = "checkbox";
        input.checked = !!value;
        wrap.dataset.had = value === undefined ? "" : "1";
        wrap.dataset.kind = "boolean";
        wrap.classList.add("check");
      } else if (t === "integer" || t === "number") {
        input = document.createElement("input");
        input.type = "number";
        input.inputMode = "numeric";
        input.step = t === "integer" ? "1" : "any";
        if (typeof s.minimum === "number") input.min = s.minimum;
        if (typeof s.maximum === "number") input.max = s.maximum;
        input.value = value === undefined || value === null ? "" : value;
        wrap.dataset.kind = t;
      } else if (t === "array" && deref(s.items || {}).type !== "object" && (value || []).every(function (v) { return typeof v !== "object"; })) {
        input = document.createElement("input");
        input.type = "text";
        input.value = (value || []).join(", ");
        wrap.dataset.kind = "list";
        wrap.dataset.itemType = typeOf(deref(s.items || {}), (value || [])[0]);
      } else if (t === "object" && scalarParts(s)) {
        // an object of a few numbers (kaiun 運値の修正): one number box each, never JSON to type
        input = el("fieldset", "picker parts");
        input.appendChild(el("legend", "sr", caption));
        var order = hints.field_order || [];   // the schema's order (the page's JSON sorts keys)
        Object.keys(s.properties).sort(function (a, b) { return order.indexOf(a) - order.indexOf(b); }).forEach(function (k) {
          var ps = deref(s.properties[k]);
          var lab = el("label", "choice-label part", labelFor(k, ps) + " ");
          var box = document.createElement("input");
          var pt = typeOf(ps);
          box.type = pt === "integer" || pt === "number" ? "number" : "text";
          if (box.type === "number") { box.inputMode = "numeric"; box.step = pt === "integer" ? "1" : "any"; }
          if (typeof ps.minimum === "number") box.min = ps.minimum;
          if (typeof ps.maximum === "number") box.max = ps.maximum;
          box.dataset.part = k;
          box.dataset.type = pt;
          var v0 = (value || {})[k];
          box.value = v0 === undefined || v0 === null ? "" : v0;
          lab.appendChild(box);
          input.appendChild(lab);
        });
        wrap.dataset.kind = "object";
        wrap.dataset.had = value === undefined ? "" : "1";
      } else if (t === "object" || t === "array") {
        input = document.createElement("textarea");
        input.rows = 3;
        input.value = value === undefined ? "" : JSON.stringify(value);
        wrap.dataset.kind = "json";
      } else {
        input = document.createElement("input");
        input.type = "text";
        input.value = value === undefined || value === null ? "" : value;
        if (opts.placeholder) input.placeholder = opts.placeholder;
        wrap.dataset.kind = "string";
      }
      input.id = id;
      if (wrap.dataset.kind !== "object") input.name = key;
      input.setAttribute("aria-describedby", described);
      if (wrap.dataset.kind === "boolean") { lab2.insertBefore(input, lab2.firstChild); lab2.insertBefore(document.createTextNode(" "), lab2.childNodes[1]); }
      else wrap.appendChild(input);
    }
    if (hintEl) wrap.appendChild(hintEl);
    wrap.appendChild(err);
    if (s["x-when"]) wrap.dataset.when = JSON.stringify(s["x-when"]);   // a field only some kinds of card have
    return wrap;
  }
  function scalarParts(s) {
    var props = s.properties || {};
    var keys = Object.keys(props);
    return keys.length > 0 && keys.length <= 4 && keys.every(function (k) {
      var t = typeOf(deref(props[k]));
      return t === "integer" || t === "number" || t === "string";
    });
  }
  // Fields and choices the card's kind does not have are hidden (and not read): the dialog shows one control per
  // fact, following the kind as the judge changes it (opcg: a キャラ's カウンター number, an イベント's 【カウンター】).
  function kindValue(key) {
    var wrap = fieldWraps().filter(function (w) { return w.dataset.key === key; })[0];
    var v;
    try { v = wrap ? readField(wrap) : undefined; } catch (e) { v = undefined; }
    if (v === undefined && current && current.schema) {
      var d = deref(child(current.schema, key));
      v = getAt(current.kept || {}, key);
      if (v === undefined && "default" in d) v = d.default;
    }
    return v;
  }
  function holds(when) {
    return Object.keys(when).every(function (k) { return when[k].indexOf(kindValue(k)) >= 0; });
  }
  function applyWhen() {
    dialog.querySelectorAll("[data-when]").forEach(function (node) {
      node.hidden = !holds(JSON.parse(node.dataset.when));
    });
  }
  function FieldError(key, message) { this.key = key; this.message = message; }
  function readField(wrap) {
    var k = wrap.dataset.kind, key = wrap.dataset.key;
    if (k === "set") {
      var out = JSON.parse(wrap.dataset.extra || "[]");
      wrap.querySelectorAll(".choice").forEach(function (row) {
        var box = row.querySelector("input[type=checkbox]");
        if (!box || !box.checked || row.hidden) return;
        var v = JSON.parse(box.value);
        var param = row.querySelector("input.param");
        if (param) {
          var x = param.value.trim();
          if (!x) throw new FieldError(key, "「" + v + "」の X を入力してください");
          v = param.dataset.form === ":" ? v + ":" + x : v + "(" + x + ")";
        }
        out.push(v);
      });
      return out.length || wrap.dataset.had ? out : undefined;
    }
    if (k === "object") {
      var obj = {}, any = false;
      wrap.querySelectorAll("input[data-part]").forEach(function (box) {
        var raw = box.value.trim();
        if (raw === "") return;
        var isInt = box.dataset.type === "integer";
        if (isInt && !/^-?\d+$/.test(raw)) throw new FieldError(key, "整数を入力してください");
        obj[box.dataset.part] = box.type === "number" ? (isInt ? parseInt(raw, 10) : Number(raw)) : raw;
        any = true;
      });
      return any || wrap.dataset.had ? obj : undefined;
    }
    if (k === "one") {
      var on = wrap.querySelector("input[type=radio]:checked");
      return on && on.value !== "" ? JSON.parse(on.value) : undefined;
    }
    var input = wrap.querySelector("input, select, textarea");
    var v = input.value;
    if (k === "boolean") return input.checked ? true : (wrap.dataset.had ? false : undefined);
    if (k === "enum") return v === "" ? undefined : JSON.parse(v);
    if (v.trim() === "") return undefined;
    if (k === "integer") { if (!/^-?\d+$/.test(v.trim())) throw new FieldError(key, "整数を入力してください"); return parseInt(v, 10); }
    if (k === "number") { var n = Number(v); if (isNaN(n)) throw new FieldError(key, "数を入力してください"); return n; }
    if (k === "list") return v.split(/[,、]/).map(function (x) { return x.trim(); }).filter(Boolean)
      .map(function (x) { return wrap.dataset.itemType === "integer" ? parseInt(x, 10) : x; });
    if (k === "json") { try { return JSON.parse(v); } catch (e) { throw new FieldError(key, "JSON として読めません"); } }
    return v;
  }
  function fieldWraps() { return Array.prototype.slice.call(dialog.querySelectorAll(".field[data-key]")); }
  function fieldError(key, message) {
    var wrap = fieldWraps().filter(function (w) { return w.dataset.key === key; })[0];
    if (!wrap) return false;
    if (wrap.parentNode === moreBox) moreDetails.open = true;
    wrap.classList.add("invalid");
    wrap.querySelector(".field-error").textContent = message;
    var control = wrap.querySelector("input, select, textarea");
    if (control) { control.setAttribute("aria-invalid", "true"); control.focus({ preventScroll: true }); }
    wrap.scrollIntoView({ block: "nearest" });
    return true;
  }
  function clearErrors() {
    errBox.textContent = "";
    fieldWraps().forEach(function (w) {
      w.classList.remove("invalid");
      w.querySelector(".field-error").textContent = "";
      var c = w.querySelector("[aria-invalid]");
      if (c) c.removeAttribute("aria-invalid");
    });
  }

  // ---- what a dialog shows --------------------------------------------------------------------
  function zoneLabel(path) {
    var z = drawing.querySelector('.zone[data-path="' + CSS.escape(path) + '"] .zone-label');
    return z ? z.firstChild.textContent.trim() : "";
  }
  function playerOf(path) { var m = /^players\.([^.]+)/.exec(path); return m ? m[1] : ""; }
  function listPaths() {
    return Array.prototype.map.call(drawing.querySelectorAll("button[data-act=add]"), function (b) {
      var zone = b.closest(".zone");
      var label = zone ? zone.querySelector(".zone-label").firstChild.textContent.trim() : b.dataset.path;
      var player = b.closest(".player");
      var who = player ? player.querySelector(".player-name").firstChild.textContent.trim() + " " : "";
      return { path: b.dataset.path, label: who + label, slots: !!(zone && zone.classList.contains("kind-slots")) };
    });
  }
  function isSlots(listPath) {
    return listPaths().some(function (z) { return z.path === listPath && z.slots; });
  }
  function countSpec(zonePath) {
    var pk = parentOf(zonePath);
    return /^players\.[^.]+$/.test(pk.parent) ? counted[pk.key] : null;
  }
  function zoneTotal(obj, zonePath) {
    var spec = countSpec(zonePath);
    var list = getAt(obj, zonePath);
    var listed = Array.isArray(list) ? list.length : 0;
    if (!spec) return listed;
    var n = getAt(obj, parentOf(zonePath).parent + "." + spec.count);
    if (typeof n !== "number") return listed;
    return spec.extra ? listed + n : n;
  }

  function addFields(keys, s, value, main, opts) {
    keys.forEach(function (k) {
      var o = (opts || {})[k] || {};
      var f = makeField(k, child(s, k), (value || {})[k], o);
      (main.indexOf(k) >= 0 ? fieldsBox : moreBox).appendChild(f);
    });
  }

  function open(mode, path, opener) {
    current = { mode: mode, path: path, opener: opener };
    fieldsBox.textContent = "";
    moreBox.textContent = "";
    moveBox.textContent = "";
    moreDetails.open = false;
    errBox.textContent = "";
    var del = document.getElementById("edit-delete");
    del.hidden = true;
    var who = playerOf(path);
    if (mode === "count") {
      var spec = countSpec(path);
      var list = getAt(board, path);
      var listed = Array.isArray(list) ? list.length : 0;
      current.spec = spec;
      titleEl.textContent = (who ? who + " の" : "") + zoneLabel(path) + "の枚数";
      var f = makeField("__count", { type: "integer", minimum: 0, title: "枚数" }, zoneTotal(board, path),
                        { hint: listed ? "並べたカード" + listed + "枚を含みます（残りは内容不明のカード）" : "内容不明のカードの枚数" });
      fieldsBox.appendChild(f);
    } else if (mode === "keys") {
      var obj = path === "" ? board : getAt(board, path);
      var s0 = path === "" ? root : schemaAt(path);
      current.keys = opener.dataset.keys.split(",");
      current.schema = s0;
      titleEl.textContent = path === "" ? "ターン・フェイズ" : who + " の状態";
      var later = ["first_player", "starting_player"];
      addFields(current.keys, s0, obj, current.keys.filter(function (k) { return later.indexOf(k) < 0; }));
    } else {
      var schema = mode === "add" ? child(schemaAt(path), 0) : schemaAt(path);
      var value = mode === "add" ? blank(schema) : getAt(board, path);
      var sd = deref(schema);
      if ((value === null || value === undefined) && sd.type === "object") value = blank(schema);
      var slot = mode === "edit" && getAt(board, path) == null;   // an empty square or slot: a card is placed
      var next = (mode === "add" || slot) ? known.next[path] : null;
      if (next && value && typeof value === "object") { value.name = next.name; value.id = next.id; }
      current.schema = schema;
      current.scalar = typeof value !== "object" || value === null;
      var zl = zoneLabel(mode === "add" ? path : parentOf(path).parent) || zoneLabel(path);
      titleEl.textContent = mode === "add" ? (who ? who + " の" : "") + zl + "にカードを追加"
        : current.scalar ? labelFor(split(path).pop() + "", sd) : (who ? who + " " : "") + (value.name || zl || "カード");
      if (current.scalar) {
        fieldsBox.appendChild(makeField(split(path).pop() + "", sd, value));
      } else {
        var internal = (hints.card_internal || []).concat(sd["x-hidden"] || []);   // x-hidden: what this kind of card has not
        var keys = Object.keys(sd.properties || {}).filter(function (k) { return internal.indexOf(k) < 0; });
        Object.keys(value || {}).forEach(function (k) { if (keys.indexOf(k) < 0 && internal.indexOf(k) < 0) keys.push(k); });
        current.kept = {};   // what the engine keeps on the card and the dialog does not show stays as it was
        Object.keys(value || {}).forEach(function (k) { if (keys.indexOf(k) < 0) current.kept[k] = value[k]; });
        var main = hints.card_main || ["name"];
        var order = hints.field_order || [];
        var rank = function (k) {
          var i = main.indexOf(k);
          if (i >= 0) return i;
          var j = order.indexOf(k);
          return k === "id" ? 10000 : 100 + (j >= 0 ? j : order.length);
        };
        keys.sort(function (a, b) { return rank(a) - rank(b); });
        var required = sd.required || [];
        var opts = {};
        keys.forEach(function (k) { opts[k] = { required: required.indexOf(k) >= 0 && k !== "id" && k !== "name" }; });
        var defaultName = next ? next.name : "";
        opts.name = { placeholder: defaultName ? "空欄なら「" + defaultName + "」" : "", hint: "空欄なら場所から自動で付けます" };
        opts.id = { hint: "空欄なら自動で付けます（盤面の中で重ならないもの）" };
        addFields(keys, schema, value, main, opts);
      }
      applyWhen();
      current.before = current.scalar ? clone(value) : readAll();
      var inList = mode === "edit" && Array.isArray(getAt(board, parentOf(path).parent));
      var present = mode === "edit" && !slot;
      del.hidden = !(inList ? present : present && !current.scalar);
      if (inList && present) moveFields(path);
    }
    applyWhen();
    current.before = current.before === undefined ? readAll() : current.before;
    moreDetails.hidden = !moreBox.childNodes.length;
    if (dialog.showModal) dialog.showModal(); else dialog.setAttribute("open", "");
    var first = fieldsBox.querySelector("input:not([type=hidden]), select, textarea");
    if (first) { first.focus(); if (first.select && first.type !== "checkbox" && first.type !== "radio") first.select(); }
  }
  function selectField(caption, id, name, options) {
    // options: [[value, label, selected]]
    var wrap = el("div", "field");
    var cap = el("label", "caption", caption);
    var sel = document.createElement("select");
    sel.id = id;
    sel.name = name;
    cap.htmlFor = id;
    options.forEach(function (o) {
      var opt = el("option", "", o[1]);
      opt.value = o[0];
      if (o[2]) opt.selected = true;
      sel.appendChild(opt);
    });
    wrap.appendChild(cap);
    wrap.appendChild(sel);
    moveBox.appendChild(wrap);
  }
  function moveFields(path) {
    var here = parentOf(path).parent;
    selectField("移動先", "edit-move-to", "__move", listPaths().map(function (z) {
      return [z.path, z.label + (z.path === here ? "（いまの場所）" : ""), z.path === here];
    }));
    selectField("置く位置", "edit-move-where", "__where",
                [["keep", "そのまま", true], ["first", "先頭（上）"], ["last", "末尾（下）"]]);
  }

  function readAll() {
    var out = {};
    fieldWraps().forEach(function (w) {
      if (w.hidden) return;   // a field this kind of card does not have
      var v = readField(w);
      if (v !== undefined) out[w.dataset.key] = v;
    });
    return out;
  }
  function collect() {
    var wraps = fieldWraps();
    if (current.scalar) {
      var v = readField(wraps[0]);
      return v === undefined ? null : v;
    }
    return Object.assign({}, clone(current.kept || {}), readAll());
  }
  function changedKeys(value) {
    var before = current.before;
    if (current.scalar || typeof value !== "object" || value === null) return [fieldWraps()[0] ? fieldWraps()[0].dataset.key : ""];
    var keys = {};
    Object.keys(value).concat(Object.keys(before || {})).forEach(function (k) { keys[k] = 1; });
    return Object.keys(keys).filter(function (k) { return !same(value[k], (before || {})[k]); });
  }

  // ---- what a change does to the board (a copy: nothing is kept until the server has checked it) ---------------
  function took(obj, zonePath) {
    // a card put into a counted zone: it is one of the unknown cards there (opcg ライフ, 手札 …), so the zone keeps
    // its size; a zone counted as a whole grows with its listed cards
    var spec = countSpec(zonePath);
    if (!spec) return;
    var countPath = parentOf(zonePath).parent + "." + spec.count;
    var n = getAt(obj, countPath);
    var list = getAt(obj, zonePath) || [];
    if (typeof n !== "number") return;
    if (spec.extra && n > 0) setAt(obj, countPath, n - 1);
    if (!spec.extra && n < list.length) setAt(obj, countPath, list.length);
  }
  function gave(obj, zonePath) {
    // a listed card taken out of a counted zone leaves it one card smaller
    var spec = countSpec(zonePath);
    if (!spec || spec.extra) return;
    var countPath = parentOf(zonePath).parent + "." + spec.count;
    var n = getAt(obj, countPath);
    if (typeof n === "number" && n > 0) setAt(obj, countPath, n - 1);
  }
  function apply(obj, action) {
    var path = current.path;
    if (current.mode === "count") {
      var total = readField(fieldWraps()[0]);
      var spec = current.spec;
      var list = getAt(obj, path);
      var listed = Array.isArray(list) ? list.length : 0;
      var countPath = parentOf(path).parent + "." + spec.count;
      if (total === undefined) { setAt(obj, countPath, undefined); return { focus: "count", at: path }; }
      if (total < listed) throw new FieldError("__count", "並べたカード（" + listed + "枚）より少なくはできません。先にカードを削除してください");
      setAt(obj, countPath, spec.extra ? total - listed : total);
      return { focus: "count", at: path };
    }
    if (current.mode === "keys") {
      var values = readAll();
      current.keys.forEach(function (k) { setAt(obj, path === "" ? k : path + "." + k, values[k]); });
      return { focus: "keys", at: path };
    }
    if (action === "delete") {
      var pk = parentOf(path);
      var holder = pk.parent === "" ? obj : getAt(obj, pk.parent);
      if (Array.isArray(holder)) {
        if (isSlots(pk.parent)) holder[pk.key] = null; else holder.splice(pk.key, 1);
        gave(obj, pk.parent);
        return { focus: "add", at: pk.parent };
      }
      if (holder) delete holder[pk.key]; // a counter or single card back to "not set"
      return { focus: "path", at: path };
    }
    var value = collect();
    if (current.mode === "add") {
      var target = ensureList(obj, path);
      var hole = target.indexOf(null);
      var at;
      if (hole >= 0) { target[hole] = value; at = hole; } else { target.push(value); at = target.length - 1; }
      took(obj, path);
      return { focus: "path", at: path + "." + at };
    }
    var own = parentOf(path);
    if (typeof own.key === "number") ensureList(obj, own.parent);  // a slot of a zone the board did not have yet
    setAt(obj, path, value);
    var move = moveBox.querySelector("select[name=__move]");
    var where = moveBox.querySelector("select[name=__where]");
    if (!move || (move.value === own.parent && where.value === "keep")) return { focus: "path", at: path };
    var src = getAt(obj, own.parent);
    var card = src[own.key];
    if (isSlots(own.parent)) src[own.key] = null; else src.splice(own.key, 1);
    if (move.value !== own.parent) gave(obj, own.parent);
    var dst = ensureList(obj, move.value);
    var index;
    if (where.value === "first") { dst.unshift(card); index = 0; }
    else {
      var gap = isSlots(move.value) ? dst.indexOf(null) : -1;
      if (gap >= 0) { dst[gap] = card; index = gap; } else { dst.push(card); index = dst.length - 1; }
    }
    if (move.value !== own.parent) took(obj, move.value);
    return { focus: "path", at: move.value + "." + index };
  }

  // ---- saving: checked by the server first; a problem of the dialog's own is shown in it ------------------------
  function belongs(problem) {
    if (!problem || !current) return null;
    var p = problem.path || "";
    var base = current.path;
    if (current.mode === "count") {
      var spec = current.spec;
      var countPath = parentOf(base).parent + "." + spec.count;
      return p === base || p === countPath || p.indexOf(base + ".") === 0 ? "__count" : null;
    }
    var rest = base === "" ? p : (p === base ? "" : (p.indexOf(base + ".") === 0 ? p.slice(base.length + 1) : null));
    if (rest === null) return null;
    var key = rest.split(".")[0];
    if (current.mode === "keys" && current.keys.indexOf(key) < 0) return null;
    return key || "";
  }
  function focusAfter(where) {
    var target = null;
    if (where.focus === "count") target = drawing.querySelector('.count-edit[data-count="' + CSS.escape(where.at) + '"]');
    else if (where.focus === "keys") target = where.at === "" ? drawing.querySelector(".turn-edit")
      : drawing.querySelector('.player-edit[data-path="' + CSS.escape(where.at) + '"]');
    else if (where.focus === "add") target = drawing.querySelector('button[data-act=add][data-path="' + CSS.escape(where.at) + '"]');
    else target = drawing.querySelector('button[data-path="' + CSS.escape(where.at) + '"]');
    if (!target && where.at) {
      var up = parentOf(where.at).parent;
      target = drawing.querySelector('button[data-act=add][data-path="' + CSS.escape(up) + '"]');
    }
    if (target) {
      var pile = target.closest("details");
      if (pile) pile.open = true;
      target.focus();
    }
  }
  var saving = false;
  document.getElementById("edit-form").addEventListener("submit", function (e) {
    var action = e.submitter ? e.submitter.value : "save";
    if (action === "cancel") return; // method=dialog closes it
    e.preventDefault();
    if (saving || !current) return;
    clearErrors();
    var candidate = clone(board);
    var where, changed = [];
    try {
      if (action !== "delete" && current.mode !== "count" && current.mode !== "keys") changed = changedKeys(current.scalar ? collect() : readAll());
      else if (current.mode === "keys") changed = changedKeys(readAll());
      else if (current.mode === "count") changed = ["__count"];
      where = apply(candidate, action);
    } catch (err) {
      if (err instanceof FieldError && fieldError(err.key, err.message)) return;
      errBox.textContent = err.message;
      return;
    }
    saving = true;
    var before = known.problem ? known.problem.error : null;
    render(candidate).then(function (state) {
      saving = false;
      var p = state.problem;
      var key = action === "delete" ? null : belongs(p);
      var fresh = p && p.error !== before;
      if (p && (key !== null || fresh) && current.override !== p.error) {
        // the dialog stays open: the problem is the dialog's, or this change brought it
        current.override = p.error;
        var note = "（もう一度「保存」を押すと、このまま保存します）";
        var onField = key !== null && key !== "" ? key : (changed.length === 1 ? changed[0] : null);
        if (!(onField && fieldError(onField, p.error + (key === null ? " " + note : "")))) {
          errBox.textContent = (p.place ? p.place + ": " : "") + p.error + (key === null ? " " + note : "");
        }
        return;
      }
      show(state);
      dialog.close("done");
      current = null;
      focusAfter(where);
    }).catch(function (err) {
      saving = false;
      errBox.textContent = err.message || "通信に失敗しました";
    });
  });
  dialog.addEventListener("change", function () { if (current) applyWhen(); });
  dialog.addEventListener("close", function () {
    if (dialog.returnValue !== "done" && current && current.opener && document.body.contains(current.opener)) current.opener.focus();
    dialog.returnValue = "";
    current = null;
  });

  // ---- open from the drawing ------------------------------------------------------------------
  drawing.addEventListener("click", function (e) {
    var t = e.target;
    if (t.closest("a")) return;
    var b = t.closest("button[data-act=add]");
    if (b) { e.preventDefault(); open("add", b.dataset.path, b); return; }
    b = t.closest(".count-edit[data-count]");
    if (b) { e.preventDefault(); open("count", b.dataset.count, b); return; }
    b = t.closest(".turn-edit, .player-edit");
    if (b) { e.preventDefault(); open("keys", b.dataset.path, b); return; }
    b = t.closest("button.card-edit[data-path], button.value.editable[data-path]");
    if (!b) { var li = t.closest("li.card.editable[data-path]"); if (li) b = li.querySelector("button.card-edit"); }
    if (b) { e.preventDefault(); open("edit", b.dataset.path, b); }
  });
  var json = document.getElementById("board-json");
  if (json && !document.getElementById("form-error")) json.open = false;
})();
