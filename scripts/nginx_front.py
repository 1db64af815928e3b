"""nginx in front of ``seabattle serve`` processes, configured by the block of
``docs/deploy.md`` with its ports changed: what ``tests/test_multiprocess.py`` plays
through and ``scripts/load_test.py --nginx`` measures through, so that the recipe a site
copies is the one checked.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin")
"""The nginx binary, if installed (Debian's ``nginx-light`` is enough)."""
DEPLOY = Path(__file__).resolve().parent.parent / "docs" / "deploy.md"


def site_configuration(upstreams: list[int], listen: int) -> str:
    """The ``nginx`` block of docs/deploy.md, with these ports (two upstream processes)."""
    block = DEPLOY.read_text(encoding="utf-8").split("```nginx\n", 1)[1].split("```", 1)[0]
    changes = {"server 127.0.0.1:8001 ": f"server 127.0.0.1:{upstreams[0]} ",
               "server 127.0.0.1:8002 ": f"server 127.0.0.1:{upstreams[1]} ",
               "listen 8000;": f"listen 127.0.0.1:{listen};"}
    for old, new in changes.items():
        if block.count(old) != 1:
            raise ValueError(f"docs/deploy.md's nginx block no longer has {old!r} once")
        block = block.replace(old, new)
    return block


def start(upstreams: list[int], listen: int, folder: Path,
          connections: int = 256) -> subprocess.Popen[bytes]:
    """Run nginx (not as a daemon) with the site's block, its files in ``folder``, one
    worker of ``connections`` connections (each proxied socket takes two)."""
    if NGINX is None:
        raise FileNotFoundError("nginx is not installed (scripts/start-services.sh installs it)")
    (folder / "seabattle.conf").write_text(site_configuration(upstreams, listen),
                                           encoding="utf-8")
    temp = {name: folder / name for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    (folder / "nginx.conf").write_text("\n".join([
        "user root;" if os.geteuid() == 0 else "",
        f"pid {folder}/nginx.pid;", f"error_log {folder}/error.log;",
        f"worker_rlimit_nofile {2 * connections + 64};",
        f"events {{ worker_connections {connections}; }}",
        "http {", "access_log off;",
        f"client_body_temp_path {temp['body']};", f"proxy_temp_path {temp['proxy']};",
        f"fastcgi_temp_path {temp['fastcgi']};", f"uwsgi_temp_path {temp['uwsgi']};",
        f"scgi_temp_path {temp['scgi']};",
        f"include {folder}/seabattle.conf;", "}"]), encoding="utf-8")
    return subprocess.Popen([NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf"),
                             "-g", "daemon off;"], stderr=subprocess.STDOUT,
                            stdout=(folder / "nginx.out").open("w"))
