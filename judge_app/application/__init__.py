"""The application layer: what a judge does with sessions and rulings, under the pages, the JSON API and the CLI.

`sessions.py`       create a session (from a board or a scenario), load it, and its controls: step, answer,
                    adjust, undo — what happens when a judge taps 次の決定まで is `sessions.step`
`rulings.py`        save a ruling, import one, list them, open one, replay it under the current edition, export
                    it as a scenario file, continue it as a new session
`review.py`         a ruling read under the current edition: which clauses it cites were changed, and the outcome
`citations.py`      the engine's clause ids shown in the editions a page is about
`game_json.py`      a game, a session and an action's change as the JSON API shows them (no URLs)
`games.py`          the rulesets by name, fresh boards, a board checked, the builder's scenario files
`scenario_input.py` a scenario file handed in, read and played;  `inputs.py` titles, notes and seeds, checked
`engine_calls.py`   every call into the engine, guarded

No Flask: each operation is given the store it works on. Errors are the engine's (`EngineError` and its kinds,
`LoopLimit`, and `RulesetFailure` for a ruleset's own crash) and the store's (`NotFound`, `Conflict`), each with a
Japanese message and the field it concerns; the web maps them to its one error shape, the CLI prints them.
"""
