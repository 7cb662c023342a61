"""What the blueprints share: answering as JSON or HTML and the one error shape, request bodies, CSRF, clause
links, the board drawing, the trace window, and the app's store and search service. Imports no blueprint."""
