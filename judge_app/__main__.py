from judge_app.cli import main

raise SystemExit(main())
