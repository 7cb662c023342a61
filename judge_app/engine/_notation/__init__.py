"""The pieces every game's board notation (judge_app/engine/<game>/notation.py, docs/notation.md) is made of."""
from judge_app.engine._notation.board import Notation, token_error
from judge_app.engine._notation.codecs import (At, Codec, FreeWords, Num, Prefixed, Reading, Tuple, Word, Words,
                                               generic, phase_word, player_word)
from judge_app.engine._notation.fields import Fields
from judge_app.engine._notation.lex import Item, fold, quote, read
from judge_app.engine._notation.values import same
from judge_app.engine._notation.zones import CardSpec, Row, Slot, Zone

__all__ = ["Notation", "token_error", "At", "Codec", "FreeWords", "Num", "Prefixed", "Reading", "Tuple", "Word",
           "Words", "generic", "phase_word", "player_word", "Fields", "Item", "fold", "quote", "read", "same", "CardSpec", "Row", "Slot", "Zone"]
