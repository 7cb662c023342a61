"""Every JUDGE_APP_* setting in one table, read by one typed parser.

The app, `judge-app serve` (gunicorn), the corpus and the search all read their settings here, so a setting is
named, typed and documented once. `judge-app settings` prints the table; a test fails when the code reads a
JUDGE_APP_* variable that is not in it, or when one in it is missing from docs/settings.md. Imports nothing of ours.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

PREFIX = "JUDGE_APP_"


class SettingError(ValueError):
    """A JUDGE_APP_* variable that cannot be read as its type. The message names the variable."""


@dataclass(frozen=True)
class Setting:
    name: str            # without the prefix
    type: type           # str, int or bool
    default: Any         # None: worked out where it is used (see `doc`)
    doc: str             # one line, Japanese, for docs/settings.md and `judge-app settings`
    scope: str           # "app" | "serve" | "tests"

    @property
    def env(self) -> str:
        return PREFIX + self.name


_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}

SETTINGS: tuple[Setting, ...] = (
    # -- the app (every process)
    Setting("INSTANCE", str, None, "セッション・裁定・索引キャッシュ・秘密鍵を置くフォルダ（既定: ソースからは instance/、"
            "インストール版は <prefix>/var/judge_app-instance）", "app"),
    Setting("DATABASE", str, None, "SQLite のファイル（既定: <INSTANCE>/judge_app.sqlite3）", "app"),
    Setting("DATABASE_URL", str, None, "セッションと裁定のデータベースの URL。postgresql://利用者@ホスト/DB名 で PostgreSQL"
            "（複数のサーバーで共有）。既定: JUDGE_APP_DATABASE の SQLite", "app"),
    Setting("INDEX_DIR", str, None, "検索索引のキャッシュ（既定: <INSTANCE>/index）", "app"),
    Setting("SECRET_KEY", str, None, "CSRF トークンの署名鍵（既定: <INSTANCE>/secret_key に初回生成）", "app"),
    Setting("MAX_CONTENT_LENGTH", int, 1024 * 1024, "リクエスト本体の上限（バイト）", "app"),
    Setting("JSON_AS_ASCII", bool, False, "JSON の日本語を \\uXXXX で書く（true/false）", "app"),
    Setting("CORPUS", str, None, "総合ルールの全版と manifest.yaml のフォルダ。judge-app corpus import の書き込み先"
            "（既定: 同梱の rules_corpus/。インストール版では書き込めるフォルダを指定）", "app"),
    Setting("CORPUS_DIR", str, None, "JUDGE_APP_CORPUS の旧名（JUDGE_APP_CORPUS が優先）", "app"),
    Setting("SCENARIOS_DIR", str, None, "盤面作成ページに並べるシナリオのフォルダ（既定: 同梱の scenarios/）", "app"),
    Setting("ANALYSER", str, "", "形態素解析器 sudachi または janome（既定: sudachi）", "app"),
    Setting("HTTPS", bool, False, "HTTPS で配信している（TLS を終端するプロキシの後ろを含む）。true でセッション Cookie に "
            "Secure を付ける", "app"),
    Setting("MAX_STORED_BYTES", int, 256 * 1024, "保存するセッション・裁定 1 件の上限（盤面と答えの JSON、UTF-8 のバイト数。"
            "超える書き込みは 413。0 で上限なし。保存済みの行はそのまま読める）", "app"),
    Setting("RATE_LIMIT_WRITES", str, "120/minute;1200/hour", "1 クライアント（IP アドレス）あたりの書き込み（POST）の上限。"
            "全ての書き込みで共有。超えると 429。limits の書式（例 10/minute;100/hour）。空で無効", "app"),
    Setting("RATE_LIMIT_PREVIEWS", str, "600/minute;6000/hour", "1 クライアントあたりの盤面プレビュー（/board/<game>/render と"
            "記法の読み込み）の上限。書き込みとは別に数える。超えると 429。limits の書式。空で無効", "app"),
    Setting("RATE_LIMIT_STORAGE", str, "", "書き込み回数を数える場所（limits の URI: memory://、redis://… ）。"
            "空ならセッションと同じデータベース（PostgreSQL なら複数のサーバーで共有）", "app"),
    Setting("PROXIES", int, 0, "前に置いたリバースプロキシの段数。その数だけ X-Forwarded-For を信じて"
            "クライアントの IP アドレスを決める（nginx 1 段なら 1。0 では接続元をそのまま使う）", "app"),
    Setting("SESSION_IDLE_DAYS", int, 30, "この日数のあいだ変更のないセッションを期限切れにし、judge-app db prune "
            "（と書き込みのついでに 1 時間に 1 回）で消す。0 で期限なし", "app"),
    Setting("RULINGS_PER_CLIENT", int, 500, "1 クライアント（IP アドレス）が保存できる裁定の数。超える保存は 429 で何も保存しない。"
            "0 で上限なし", "app"),
    Setting("RULING_UNOPENED_DAYS", int, 30, "保存してからこの日数のあいだ誰も開かなかった裁定を judge-app db prune"
            "（と書き込みのついでに 1 時間に 1 回）で消す。一度でも開いた裁定は消えない。0 で期限なし", "app"),
    Setting("MAX_ADJUSTMENTS", int, 500, "1 セッションの調整（ジャッジの盤面操作）の上限。超える調整・シナリオは 422 で何も保存しない。"
            "0 で上限なし", "app"),
    Setting("MAX_LASTING_EFFECTS", int, 200, "同時に有効な継続効果（パワー・戦闘力・ATK などの修正）の上限。超える調整は 422 で"
            "何も保存しない。0 で上限なし", "app"),
    Setting("SESSION_CACHE", int, 64, "1 ワーカーが覚えておく進行中のセッションの数。覚えているセッションの次の操作は保存済みの"
            "答えを最初から再生せずに続ける（別のワーカーが進めた分だけを再生）。古いものから忘れる。0 で毎回再生", "app"),
    # -- `judge-app serve` (gunicorn)
    Setting("HOST", str, "127.0.0.1", "待ち受けるアドレス（make serve / make dev / judge-app serve）", "serve"),
    Setting("PORT", int, 8000, "待ち受けるポート（make dev の既定は 5000）", "serve"),
    Setting("BIND", str, None, "nginx の listen をそのまま指定（HOST/PORT より優先。例 unix:/run/judge.sock）", "serve"),
    Setting("WORKERS", int, None, "ワーカー数（既定: コア数、2〜8）", "serve"),
    Setting("THREADS", int, 4, "ワーカーあたりのスレッド数", "serve"),
    Setting("TIMEOUT", int, 30, "応答しないワーカーを入れ替えるまでの秒数", "serve"),
    Setting("GRACEFUL_TIMEOUT", int, 20, "停止・再読込のとき処理中の要求を待つ秒数", "serve"),
    Setting("KEEPALIVE", int, 5, "keep-alive 接続を保つ秒数", "serve"),
    Setting("REQUEST_TIMEOUT", int, 30, "nginx がヘッダー全体を受け取るまで、また本体の読み取りの間に待つ秒数。過ぎれば"
            "接続を閉じる。要求は nginx が受け取りきってからアプリに渡すので、遅いクライアントはスレッドを占有しない", "serve"),
    Setting("NGINX", str, None, "judge-app serve が前に置く nginx の実行ファイル（既定: PATH か /usr/sbin/nginx）", "serve"),
    Setting("MAX_REQUESTS", int, 200_000, "この数の要求を処理したワーカーを入れ替える（0 で無効）", "serve"),
    Setting("MAX_REQUESTS_JITTER", int, 20_000, "MAX_REQUESTS に足す乱数の幅", "serve"),
    Setting("ACCESS_LOG", str, "-", "アクセスログの出力先（- は標準出力、空で無効）", "serve"),
    Setting("LOG_LEVEL", str, "info", "gunicorn のログレベル", "serve"),
    # -- the test suite
    Setting("FUZZ", str, "", "nightly で性質テストと索引破損テストの回数を増やす", "tests"),
    Setting("TEST_POSTGRES", str, "", "skip で [postgresql] のテストを飛ばす（既定: PostgreSQL が無ければ失敗させる）", "tests"),
    Setting("SCHEMATHESIS_EXAMPLES", int, 10, "API の性質テスト（schemathesis）で操作ごとに作る例の数", "tests"),
    Setting("SCHEMATHESIS_STATEFUL", int, 10, "API の性質テストで、リンクをたどる状態つきの実行の回数", "tests"),
    Setting("TEST_STORE", str, "", "postgresql でページと API のテストも PostgreSQL の使い捨てデータベースで走らせる（make test-postgresql）", "tests"),
)

BY_NAME = {s.name: s for s in SETTINGS}


def parse(setting: Setting, raw: str) -> Any:
    """`raw` as the setting's type, or a SettingError naming the variable and what it accepts."""
    if setting.type is bool:
        folded = raw.strip().lower()
        if folded in _TRUE:
            return True
        if folded in _FALSE:
            return False
        raise SettingError(f"{setting.env} は true か false で指定してください（{raw!r} は読めません）")
    if setting.type is int:
        try:
            return int(raw.strip().replace("_", ""))
        except ValueError:
            raise SettingError(f"{setting.env} は整数で指定してください（{raw!r} は読めません）") from None
    return raw


def get(name: str, default: Any = None, environ: dict | None = None) -> Any:
    """The setting's value from the environment, else `default`, else the table's default."""
    setting = BY_NAME[name]
    raw = (os.environ if environ is None else environ).get(setting.env)
    if raw is None:
        return default if default is not None else setting.default
    return parse(setting, raw)


def table_markdown() -> str:
    """docs/settings.md's table, made from SETTINGS."""
    rows = ["| 変数 | 型 | 既定 | 使う所 | 意味 |", "| --- | --- | --- | --- | --- |"]
    for s in SETTINGS:
        default = "–" if s.default is None else f"`{s.default}`" if s.default != "" else "（空）"
        rows.append(f"| `{s.env}` | {s.type.__name__} | {default} | {s.scope} | {s.doc} |")
    return "\n".join(rows)
