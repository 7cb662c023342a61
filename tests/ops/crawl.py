"""A small same-site crawler over the Flask test client, and an HTML scan for what the CSP forbids."""
from __future__ import annotations

from collections import deque
from html.parser import HTMLParser
from urllib.parse import urldefrag, urljoin, urlsplit


class PageScan(HTMLParser):
    """Collects links, forms, and every construct a `script-src 'self'; style-src 'self'` CSP would block."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.forms: list[dict] = []
        self.violations: list[str] = []
        self._in_script = False
        self._form: dict | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for name, value in attrs:
            if name.startswith("on"):
                self.violations.append(f"<{tag} {name}=…> inline event handler")
            if name == "style":
                self.violations.append(f"<{tag} style=…> inline style attribute")
            if name in ("href", "src", "action", "formaction") and (value or "").strip().lower().startswith("javascript:"):
                self.violations.append(f"<{tag} {name}=javascript:…>")
        if tag == "script":
            kind = (a.get("type") or "text/javascript").split(";")[0].strip().lower()
            executable = kind in ("", "module", "text/javascript", "application/javascript", "text/ecmascript")
            if not a.get("src") and executable:   # a JSON data block is not executed, the CSP lets it be
                self._in_script = True
                self.violations.append("<script> without src (inline script)")
            elif a.get("src") and urlsplit(a["src"]).netloc:
                self.violations.append(f"<script src={a['src']}> from another origin")
        if tag == "style":
            self.violations.append("<style> element (inline style)")
        if tag == "link" and urlsplit(a.get("href") or "").netloc:
            self.violations.append(f"<link href={a['href']}> from another origin")
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        if tag == "form":
            self._form = {"method": (a.get("method") or "get").lower(), "action": a.get("action") or "",
                          "fields": {}}
            self.forms.append(self._form)
        if tag in ("input", "textarea", "select", "button") and self._form is not None and a.get("name"):
            self._form["fields"].setdefault(a["name"], a.get("value") or "")

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        if tag == "script":
            self._in_script = False


def scan(html: str) -> PageScan:
    p = PageScan()
    p.feed(html)
    p.close()
    return p


def crawl(client, start=("/",), limit: int = 120, skip_prefixes=("/static/",)) -> dict[str, tuple]:
    """Breadth-first over same-site GET links; {url: (response, PageScan | None)}."""
    seen: dict[str, tuple] = {}
    queue = deque(start)
    while queue and len(seen) < limit:
        url = queue.popleft()
        if url in seen:
            continue
        resp = client.get(url)
        page = None
        if resp.mimetype == "text/html":
            page = scan(resp.get_data(as_text=True))
            for href in page.links:
                target, _ = urldefrag(urljoin(url, href))
                parts = urlsplit(target)
                if parts.netloc or parts.scheme or not parts.path.startswith("/"):
                    continue
                if any(parts.path.startswith(p) for p in skip_prefixes):
                    continue
                path = parts.path + (f"?{parts.query}" if parts.query else "")
                if path not in seen:
                    queue.append(path)
        seen[url] = (resp, page)
    return seen
