"""`python -m judge_app …` = `judge-app …`, with a plain answer when this Python lacks the dependencies."""
import sys

try:
    from judge_app.cli import main

    code = main()
except ImportError as e:
    missing = getattr(e, "name", None) or str(e)
    print(f"judge-app: この Python（{sys.executable}）には必要なパッケージ {missing} がありません。\n"
          "  make serve で .venv を作って .venv/bin/judge-app …（または .venv/bin/python -m judge_app …）を使うか、\n"
          "  この Python に pip install . してください。", file=sys.stderr)
    code = 2
raise SystemExit(code)
