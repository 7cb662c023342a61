// Board builder: the drawing becomes the editor. Cards and counters open a dialog whose fields come from
// the game's board schema; the JSON text (what the form posts) is kept in step, and the server redraws
// and checks the board after each change. Without this file the JSON text is edited directly.
(function () {
  "use strict";
  var dataEl = document.getElementById("builder-data");
  var text = document.getElementById("board-text");
  var drawing = document.getElementById("board-drawing");
  if (!dataEl || !text || !drawing) return;
  document.documentElement.classList.add("js");
  var info = JSON.parse(dataEl.textContent);
  var root = info.board_schema || {};
  var board;
  try { board = JSON.parse(text.value); } catch (e) { board = info.board; }
  var problem = document.getElementById("board-problem");
  var dialog = document.getElementById("edit-dialog");
  var fieldsBox = document.getElementById("edit-fields");
  var moveBox = document.getElementById("edit-move");
  var errBox = document.getElementById("edit-error");
  var current = null; // {mode: "edit"|"add", path, schema}

  // ---- paths and schema --------------------------------------------------------------------
  function split(path) { return path === "" ? [] : path.split(".").map(function (s) { return /^\d+$/.test(s) ? Number(s) : s; }); }
  function getAt(obj, path) {
    return split(path).reduce(function (node, k) { return node == null ? undefined : node[k]; }, obj);
  }
  function parentOf(path) { var p = split(path); var last = p.pop(); return { parent: p.join("."), key: last }; }
  function setAt(path, value) {
    // creates missing containers on the way (a zone the board did not have yet)
    var keys = split(path), node = board;
    for (var i = 0; i < keys.length - 1; i++) {
      if (node[keys[i]] === undefined || node[keys[i]] === null) node[keys[i]] = typeof keys[i + 1] === "number" ? [] : {};
      node = node[keys[i]];
    }
    node[keys[keys.length - 1]] = value;
  }
  function ensureList(path) {
    var list = getAt(board, path);
    if (Array.isArray(list)) return list;
    var s = deref(schemaAt(path));
    var n = (s.minItems && deref(s.items || {}) !== null && itemNullable(s)) ? s.minItems : 0;
    list = [];
    for (var i = 0; i < n; i++) list.push(null);
    setAt(path, list);
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
    if ("default" in s) return JSON.parse(JSON.stringify(s.default));
    if (s.enum) return s.enum[0];
    var t = typeOf(s);
    if (t === "object") {
      var o = {};
      (s.required || []).forEach(function (k) { o[k] = blank(child(s, k)); });
      return o;
    }
    if (t === "array") return [];
    if (t === "integer" || t === "number") return typeof s.minimum === "number" ? s.minimum : 0;
    if (t === "boolean") return false;
    return "";
  }

  // ---- sync and redraw -------------------------------------------------------------------
  var redrawing = 0;
  function sync(redraw) {
    text.value = JSON.stringify(board, null, 1);
    if (redraw !== false) redrawNow();
  }
  function redrawNow() {
    var ticket = ++redrawing;
    fetch(location.pathname.replace(/\/$/, "") + "/render", {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "application/json" },
      body: JSON.stringify({ board: board })
    }).then(function (res) { return res.json().then(function (j) { return [res.ok, j]; }); })
      .then(function (r) {
        if (ticket !== redrawing) return;
        if (!r[0]) { say(r[1].error || "描画できませんでした"); return; }
        drawing.innerHTML = r[1].html; // server-rendered, every user string escaped by Jinja
        say(r[1].problem ? "この盤面はまだ開始できません: " + r[1].problem.error : "");
      })
      .catch(function () { say("通信に失敗しました"); });
  }
  function say(msg) { if (problem) problem.textContent = msg; }

  var typing = null;
  text.addEventListener("input", function () {
    clearTimeout(typing);
    typing = setTimeout(function () {
      try { board = JSON.parse(text.value); } catch (e) { say("JSON として読めません: " + e.message); return; }
      redrawNow();
    }, 400);
  });
  document.querySelectorAll("select[data-option]").forEach(function (sel) {
    sel.addEventListener("change", function () {
      if (!board.options || typeof board.options !== "object") board.options = {};
      board.options[sel.dataset.option] = JSON.parse(sel.value);
      sync(false);
    });
  });

  // ---- dialog fields -----------------------------------------------------------------------
  var labels = info.labels || {};
  var valueLabels = info.value_labels || {};
  var minor = info.minor_fields || [];
  function labelFor(key, s) { return labels[key] || (s && (s.title || s.description)) || key; }
  function makeField(key, s, value) {
    var t = typeOf(s, value);
    var wrap = document.createElement("label");
    wrap.className = "field";
    var cap = document.createElement("span");
    cap.textContent = labelFor(key, s);
    wrap.appendChild(cap);
    var input;
    if (s.enum) {
      input = document.createElement("select");
      if (value === undefined && "default" in s) value = s.default;
      var unset = document.createElement("option");
      unset.value = "";
      unset.textContent = "（未設定）";
      input.appendChild(unset);
      s.enum.forEach(function (v) {
        var o = document.createElement("option");
        o.value = JSON.stringify(v);
        var names = valueLabels[key] || {};
        o.textContent = v === null ? "（なし）" : (names[v] !== undefined ? names[v] + "（" + v + "）" : String(v));
        if (JSON.stringify(v) === JSON.stringify(value)) o.selected = true;
        input.appendChild(o);
      });
      input.dataset.kind = "enum";
    } else if (t === "boolean") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = !!value;
      input.dataset.had = value === undefined ? "" : "1";
      input.dataset.kind = "boolean";
    } else if (t === "integer" || t === "number") {
      input = document.createElement("input");
      input.type = "number";
      input.step = t === "integer" ? "1" : "any";
      if (typeof s.minimum === "number") input.min = s.minimum;
      if (typeof s.maximum === "number") input.max = s.maximum;
      input.value = value === undefined || value === null ? "" : value;
      input.dataset.kind = t;
    } else if (t === "array" && deref(s.items || {}).type !== "object" && (value || []).every(function (v) { return typeof v !== "object"; })) {
      input = document.createElement("input");
      input.type = "text";
      input.value = (value || []).join(", ");
      input.dataset.kind = "list";
      input.dataset.itemType = typeOf(deref(s.items || {}), (value || [])[0]);
    } else if (t === "object" || t === "array") {
      input = document.createElement("textarea");
      input.rows = 3;
      input.value = value === undefined ? "" : JSON.stringify(value);
      input.dataset.kind = "json";
    } else {
      input = document.createElement("input");
      input.type = "text";
      input.value = value === undefined || value === null ? "" : value;
      input.dataset.kind = "string";
    }
    input.name = key;
    wrap.appendChild(input);
    return wrap;
  }
  function readField(input) {
    var k = input.dataset.kind, v = input.value;
    if (k === "boolean") return input.checked ? true : (input.dataset.had ? false : undefined);
    if (k === "enum") return v === "" ? undefined : JSON.parse(v);
    if (v.trim() === "") return undefined;
    if (k === "integer") { if (!/^-?\d+$/.test(v.trim())) throw new Error(input.name + ": 整数を入力してください"); return parseInt(v, 10); }
    if (k === "number") { var n = Number(v); if (isNaN(n)) throw new Error(input.name + ": 数値を入力してください"); return n; }
    if (k === "list") return v.split(/[,、]/).map(function (x) { return x.trim(); }).filter(Boolean)
      .map(function (x) { return input.dataset.itemType === "integer" ? parseInt(x, 10) : x; });
    if (k === "json") { try { return JSON.parse(v); } catch (e) { throw new Error(input.name + ": JSON として読めません"); } }
    return v;
  }

  function listPaths() {
    return Array.prototype.map.call(drawing.querySelectorAll("button[data-act=add]"), function (b) {
      var zone = b.closest(".zone");
      var label = zone ? zone.querySelector(".zone-label").firstChild.textContent.trim() : b.dataset.path;
      var player = b.closest(".player");
      var who = player ? player.querySelector(".player-name").firstChild.textContent.trim() + " " : "";
      return { path: b.dataset.path, label: who + label, slots: !!(zone && zone.classList.contains("kind-slots")) };
    });
  }

  function open(mode, path) {
    var schema = mode === "add" ? child(schemaAt(path), 0) : schemaAt(path);
    var value = mode === "add" ? blank(schema) : getAt(board, path);
    if ((value === null || value === undefined) && deref(schema).type === "object") value = blank(schema);
    current = { mode: mode, path: path, schema: schema, scalar: typeof value !== "object" || value === null };
    fieldsBox.textContent = "";
    moveBox.textContent = "";
    errBox.textContent = "";
    var title = document.getElementById("edit-title");
    title.textContent = mode === "add" ? "カードを追加" : "編集";
    if (current.scalar && !(mode === "add" && deref(schema).type === "object")) {
      fieldsBox.appendChild(makeField(split(path).pop() + "", schema, value));
    } else {
      var s = deref(schema);
      var keys = Object.keys(s.properties || {});
      Object.keys(value || {}).forEach(function (k) { if (keys.indexOf(k) < 0) keys.push(k); });
      var first = ["name", "id", "category", "type", "cost", "power"];  // what a judge reads off the card first
      var rank = function (k) {
        var i = first.indexOf(k);
        return i >= 0 ? i : (minor.indexOf(k) >= 0 ? 200 : 100);  // bookkeeping fields last
      };
      keys.sort(function (a, b) { return rank(a) - rank(b); });
      keys.forEach(function (k) { fieldsBox.appendChild(makeField(k, child(s, k), (value || {})[k])); });
    }
    var inList = mode === "edit" && Array.isArray(getAt(board, parentOf(path).parent));
    var present = mode === "edit" && getAt(board, path) !== undefined && getAt(board, path) !== null;
    document.getElementById("edit-delete").hidden = !(inList || present);
    if (inList) {
      var lab = document.createElement("label");
      lab.className = "field";
      var cap = document.createElement("span");
      cap.textContent = "移動先";
      lab.appendChild(cap);
      var sel = document.createElement("select");
      sel.name = "__move";
      var here = parentOf(path).parent;
      listPaths().forEach(function (z) {
        var o = document.createElement("option");
        o.value = z.path;
        o.textContent = z.label + (z.path === here ? "（いまの場所）" : "");
        if (z.path === here) o.selected = true;
        sel.appendChild(o);
      });
      lab.appendChild(sel);
      moveBox.appendChild(lab);
      var pos = document.createElement("label");
      pos.className = "field";
      var cap2 = document.createElement("span");
      cap2.textContent = "置く位置";
      pos.appendChild(cap2);
      var psel = document.createElement("select");
      psel.name = "__where";
      [["keep", "そのまま"], ["first", "先頭（上）"], ["last", "末尾（下）"]].forEach(function (w) {
        var o = document.createElement("option");
        o.value = w[0];
        o.textContent = w[1];
        psel.appendChild(o);
      });
      pos.appendChild(psel);
      moveBox.appendChild(pos);
    }
    if (dialog.showModal) dialog.showModal(); else dialog.setAttribute("open", "");
    var first = fieldsBox.querySelector("input, select, textarea");
    if (first) first.focus();
  }

  function collect() {
    var inputs = fieldsBox.querySelectorAll("input, select, textarea");
    if (current.scalar && inputs.length === 1 && !(current.mode === "add" && deref(current.schema).type === "object")) {
      var v = readField(inputs[0]);
      return v === undefined ? null : v;
    }
    var out = {};
    Array.prototype.forEach.call(inputs, function (inp) {
      var v = readField(inp);
      if (v !== undefined) out[inp.name] = v;
    });
    return out;
  }

  function isSlots(listPath) {
    return listPaths().some(function (z) { return z.path === listPath && z.slots; });
  }

  function apply(action) {
    var path = current.path;
    if (action === "delete") {
      var pk = parentOf(path);
      var list = pk.parent === "" ? board : getAt(board, pk.parent);
      if (Array.isArray(list)) { if (isSlots(pk.parent)) list[pk.key] = null; else list.splice(pk.key, 1); }
      else if (list) delete list[pk.key]; // a counter or single card back to "not set"
      return;
    }
    var value = collect();
    if (current.mode === "add") {
      var target = ensureList(path);
      var hole = target.indexOf(null);
      if (hole >= 0) target[hole] = value; else target.push(value);
      return;
    }
    var own = parentOf(path);
    if (typeof own.key === "number") ensureList(own.parent);  // a slot of a zone the board did not have yet
    setAt(path, value);
    var move = moveBox.querySelector("select[name=__move]");
    var where = moveBox.querySelector("select[name=__where]");
    if (!move) return;
    var from = parentOf(path);
    if (move.value === from.parent && where.value === "keep") return;
    var src = getAt(board, from.parent);
    var card = src[from.key];
    if (isSlots(from.parent)) src[from.key] = null; else src.splice(from.key, 1);
    var dst = ensureList(move.value);
    if (where.value === "first") dst.unshift(card);
    else if (where.value === "keep" || where.value === "last") {
      var gap = isSlots(move.value) ? dst.indexOf(null) : -1;
      if (gap >= 0) dst[gap] = card; else dst.push(card);
    }
  }

  dialog.addEventListener("close", function () {
    var action = dialog.returnValue;
    dialog.returnValue = "";
    if (!current || action === "cancel" || !action) { current = null; return; }
  });
  document.getElementById("edit-form").addEventListener("submit", function (e) {
    var action = e.submitter ? e.submitter.value : "save";
    if (action === "cancel") return; // method=dialog closes it
    e.preventDefault();
    try {
      apply(action);
    } catch (err) {
      errBox.textContent = err.message;
      return;
    }
    dialog.close("done");
    var back = current && current.path;
    current = null;
    sync();
    if (back) setTimeout(function () {
      var el = drawing.querySelector('[data-path="' + CSS.escape(back) + '"]');
      if (el && el.focus) el.focus();
    }, 300);
  });

  // ---- open from the drawing ------------------------------------------------------------------
  function activate(target) {
    var add = target.closest("button[data-act=add]");
    if (add) { open("add", add.dataset.path); return true; }
    var ed = target.closest(".editable[data-path]");
    if (ed) { open("edit", ed.dataset.path); return true; }
    return false;
  }
  drawing.addEventListener("click", function (e) { if (activate(e.target)) e.preventDefault(); });
  drawing.addEventListener("keydown", function (e) {
    if ((e.key === "Enter" || e.key === " ") && e.target.classList && e.target.classList.contains("editable")) {
      e.preventDefault();
      activate(e.target);
    }
  });
  var json = document.getElementById("board-json");
  if (json && !document.getElementById("form-error")) json.open = false;
})();
