"""Pages and API answers compressed as the client asks (issue 25), by flask-compress.

Every response of a compressible type (HTML, JSON, CSS, JavaScript, SVG, YAML, plain text) of 500 bytes or more is
sent with the best encoding the request's `Accept-Encoding` allows, in flask-compress's order of preference
(zstd, br, gzip, deflate): zstd costs a tenth of the CPU of the others for the same size on this app's pages, and a
browser that does not offer it gets br or gzip. Smaller bodies (`/healthz`, most API errors) and types already
compressed (images, archives) are sent as they are. Every response says `Vary: Accept-Encoding`, so a cache in
between never hands a compressed body to a client that did not ask for one. One guard stands in front of the
library: flask-compress 1.25 reads `Accept-Encoding: gzip;q=0` (gzip refused, RFC 9110 12.5.3) as a wish for gzip
when nothing else is offered, so a request refusing every encoding the app has is answered uncompressed before it
asks. Pages change with every request and are compressed on each (about 0.2 ms for the largest with zstd).

Static files never reach this: WhiteNoise answers them from copies compressed once at start-up (static_files.py).
"""
from __future__ import annotations

from flask import Flask, Response, request
from flask_compress import Compress

MIMETYPES = ["text/html", "text/css", "text/plain", "text/javascript", "application/javascript",
             "application/json", "application/yaml", "image/svg+xml"]
MIN_SIZE = 500      # bytes: below this a compressed body saves less than the header costs


class _Compress(Compress):
    def after_request(self, response: Response | None) -> Response:
        accepted = request.accept_encodings            # werkzeug's parse: a coding refused with q=0 has quality 0
        if response is not None and not any(accepted[a] > 0 for a in self.enabled_algorithms):
            response.vary.add("Accept-Encoding")
            return response
        return super().after_request(response)


def install(app: Flask) -> None:
    app.config.setdefault("COMPRESS_MIMETYPES", MIMETYPES)
    app.config.setdefault("COMPRESS_MIN_SIZE", MIN_SIZE)
    app.extensions["judge_app.compress"] = _Compress(app)
