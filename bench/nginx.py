"""nginx in front of a benchmark's gunicorn, configured as docs/DEPLOY.md's reverse proxy:
the one-second microcache of the public pages under ``/t/`` (same ``proxy_cache``
directives), everything else passed through. TLS is not terminated here: the proxy
tells Django ``X-Forwarded-Proto: https`` as the production proxy does after TLS, so
secure cookies and CSRF's origin checks behave as in production; it passes the Host
header with its port (``$http_host``), since here the proxy is not on port 443.

``with proxy("http://127.0.0.1:PORT") as base:`` starts nginx (Debian's ``nginx`` or
``nginx-light``) on a free loopback port, with its files in a temporary folder, and
stops it on exit.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bench.people import free_port

PROXY = """
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-Proto https;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_read_timeout 60s;
"""

CONFIG = """
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 4096; }}
http {{
  access_log off;
  client_body_temp_path {dir}/cb; proxy_temp_path {dir}/pt; fastcgi_temp_path {dir}/ft;
  uwsgi_temp_path {dir}/ut; scgi_temp_path {dir}/st;
  upstream tenteio {{ server {upstream}; }}
  proxy_cache_path {dir}/cache levels=1:2 keys_zone=tenteio_public:10m
                   max_size=100m inactive=60s use_temp_path=off;
  server {{
    listen 127.0.0.1:{port};
    client_max_body_size 3m;
    gzip on;
    gzip_types application/json;
    location /t/ {{
      proxy_pass http://tenteio;
      {proxy}
      proxy_cache tenteio_public;
      proxy_cache_key $scheme$host$request_uri$http_cookie;
      proxy_cache_lock on;
      proxy_cache_use_stale updating error timeout http_502 http_503;
      proxy_cache_background_update on;
      proxy_cache_revalidate on;
      add_header X-Cache $upstream_cache_status;
    }}
    location / {{
      proxy_pass http://tenteio;
      {proxy}
    }}
  }}
}}
"""


def binary() -> str:
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if found is None:
        raise SystemExit("nginx not found: apt-get install nginx-light")
    return found


@contextmanager
def proxy(upstream: str) -> Iterator[str]:
    """nginx on a free port in front of ``upstream`` (``http://host:port``); its base URL."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="tenteio-nginx-") as folder:
        # nginx started as root runs its workers as "nobody": they must write the cache.
        Path(folder).chmod(0o777)
        conf = Path(folder) / "nginx.conf"
        conf.write_text(
            CONFIG.format(dir=folder, upstream=upstream.removeprefix("http://"), port=port, proxy=PROXY)
        )
        server = subprocess.Popen([binary(), "-p", folder, "-c", str(conf), "-g", "daemon off;"])
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(100):
                try:
                    urllib.request.urlopen(base + "/ping/", timeout=2).read()
                    break
                except OSError:
                    time.sleep(0.1)
            yield base
        finally:
            server.terminate()
            server.wait(timeout=10)
