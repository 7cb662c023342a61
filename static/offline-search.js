/* Search with no server: the same query box, answered from static/offline/search.json (judge_app/search/
   offline_index.py). Reads the query as the server does (judge_app/search/normalize.py, analysis.py, numbers.py,
   readings.py), in a simpler ranking: clause numbers first, then a glossary term asked about, then BM25 per field
   over the index's bigrams, with table-talk synonyms and kana readings. The same file runs in node for the
   benchmark (bench/offline_search_quality.py), so the figures are those of this very code. */
(function (root) {
  "use strict";

  // ---- folding (normalize.py) ----------------------------------------------------------------------------------
  var DROP = { "ー": 1, "〜": 1, "～": 1, "・": 1, "ｰ": 1 };
  var DASHES = "-‐‑‒–—―−－ｰ─━ー";

  function nfkc(s) { return (s || "").normalize("NFKC"); }

  function fold(text) {
    var t = nfkc(text), out = "";
    for (var ch of t) {
      if (DROP[ch]) continue;
      var o = ch.codePointAt(0);
      if (o >= 0x30A1 && o <= 0x30F6 && ch !== "ヵ" && ch !== "ヶ") out += String.fromCodePoint(o - 0x60);
      else out += ch.toLowerCase();
    }
    return out;
  }

  // ---- tokens (analysis.py: runs, bigrams, quantity tokens) ---------------------------------------------------
  var CJK = "\\u3040-\\u30ff\\u3400-\\u9fff\\uf900-\\ufaff々〆ヶ";
  var RUNS = new RegExp("(?:(?![" + CJK + "])[\\p{L}\\p{N}])+|(?:(?=[" + CJK + "])[\\p{L}\\p{N}])+", "gu");
  var IS_CJK = new RegExp("^[" + CJK + "]", "u");
  var COUNTERS = "枚|回|体|人|名|点|種類|度|つ|たん|ます";
  var COUNT_IN_TEXT = new RegExp("(?:\\d+|[nxy])\\s*(?:~\\s*\\d+\\s*)?(" + COUNTERS + ")|(枚|回|体|人|点|種類|たん)数", "g");
  var COUNT_IN_QUESTION = new RegExp("(?:何|なん|いく)\\s*(" + COUNTERS + ")", "g");
  var ONCE_PER_TURN = /(?:この|その|各|同じ|1)たん(?:中|の間|内)?に?[^。]{0,24}?(?:されて|して|行って|使用して|行われて)いない/;
  var EXACT_COUNT = /過不足(?:無|な)く/;
  var LIMIT_IN_TEXT = new RegExp("上限|(?:\\d+|[nx])\\s*(?:" + COUNTERS + ")\\s*(?:以下|まで|ちょうど|だけ|のみ)");
  var LIMIT_IN_QUESTION = new RegExp("上限|(?:何|なん|いく)\\s*(?:" + COUNTERS + ")?\\s*まで");
  var ANSWER_TYPES = [
    ["#いつ", /いつ|どの(?:タイミング|たいみんぐ|時点)/, /(?:開始|終了)時|時点で|たいみんぐ|ふぇいず|した時|された時|場合に(?:は)?/],
    ["#どこ", /どこ/, /領域|えりあ|ぞん|冥界|とらっしゅ|手札|でっき|場に|の上に置|置かれ/],
    ["#誰", /誰|だれ|どちら|どっち/, /ぷれいや|親|子が|子の|持ち主|相手/],
  ];

  function countTokens(folded) {
    var found = [], m;
    COUNT_IN_TEXT.lastIndex = 0;
    while ((m = COUNT_IN_TEXT.exec(folded))) found.push(m[1] || m[2]);
    COUNT_IN_QUESTION.lastIndex = 0;
    while ((m = COUNT_IN_QUESTION.exec(folded))) found.push(m[1]);
    var once = ONCE_PER_TURN.test(folded);
    if (once) found.push("回");
    var out = [];
    found.forEach(function (c) { var t = "#" + (c === "度" ? "回" : c); if (out.indexOf(t) < 0) out.push(t); });
    if (once || EXACT_COUNT.test(folded) || LIMIT_IN_TEXT.test(folded) || LIMIT_IN_QUESTION.test(folded)) out.push("#上限");
    ANSWER_TYPES.forEach(function (a) { if (a[1].test(folded) || a[2].test(folded)) out.push(a[0]); });
    return out;
  }

  function bigrams(folded) {
    var out = [];
    (folded.match(RUNS) || []).forEach(function (run) {
      var chars = Array.from(run);
      if (!IS_CJK.test(run) || chars.length === 1) out.push(run);
      else for (var i = 0; i < chars.length - 1; i++) out.push(chars[i] + chars[i + 1]);
    });
    return out.concat(countTokens(folded));
  }

  // ---- clause numbers (numbers.py) ----------------------------------------------------------------------------
  var DOC_ALIASES = {
    "kaiun-multi": ["kaiun-multi", "kaiunmulti", "kaiun_multi", "多人数制", "多人数", "開運多人数", "multi", "マルチ"],
    "kaiun": ["kaiun", "開運コロシアム", "開運コロシウム", "開運", "コロシアム", "コロシウム"],
    "los": ["los", "legend of stars", "legendofstars", "レジェンドオブスターズ", "レジェスタ"],
    "thv": ["thv", "東方vision", "東方ヴィジョン", "東方", "phantom magic vision", "pmv", "touhou"],
    "opcg": ["opcg", "onepiece", "one piece", "ワンピースカード", "ワンピース", "ワンピ", "op"],
  };
  var ALIASES = [];
  Object.keys(DOC_ALIASES).forEach(function (k) { DOC_ALIASES[k].forEach(function (a) { ALIASES.push([a.toLowerCase(), k]); }); });
  ALIASES.sort(function (x, y) { return y[0].length - x[0].length; });
  var SEP = "[\\-\\.\\s/_・,、]";
  var COMP = "(?:\\d{1,3}|[a-z]|[ivx]{1,4}|s\\d{1,2})";
  var WHOLE = new RegExp("^第?\\s*(\\d{1,2}(?:\\s*" + SEP + "+\\s*" + COMP + ")*)\\s*(?:条|項)?\\s*[.。]?$", "iu");
  var INSIDE = new RegExp("(?<![\\p{L}\\p{N}_.\\-])(\\d{1,2}(?:[\\-.]" + COMP + "){1,6})\\.?(?![\\p{L}\\p{N}_\\-])", "giu");
  var ROMAN = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"];
  var DASH_BETWEEN = new RegExp("(?<=[0-9a-z])\\s*[" + DASHES.replace(/[-\]\\^]/g, "\\$&") + "]\\s*(?=[0-9a-z])", "g");

  function normaliseNumber(text) { return nfkc(text).trim().toLowerCase().replace(DASH_BETWEEN, "-"); }

  function splitDocPrefix(query) {
    var q = normaliseNumber(query);
    for (var i = 0; i < ALIASES.length; i++) {
      var alias = ALIASES[i][0];
      if (q.indexOf(alias) !== 0) continue;
      var rest = q.slice(alias.length), first = rest.charAt(0);
      if (first === ":" || first === " " || first === "　" || (/\d/.test(first) && !/\d$/.test(alias))) {
        return [ALIASES[i][1], rest.replace(/^[: 　]+/, "")];
      }
    }
    return [null, q];
  }

  function components(number) {
    return number.replace(/^[ .]+|[ .]+$/g, "").split(new RegExp(SEP + "+")).filter(Boolean);
  }

  function parseNumbers(query) {
    var split = splitDocPrefix(query), doc = split[0], rest = split[1];
    var m = WHOLE.exec(rest);
    if (m) return [{ components: components(m[1]), doc: doc, whole: true }];
    var out = [];
    INSIDE.lastIndex = 0;
    while ((m = INSIDE.exec(rest))) out.push({ components: components(m[1]), doc: doc, whole: false });
    return out;
  }

  function renderNumber(comps, numbering) {
    if (!comps.length || !/^\d+$/.test(comps[0])) return [];
    var sep = numbering === "hyphen" ? "-" : ".";
    var variants = [[]];
    comps.forEach(function (c) {
      var opts = [];
      if (/^\d+$/.test(c)) opts.push(String(parseInt(c, 10)));
      else if (/^s\d+$/.test(c)) opts.push(c);
      else {
        if (c.length === 1) { opts.push(c.toLowerCase()); opts.push(c.toUpperCase()); }
        if (ROMAN.indexOf(c) >= 0) opts.push(c.toUpperCase());
      }
      opts = opts.filter(function (o, i) { return opts.indexOf(o) === i; });
      var next = [];
      variants.forEach(function (v) { opts.forEach(function (o) { next.push(v.concat([o])); }); });
      variants = next;
    });
    var out = [];
    variants.forEach(function (v) { var s = v.join(sep); if (out.indexOf(s) < 0) out.push(s); });
    return out;
  }

  // ---- kana typed for words the rulebooks write in kanji (readings.py) ---------------------------------------
  var PARTICLES = ["の", "が", "は", "を", "に", "で", "と", "も", "へ", "や", "か", "って", "から", "まで", "より", "など", "だけ", "しか"];
  var SURU = ["し", "す", "さ", "せ", "でき"];
  var VERB_ENDS = ["る", "た"];
  var KANA_COUNTERS = [["しゅるい", "種類"], ["まい", "枚"], ["かい", "回"], ["たい", "体"], ["にん", "人"], ["めい", "名"], ["てん", "点"], ["ど", "度"]];
  var MIN_KANA = 3;

  function endsWithAny(s, list) { return list.some(function (p) { return s.slice(-p.length) === p && s.length >= p.length; }); }
  function startsWithAny(s, list, at) { return list.some(function (p) { return s.substr(at, p.length) === p; }); }

  function KanaTable(json) {
    this.words = (json && json.words) || {};
    this.suru = {};
    var self = this;
    ((json && json.suru) || []).forEach(function (r) { self.suru[r] = 1; });
    this.lengths = {};
    Object.keys(this.words).forEach(function (r) {
      var k = r.slice(0, 2);
      (self.lengths[k] = self.lengths[k] || []).push(r.length);
    });
    Object.keys(this.lengths).forEach(function (k) {
      self.lengths[k] = self.lengths[k].filter(function (n, i, a) { return a.indexOf(n) === i; }).sort(function (a, b) { return b - a; });
    });
  }
  KanaTable.prototype.at = function (run, i) {
    var out = [], self = this;
    (this.lengths[run.substr(i, 2)] || []).forEach(function (n) {
      if (i + n <= run.length && self.words[run.substr(i, n)]) out.push([run.substr(i, n), self.words[run.substr(i, n)]]);
    });
    return out;
  };

  function segment(run, table, afterDigit) {
    var ends = {};
    function startsWord(i, n) {
      var before = run.slice(0, i);
      return i === 0 || ends[i] || endsWithAny(before, PARTICLES) || (n >= MIN_KANA && endsWithAny(before, VERB_ENDS));
    }
    function endsWord(j, reading) {
      return j === run.length || startsWithAny(run, PARTICLES, j) || (reading && table.suru[reading] && startsWithAny(run, SURU, j))
        || table.at(run, j).length > 0;
    }
    function counter(i) {
      var skipped, prefix;
      if (run.substr(i, 2) === "なん" && startsWord(i, MIN_KANA)) { skipped = 2; prefix = "何"; }
      else if (i === 0 && afterDigit) { skipped = 0; prefix = ""; }
      else return null;
      var at = i + skipped;
      for (var k = 0; k < KANA_COUNTERS.length; k++) {
        var reading = KANA_COUNTERS[k][0];
        if (run.substr(at, reading.length) === reading && (reading.length > 1 || endsWord(at + 1))) {
          return [skipped + reading.length, prefix + KANA_COUNTERS[k][1]];
        }
      }
      return null;
    }
    var out = [], i = 0;
    while (i < run.length) {
      var found = counter(i);
      if (!found) {
        var cands = table.at(run, i);
        for (var c = 0; c < cands.length; c++) {
          if (startsWord(i, cands[c][0].length) && endsWord(i + cands[c][0].length, cands[c][0])) { found = [cands[c][0].length, cands[c][1]]; break; }
        }
      }
      if (!found) { i += 1; continue; }
      out.push([i, found[0], found[1]]);
      i += found[0];
      ends[i] = 1;
    }
    return out;
  }

  function convertKana(text, table) {
    var HIRAGANA_RUN = /[\u3041-\u3096]+/g, m, found = [], out = "", last = 0;
    while ((m = HIRAGANA_RUN.exec(text))) {
      var afterDigit = m.index > 0 && /\d/.test(text.charAt(m.index - 1));
      segment(m[0], table, afterDigit).forEach(function (s) {
        var start = m.index + s[0];
        out += text.slice(last, start) + s[2];
        last = start + s[1];
        found.push([m[0].substr(s[0], s[1]), s[2]]);
      });
    }
    if (!found.length) return [text, []];
    return [out + text.slice(last), found];
  }

  // ---- term keys (glossary.py, query.py) ----------------------------------------------------------------------
  var QUESTION_TAIL = /(?:とは(?:何|なに)?(?:ですか)?|って(?:何|なに)?(?:ですか)?|の意味(?:は)?|は(?:何|なに)(?:ですか)?)?[\s?？!！。.]*$/;

  function termKey(text) {
    var t = nfkc(text).trim();
    t = t.replace(/^[【《「『\[〔(]+|[】》」』\]〕)]+$/g, "").replace(/[【】《》「」『』\[\]〔〕]/g, "");
    return fold(t).trim().replace(/^[ 、。,.:：]+|[ 、。,.:：]+$/g, "");
  }

  // ---- a card quoted or named by its text (card_wording.quotes_card) ----------------------------------------------
  var QUOTED = /[「『]([^」』]+)[」』]/g;
  var PASTED = /【[^】]{1,12}】/;
  var PARAPHRASED = /〔[^〕]+〕|\[[^\]]{1,12}\]|《[^》]{1,12}》|持ち(?:の|で)|(?:って|と)(?:書いて|書かれ|かいて)|という(?:カード|キャラ|効果|イベント|スペル)|効果(?:の|を持つ)(?:カード|キャラ)|テキスト/;

  function quotesCard(query) {
    var q = nfkc(query);
    if (q.search(QUOTED) >= 0 || PASTED.test(q.replace(QUOTED, ""))) return true;
    return PARAPHRASED.test(q);
  }

  // ---- the index and the ranking ------------------------------------------------------------------------------
  // Weights of the fields (title and keywords, breadcrumb, body, questions the clause answers, arguing claims,
  // card-text questions: read only for a query quoting a card); chosen on the training parts only
  // (bench/offline_search_quality.py --training).
  var FIELD_WEIGHTS = { t: 2.0, c: 0.3, b: 1.0, q: 1.2, a: 0.4, k: 2.0 };
  var K1 = 1.2, B = 0.75, MAX_DF = 0.25, SYNONYM_WEIGHT = 0.7, SYNONYM_BONUS = 0.3;
  var NUMBER_SCORE = 1000, TERM_SCORE = 500;

  function Index(data) {
    this.data = data;
    this.docs = {};
    var self = this;
    data.docs.forEach(function (d) { self.docs[d.key] = d; });
    this.ids = {};
    Object.keys(data.numbers).forEach(function (d) { self.ids[d] = new Set(data.numbers[d]); });
    this.kana = new KanaTable(data.kana);
    this.scopes = {};
  }

  // entries a search with document filter `doc` looks at: that document's (with the clauses it inherits), or
  // every document's own clauses
  Index.prototype.scope = function (doc) {
    var key = doc || "*";
    if (this.scopes[key]) return this.scopes[key];
    var data = this.data, member = new Uint8Array(data.entries.length), n = 0, avg = {};
    data.entries.forEach(function (e, i) { if (doc ? e[1] === doc : !e[2]) { member[i] = 1; n++; } });
    Object.keys(data.lengths).forEach(function (f) {
      var sum = 0;
      data.lengths[f].forEach(function (len, i) { if (member[i]) sum += len; });
      avg[f] = sum / Math.max(1, n) || 1;
    });
    return (this.scopes[key] = { member: member, n: n, avg: avg });
  };

  Index.prototype.order = function (doc) {
    var keys = this.data.docs.map(function (d) { return d.key; });
    return doc ? [doc].concat(keys.filter(function (k) { return k !== doc; })) : keys;
  };

  Index.prototype.numberHits = function (query, doc) {
    var parsed = parseNumbers(query), hits = [], self = this;
    parsed.forEach(function (nq) {
      var docs = nq.doc ? [nq.doc] : self.order(doc);
      docs.forEach(function (d) {
        var info = self.docs[d];
        if (!info) return;
        var found = renderNumber(nq.components, info.numbering).map(function (n) { return d + ":" + n; })
          .filter(function (id) { return self.ids[d].has(id); })[0];
        if (!found && info.base) {
          found = renderNumber(nq.components, self.docs[info.base].numbering).map(function (n) { return info.base + ":" + n; })
            .filter(function (id) { return self.ids[info.base].has(id); })[0];
        }
        if (found) hits.push({ id: found, score: NUMBER_SCORE, kind: "number" });
      });
    });
    return { hits: hits, whole: parsed.length > 0 && parsed[0].whole };
  };

  Index.prototype.termHits = function (text, doc) {
    var key = termKey(text.replace(QUESTION_TAIL, "")), terms = this.data.terms, hits = [];
    (doc ? [doc] : Object.keys(terms)).forEach(function (d) {
      ((terms[d] || {})[key] || []).forEach(function (id) { hits.push({ id: id, score: TERM_SCORE, kind: "term" }); });
    });
    return hits;
  };

  // talk words found in the folded query (synonyms.py: pieces joined by 「…」 occur in order)
  Index.prototype.synonyms = function (folded, doc) {
    var docs = doc === "kaiun-multi" ? ["kaiun-multi", "kaiun"] : doc ? [doc] : null;
    return this.data.synonyms.filter(function (s) {
      if (docs && docs.indexOf(s[0]) < 0) return false;
      return s[1].some(function (talk) {
        var at = 0;
        return talk.split("…").every(function (piece) {
          var i = folded.indexOf(piece, at);
          if (i < 0 || !piece) return false;
          at = i + piece.length;
          return true;
        });
      });
    });
  };

  Index.prototype.textHits = function (folded, doc, syns, card) {
    var data = this.data, sc = this.scope(doc), scores = new Float64Array(data.entries.length);
    var fields = Object.keys(FIELD_WEIGHTS).filter(function (f) { return data.postings[f] && (f !== "k" || card); });
    var weights = {};
    bigrams(folded).forEach(function (t) { weights[t] = 1; });
    syns.forEach(function (s) { bigrams(fold(s[2])).forEach(function (t) { if (!weights[t]) weights[t] = SYNONYM_WEIGHT; }); });
    Object.keys(weights).forEach(function (tok) {
      fields.forEach(function (f) {
        var list = data.postings[f][tok];
        if (!list) return;
        var df = 0, i;
        for (i = 0; i < list.length; i += 2) if (sc.member[list[i]]) df++;
        if (!df || (f === "b" && df > MAX_DF * sc.n)) return;
        var idf = Math.log(1 + (sc.n - df + 0.5) / (df + 0.5)), lens = data.lengths[f], avg = sc.avg[f];
        for (i = 0; i < list.length; i += 2) {
          var e = list[i];
          if (!sc.member[e]) continue;
          var tf = list[i + 1];
          scores[e] += weights[tok] * FIELD_WEIGHTS[f] * idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * lens[e] / avg));
        }
      });
    });
    var best = 0, e;
    for (e = 0; e < scores.length; e++) if (scores[e] > best) best = scores[e];
    if (best > 0) {
      syns.forEach(function (s) {
        data.entries.forEach(function (row, i) { if (sc.member[i] && row[0] === s[3]) scores[i] += SYNONYM_BONUS * best; });
      });
    }
    var hits = [];
    for (e = 0; e < scores.length; e++) if (scores[e] > 0) hits.push({ entry: e, score: scores[e] });
    hits.sort(function (x, y) { return y.score - x.score || x.entry - y.entry; });
    return hits.map(function (h) { var row = data.entries[h.entry]; return { id: row[0], score: h.score, kind: "text", via: row[2] }; });
  };

  Index.prototype.search = function (query, doc, limit) {
    limit = limit || 10;
    var raw = (query || "").trim().slice(0, 200);
    if (!raw) return { query: raw, results: [], read_as: [] };
    if (doc && !this.docs[doc]) doc = null;
    var conv = convertKana(nfkc(raw), this.kana);
    var text = conv[1].length ? conv[0] : raw, folded = fold(text);
    var numbers = this.numberHits(raw, doc), hits = numbers.hits.slice();
    if (!numbers.whole) {
      hits = hits.concat(this.termHits(text, doc), this.textHits(folded, doc, this.synonyms(folded, doc), quotesCard(raw)));
    }
    var seen = {}, out = [], rows = this.rows || (this.rows = this.byId());
    for (var i = 0; i < hits.length && out.length < limit; i++) {
      if (seen[hits[i].id]) continue;
      seen[hits[i].id] = 1;
      var row = rows[hits[i].id] || [hits[i].id, "", "", "", "", ""];
      var id = hits[i].id, d = id.split(":")[0];
      out.push({ id: id, doc: d, doc_name: (this.docs[d] || {}).name || d, number: id.slice(d.length + 1), title: row[3],
                 breadcrumb: row[4], snippet: row[5], marks: [],
                 kind: hits[i].kind, via: hits[i].via || "", url: "/rules/" + d + "/" + id.slice(d.length + 1) });
    }
    return { query: raw, results: out, read_as: conv[1].map(function (c) { return { said: c[0], read_as: c[1] }; }) };
  };

  Index.prototype.byId = function () {
    var rows = {};
    this.data.entries.forEach(function (r) { if (!rows[r[0]]) rows[r[0]] = r; });
    return rows;
  };

  var api = { Index: Index, fold: fold, bigrams: bigrams, parseNumbers: parseNumbers, renderNumber: renderNumber,
              convertKana: convertKana, termKey: termKey, quotesCard: quotesCard };
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.OfflineSearch = api;
})(typeof self !== "undefined" ? self : this);
