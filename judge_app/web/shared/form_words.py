"""The words the adjust and effect forms show for the engine's parameter names and enum values (adjust_form.py):
a field's caption, `PARAM_LABELS`, and a choice's words, `VALUE_WORDS`, where the parameter's schema description
does not give them. tests/web/test_adjust_form_words.py fails on any caption or choice left in the engine's names."""

PARAM_LABELS = {
    "target": "対象", "value": "値", "duration": "期限", "keyword": "キーワード", "owner": "持ち主", "card": "カード",
    "source": "発生源", "row": "列", "lane": "レーン", "stat": "能力値", "action": "行動", "display": "表示",
    "face_down": "裏向きにする", "targeted": "対象をとる効果", "forced": "強制", "label": "カードの文言", "kind": "種類",
    "layer": "層", "state": "状態", "which": "どちらの運値", "rested": "レストで置く", "attack": "攻撃力",
    "toughness": "耐久力", "player": "プレイヤー", "speed": "スピード", "cost": "コスト", "zone": "領域",
    "from": "移動元", "to": "移動先", "position": "位置", "count": "枚数", "parts": "処理",
    "effects": "同時に発動した効果（effect の形の JSON 配列）",
}
VALUE_WORDS = {
    "both": "お互い（両方のプレイヤー）", "all": "全員", "none": "なし", "battle": "このバトル中", "turn": "このターン中",
    "permanent": "ずっと", "active": "アクティブ", "sleep": "スリープ", "rested": "レスト", "front": "前衛",
    "back": "後衛", "attack": "アタック", "move": "移動", "top": "上", "bottom": "下", "hand": "手札",
    "deck": "デッキ", "trash": "トラッシュ", "life": "ライフ", "set": "変更", "swap": "入れ替え", "modify": "修正",
    "always": "常に", "effect": "効果ダメージ", "kachi": "カチ", "aiko_make": "アイコ・マケ",
}
# issue 37's ops (look, reveal, show, put_back): their own words
PARAM_LABELS.update({"order": "戻す順番（上から）", "by_card": "カードの文言が指定する", "shuffle": "シャッフルする"})
VALUE_WORDS.update({"barrier": "バリア", "battle_area": "バトルエリア", "face_down": "裏側表示のキャラクター",
                    "nodes": "ノードエリア", "sideboard": "サイドボード"})
# thv turn_over (5.7.2): which way the card ends, and the way the card's text says it was before
PARAM_LABELS.update({"face": "向き", "before": "変更前の向き（カードの文言が指定する場合）"})
VALUE_WORDS.update({"up": "表向き", "down": "裏向き"})
# the rest of the five rulesets' parameters and values, so that no form shows the engine's own names
PARAM_LABELS.update({
    "what": "無効にするもの", "cards": "選んだカード", "entered": "効果のカードが場に出た順", "host": "セット先のキャラクター",
    "face_condition": "対象の条件が表側の情報を参照する", "replace": "入れ替えてトラッシュに置くキャラ",
    "face_up": "表向きで加える", "as_possible": "「可能な限り」", "sleep": "スリープにするノードの枚数",
})
VALUE_WORDS.update({
    "while_on_field": "このカードが場にある間", "next_turn_end": "次の相手のターン終了時まで",
    "turn_start": "次の自分のターン開始時まで", "effects": "効果", "text": "テキスト", "cost_area": "コストエリア",
    "draw": "ドロー", "block": "ブロック", "play": "プレイ", "use": "起動効果の使用", "keyword": "キーワード効果",
    "barrier_to_hand": "バリアを手札に加える", "win_battle": "バトルに勝つ", "display": "表示の変更",
    "defense_left": "ディフェンス（左向き）", "defense_right": "ディフェンス（右向き）", "opponent": "相手（効果のプレイヤーの相手）",
    "graveyard": "冥界", "removed": "除外エリア", "shuffle": "デッキに入れてシャッフル",
})
