"""`judge-app` command line. Each module in this package that defines `register(subparsers)` adds its commands:
`corpus`, `search`, `run`/`fuzz` (engine), `rulings` (the application layer), `db`, `serve`, `settings`. It stands
beside web/ on top of the layers and imports no blueprint."""
from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="judge-app", description="判定支援: 総合ルールの参照とルール処理のステップ実行")
    sub = parser.add_subparsers(dest="command", required=True)
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
