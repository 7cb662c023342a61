"""What a judge asks about a quoted card, and the rulebook's clauses that answer it (issue 42, fourth round).

A judge who quotes a card (「「ターン終了時まで〔キャラクター1枚〕は+2/+0」をかけたキャラを手札に戻してまた出したら、
+2は残ってる？」) asks about a state the card's words do not name: the card changed zones, its target is gone, the
deck ran out in the middle of the effect, only a part of it can be done. The answering clause shares no word with
the card, and few with the question. Each situation here is two readings:
- the clause side is the rulebooks' own sentence for the situation, found in every book by its wording (each book
  states it; the comment names the clauses it finds: opcg 3-1-6, kaiun 3-1-5, thv 3.1.7 …);
- the question side is how any judge asks about that state, outside the card's quoted text: the verbs of the move
  and of what is left (戻して…残る？, 離れ…消える？), the state of the target (いなくなった, 戻された), of the deck
  (途中で…0枚 / 空), of the part that cannot be done (0枚のとき, 払えない, だけ).
The situations were chosen from the kinds of question the cardtext fitting set missed; their patterns are the
rulebooks' sentences and a judge's ordinary words for the state, not a set's questions.
tests/search/test_card_intent.py pins which clauses each situation finds.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from judge_app.search import rerank
from judge_app.search.normalize import nfkc

MIN_CARD = 6     # characters: a quoted card sentence, not a wording quoted alone (「その後」, 「なら、」)
FLOOR = 0.8      # a stating clause's stage-1 score is at least this share of the query's best


@dataclass(frozen=True)
class Situation:
    name: str
    asked: re.Pattern        # over the judge's words outside the card's quoted text (NFKC)
    clause: re.Pattern       # over a clause's text (NFKC, spaces out)


_MOVED = r"(?:戻(?:し|さ|っ|る)|手札に|移(?:し|さ|っ|る)|移動|離れ|バウンス|トラッシュに(?:行|送|置)|除外)"
_AGAIN_OR_LEFT = r"(?:また出|また登場|再登場|もう一度|再び|出し直|残(?:る|っ|り)|消え|なくな|切れ|引き継|そのまま|リセット)"

SITUATIONS = (
    # a card that leaves its zone is a new card; what was given it before is lost.
    # opcg 3-1-6 / kaiun 3-1-5 「別の領域への移動…新しいカードであるとみなされ」, thv 3.1.7 「領域を移った場合…
    # 情報は全て失われる」, opcg 10-2-13-4 「別の領域に移動した後…別のカードとして扱う」
    Situation("zone_change",
              re.compile(rf"{_MOVED}.{{0,30}}{_AGAIN_OR_LEFT}"),
              re.compile(r"(?:領域を移った|領域への移動を行う|別の領域に移動した後).{0,60}(?:新しいカード|失われ|別のカード)")),
    # a chosen target that is gone or unfit when the effect resolves.
    # thv 8.2.5 「目標は以下のタイミングでも…適切かどうかを確認する」, los 「対象に選ばれたカードが指定された場所に
    # いない場合、解決することはできません」, thv 7.6.2 「後から対象として不適切になった場合」
    Situation("target_gone",
              # played, then the target left: 「プレイしたら…手札に戻した」, 「発動したら…」 (a spell's own verb)
              re.compile(r"(?:解決(?:前|する前|の前|まで)|撃った|使った|選んだ|選び|対象に|目標に|目標の|プレイ|発動し|唱え)"
                         r".{0,40}"
                         r"(?:いなくな|戻(?:し|さ)|離れ|消え|除外|破棄さ|破壊さ|KOさ|倒さ|退場|トラッシュ|冥界|墓地)"),
              re.compile(r"(?:目標は以下のタイミングでも|対象に選ばれたカードが指定された場所にいない|"
                         r"後から対象として不適切になった)")),
    # the card that made a lasting effect leaves after it resolved: the effect stays.
    # thv 7.1.16 「解決後に発生源のカードが領域を移動した場合でもその効果は無効にならない」 (the other books do not say it)
    Situation("source_left",
              # the source named as the card or character that used it (「効果を使ったキャラが破棄」, 「そのキャラ自身が
              # 決死状態で冥界に」), not a character it targeted
              re.compile(r"(?:(?:使った|使用した|プレイした|発動した|解決した|撃った).{0,12}"
                         r"(?:このカード|そのカード|スペル|発生源|カード自体|使ったカード|キャラ(?:自身|自体))|使ったキャラ)"
                         r".{0,15}(?:破棄|トラッシュ|手札に戻|離れ|除外|移動|移っ|場から|冥界|決死).{0,30}"
                         r"(?:残る|残り|残って|消える|消え|続く|続き|切れ|無効)"),
              re.compile(r"発生源のカードが領域を移動した場合でもその効果は無効にならない")),
    # the deck runs out in the middle of an effect (a draw of several cards).
    # kaiun 9-3-2 「デッキのカードが0枚になった場合、他の処理の途中であっても即座にリフレッシュ」
    Situation("deck_out_midway",
              re.compile(r"(?:(?:デッキ|山札|山)(?:が|は)?(?:空|0枚|0|なくな|切れ)|(?:デッキ|山札|山)切れ).{0,30}"
                         r"|(?:途中|1枚目|2枚目|残り).{0,30}(?:デッキ|山札|山)(?:が|は)?(?:空|0|なくな|切れ)"),
              re.compile(r"(?:デッキ|山札)のカードが0枚になった場合.{0,20}途中")),
    # the deck runs out because of the card: is that the game lost, and when.
    # opcg 1-2-2-2 / 9-2-1-2 「デッキのカードが0枚の場合、そのプレイヤーは(ゲームの)敗北条件を満たしています」, kaiun
    # 9-3-3 「バリアが 0 枚の状況でリフレッシュを行った場合、このゲームに敗北」, los 4 「デッキが0枚になり、カードを
    # 引くことができなかった場合、自分は敗北」, thv 1.11.7 「デッキの枚数が指示された枚数未満の場合、その時点でゲームに敗北」
    Situation("deck_out_loss",
              re.compile(r"(?:デッキ|山札|山)(?:が|は|の)?(?:残り)?.{0,12}(?:0枚|ゼロ|0に|なくな|無くな|切れ|尽き|空|\d枚)"
                         r".{0,40}(?:負け|敗北|終わり|アウト)"),
              re.compile(r"(?:デッキのカードが0枚の場合、そのプレイヤーは(?:ゲームの)?敗北条件|"
                         r"バリアが0枚の状況でリフレッシュを行った場合、このゲームに敗北|"
                         r"デッキが0枚になり、カードを引くことができなかった場合|"
                         r"デッキの枚数が指示された枚数未満の場合、その時点でゲームに敗北)")),
    # a card says one may (or must) do a thing and another says one cannot: the prohibition wins.
    # opcg / kaiun 1-3-3 「同時にその行動を禁止する効果が発生している場合、常に禁止する効果が優先」, thv 1.3.2
    # 「出来ないという効果が優先される」, los 「「できる」「できない」と相反する効果…「できない」を優先」
    Situation("cannot_wins",
              re.compile(r"(?:どっち|どちら)(?:の効果)?(?:が|を)?(?:勝|優先|強|効|適用)|(?:優先|勝つ)の(?:は|って)"),
              re.compile(r"(?:禁止する効果が優先|「できない」を優先|出来ないという効果が優先)")),
    # a card says what the rules do not allow (「手札から前衛に出すことができる」, the rules: 後衛だけ): the card's text wins.
    # opcg 1-3-1 / kaiun 1-3-1 「総合ルールの内容に矛盾する場合、…を優先」, los 9.1 「ルールと矛盾する効果…効果を優先」,
    # thv 1.3.1 「ルールに直接矛盾する場合、カードのテキストを優先する」
    Situation("card_over_rule",
              re.compile(r"(?:ルール|本来|普通は|通常は).{0,40}(?:はず|のに|けど|だが|優先|どっち|どちら|矛盾)"),
              re.compile(r"(?:総合ルールの内容に矛盾する場合|ルールと矛盾する効果|ルールに直接矛盾する場合)")),
    # the condition the card names (【ドン!!×○】, a count on the field) is no longer met when it would apply.
    # opcg / kaiun 8-4-1-1 「条件を満たしていない限り発動ができません」, thv 7.4.5.d / 7.4.6.d / 7.4.7.d 「適用の
    # 条件を満たさなくなった場合」
    Situation("condition_lost",
              re.compile(r"(?:はがされ|剥がされ|外され|減っ|減らされ|下がっ|満たさなくな|足りなくな)"
                         r".{0,40}(?:まだ|使え|発動でき|効く|効いて|有効|適用)"),
              re.compile(r"(?:条件を満たしていない限り発動ができません|適用の条件を満たさなくなった場合)")),
    # who 「相手」 on a card is when there are more than two players.
    # kaiun-multi 11-4-2 「永続効果で「相手」を指定する効果の場合、…親ならば「相手」はすべての子を指定し」
    Situation("who_is_opponent",
              re.compile(r"(?:相手|対戦相手)(?:って|は|とは|が|の範囲)(?:誰|だれ|どれ|どっち|どの|子|親|全員|みんな|全部|1人)"
                         r"|(?:子|プレイヤー)?(?:全員|みんな)(?:に|が|へ)(?:効|対象|影響)|(?:誰|だれ)に(?:効|影響)"),
              re.compile(r"「相手」はすべての子を指定")),
    # where the card that lost (or drew) a battle goes, and what stays.
    # kaiun / kaiun-multi 6-6-3 「バトルに敗北または引き分けになったカードはトラッシュに移動します」
    Situation("battle_loser_goes",
              re.compile(r"(?:負け|敗北|引き分け).{0,30}(?:トラッシュ|墓地|残る|残って|どこ|行き|消える)"),
              re.compile(r"バトルに敗北または引き分けになったカードはトラッシュに移動")),
    # a part of the effect or its cost cannot be done: done as far as possible, or the whole fails / cannot be paid.
    # opcg / kaiun 1-3-2 「その一部のみ実行不可能な場合、可能な限り」, opcg 8-3-1-3 「発動コストのうち一部または全部を
    # 支払うことが不可能」, kaiun 8-3-2-2 「発動コストの一部分のみを解決することはできません」, thv 8.1.3.a 「一部でも
    # 適切な対象を指定出来なかった効果はその効果全体が解決に失敗」, thv 7.1.12 「効果の一部が…正しく適用されない」;
    # thv's cost: 1.8.9.e 「求められるコストが支払えないことが明らかである場合、その効果の使用を試みることは出来ない」,
    # 1.8.9.f 「1度に複数の種類のコストを求められる場合、その全てを満足出来ない限り、いずれも支払うことは出来ない」
    Situation("partly_possible",
              re.compile(r"(?:0枚|ない|無い|足りな|払えな|できな|出来な|1枚しか).{0,30}(?:だけ|のみ|分だけ|片方|残り|後半|前半)"
                         r"|(?:だけ|のみ)(?:入る|もらえ|できる|出来る|使える|効く|処理|発動|解決)"
                         # 「捨てられないけど2枚は引ける？」: one part cannot be done, is the other?
                         r"|(?:られない|できない|出来ない|払えない)(?:けど|のに).{0,20}(?:引け|でき|出来|使え|もらえ|効く|発動)"),
              re.compile(r"(?:一部のみ実行不可能|一部または全部を支払うことが不可能|一部分のみを解決することはできません|"
                         r"一部でも適切な対象を指定出来なかった|効果の一部が指示通りに正しく適用されない|"
                         r"求められるコストが支払えないことが明らかである場合|その全てを満足出来ない限り、いずれも支払うこと)")),
    # a card's 【ドン!!×○】 with fewer DON!! given than it names: the condition is not met.
    # opcg 10-2-9-1 「○の数字以上の枚数のドン!!カードがこのカードに付与されることで条件が満たす」, 8-3-2-3 「条件には、
    # 【ドン!!×○】で指示されている場合があります」. Read only on a card quoting the keyword (answering).
    Situation("don_short",
              re.compile(r"(?:ドン|どん)(?:!!)?(?:カード)?.{0,12}(?:\d枚しか|だけ|付けず|つけず|付けない|つけない|付けてない|"
                         r"つけてない|付いてない|ついてない|付いていない|ついていない|足りな|少な|無し|なし|0枚)"),
              re.compile(r"【ドン!!×○】(?:とは|で指示されている)")),
)


# a part that cannot be done, on a card whose sentences are joined by 「そして、」 (kaiun) or 「その後」 (opcg): the
# book's own rule for that connector. kaiun 4-7-2 「「そして、」と書かれている前文を解決できない場合でも、そのテキストの
# 後文を解決することができます」, opcg 4-10-2 「「その後」と書かれている前文は解決できない場合でも…」. Read with
# partly_possible's question side, on a card (its quoted text or the judge's words) holding the connector.
CONNECTED = Situation("connected_after_impossible", next(s for s in SITUATIONS if s.name == "partly_possible").asked,
                      re.compile(r"「(?:そして|その後)、?」と書かれている前文(?:を|は)解決できない場合"))
_CONNECTOR = re.compile(r"そして、|その後")
SITUATIONS = SITUATIONS + (CONNECTED,)

SITUATIONS_BY_NAME = {s.name: s for s in SITUATIONS}


def clause_text(text: str) -> str:
    return re.sub(r"\s+", "", nfkc(text or ""))


class IntentTable:
    """Per document: {situation name: clause ids whose text states it}."""

    def __init__(self, corpus):
        self.rows: dict[str, dict[str, tuple[str, ...]]] = {}
        self.on_cost: set[str] = set()      # clauses on an activation cost (「発動コスト」)
        for key, d in corpus.docs.items():
            texts = [(c.id, clause_text(c.text)) for c in d.clauses.values()]
            self.rows[key] = {s.name: tuple(cid for cid, t in texts if s.clause.search(t)) for s in SITUATIONS}
            # opcg/kaiun name the activation cost; thv's cost clauses (1.8.9) say コスト only
            self.on_cost.update(cid for cid, t in texts if "発動コスト" in t or (key == "thv" and "コスト" in t))

    def answering(self, doc: str, asked: str, card: str = "") -> frozenset[str]:
        """The clauses of `doc` stating a situation the judge's words `asked` (card_wording.outside) name;
        `card` (card_wording.card_text): a part impossible is read on the cost's clauses when the card has a cost
        (「…：」, 「たなら、」: opcg 8-3-1, kaiun 8-1-1), on the effect's otherwise. A may-I question about two
        quoted card sentences of which one forbids (「…できない」) and another does not is the prohibition
        against a permission, asked without 「どっちが優先」."""
        rows = self.rows.get(doc, {})
        out = set()
        # 「どちらが優先？」 of a card against the rules, no card sentence forbidding: not the prohibition rule
        against_rules = SITUATIONS_BY_NAME["card_over_rule"].asked.search(asked) and not _FORBIDS.search(card)
        # the card used is what left (「使ったあとでこのカードが破棄されても」): not its target
        source_left = SITUATIONS_BY_NAME["source_left"].asked.search(asked)
        costed = bool(card) and _COST.search(card) is not None
        # the connector's own rule answers a part impossible on a card without a cost, in place of the general one
        connected = (not costed and rows.get(CONNECTED.name) and CONNECTED.asked.search(asked)
                     and _CONNECTOR.search(asked + "\n" + card))
        for s in SITUATIONS:
            if (s.name == "cannot_wins" and against_rules) or (s.name == "target_gone" and source_left):
                continue
            if (s is CONNECTED and not connected) or (s.name == "partly_possible" and connected):
                continue
            if s.name == "don_short" and "【どん!!×" not in card:
                continue
            if s.asked.search(asked) or (s.name == "cannot_wins" and forbids_against_another(card, asked)):
                ids = rows.get(s.name, ())
                if s.name == "partly_possible" and card:
                    ids = tuple(cid for cid in ids if (cid in self.on_cost) == costed) or ids
                out.update(ids)
        return frozenset(out)


_COST = re.compile(r"[:：]|たなら")
_FORBIDS = re.compile(r"(?:でき|出来)(?:ない|ません)")


def forbids_against_another(card: str, asked: str) -> bool:
    """One quoted card sentence forbids, another does not (card_text: one sentence a line), and the judge asks
    whether it may be done (「引けるの？」「ドローしていい？」) or the other sentence does what the first forbids
    (「…ドロー出来ない」 against 「…2ドローする」, asked 「どうなりますか」)."""
    lines = [line for line in card.split("\n") if line]
    forbidding = [line for line in lines if _FORBIDS.search(line)]
    others = [line for line in lines if not _FORBIDS.search(line)]
    if not forbidding or not others:
        return False
    if rerank.QueryForm(asked).modality:
        return True
    if not _WHAT_HAPPENS.search(asked):     # 「処理の順番は？」 asks the order, not which one wins
        return False
    acts = {act for line in forbidding for act in [forbidden_act(line)] if act}
    return any(act in line for act in acts for line in others)


def forbidden_act(line: str) -> str:
    """What a (folded) card sentence forbids: the verb before 「(こと)ができない」, after its object's particle and
    without its ending (「…かどを引くことができない」 → 引, 「…どろー出来ない」 → どろー, 「…を登場させることができない」
    → 登場させ); '' when it forbids nothing."""
    m = _FORBIDS_AT.search(line)
    if not m:
        return ""
    verb = re.split(r"[をはがにで、,\s]", line[:m.start()])[-1]
    return verb[:-1] if len(verb) > 1 and verb[-1] in "くすつぬむぶぐうる" else verb


_WHAT_HAPPENS = re.compile(r"どう(?:なる|なり|する|し|され|処理|扱)|(?:結果|扱い)(?:は|って)")
_FORBIDS_AT = re.compile(r"(?:こと)?(?:が|は)?(?:でき|出来)(?:ない|ません)")
