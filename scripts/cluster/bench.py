#!/usr/bin/env python3
"""`make bench`: one vs three `vitalog` servers on the same PostgreSQL database, each time
behind the same HAProxy configuration (scripts/cluster/haproxy.cfg.in), measured with wrk
through HAProxy; then the cluster harness's write load through SIGKILL and a rolling
restart, with its counts. Prints markdown (docs/benchmarks.md)."""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402

ROOT = harness.ROOT


def wrk(url, cookie, seconds, script=None):
    cmd = ["wrk", "-t2", "-c8", f"-d{seconds}s", "--latency", "-H", f"Cookie: {cookie}"]
    if script:
        cmd += ["-s", script]
    # post-reading.lua dates its readings BENCH_DATE (run.sh sets it: yesterday, UTC).
    env = dict(os.environ)
    env.setdefault("BENCH_DATE", (datetime.now(timezone.utc) - timedelta(days=1)).strftime("%F"))
    out = subprocess.run(cmd + [url], capture_output=True, text=True, check=True,
                         env=env).stdout
    if "Non-2xx" in out:
        harness.fail(f"wrk {url}: unexpected answers\n{out}")
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))

    def ms(q):
        v = re.search(rf"^\s+{q}%\s+([\d.]+)(us|ms|s)$", out, re.M)
        n, unit = float(v.group(1)), v.group(2)
        return n / 1000 if unit == "us" else n * 1000 if unit == "s" else n
    return rps, ms(50), ms(99)


def measure(args, servers, work):
    a = argparse.Namespace(bin=args.bin, database_url=args.database_url, port=args.port,
                           servers=servers, drain=1)
    (work / str(servers)).mkdir()
    c = harness.Cluster(a, work / str(servers))
    harness.PUBLIC_URL = c.front
    rows = {}
    try:
        c.migrate()
        for i in range(servers):
            c.start(i)
        c.start_haproxy()
        user = f"bench{servers}"
        cookie = harness.sign_up(c, user)
        harness.subscribe(c, cookie)
        rows["GET /api/user"] = wrk(f"{c.front}/api/user", cookie, args.seconds)
        rows["POST /api/readings"] = wrk(f"{c.front}/api/readings", cookie, args.seconds,
                                         str(ROOT / "scripts/bench/post-reading.lua"))
    finally:
        c.stop_all()
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--database-url", required=True)
    ap.add_argument("--port", type=int, default=18480)
    ap.add_argument("--seconds", type=int, default=10)
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="vitalog-cluster-bench-"))
    one = measure(args, 1, work)
    three = measure(args, 3, work)
    print("## Several servers on one PostgreSQL database, behind HAProxy")
    print()
    print(f"The same release binary, database and HAProxy configuration; wrk {args.seconds} s "
          "per row, 2 threads, 8 connections, through HAProxy; servers, HAProxy, PostgreSQL "
          "and wrk share the machine's cores, so three servers add no CPU here: the rows "
          "show what sharing costs, not what more machines would add.")
    print()
    print("| request | 1 server req/s | p50 / p99 ms | 3 servers req/s | p50 / p99 ms | 3 / 1 |")
    print("|---|---|---|---|---|---|")
    for k in one:
        r1, r3 = one[k], three[k]
        print(f"| {k} | {r1[0]:.0f} | {r1[1]:.2f} / {r1[2]:.2f} | {r3[0]:.0f} | "
              f"{r3[1]:.2f} / {r3[2]:.2f} | {r3[0] / r1[0]:.2f} |")
    print()
    results = work / "harness.json"
    subprocess.run([sys.executable, str(ROOT / "scripts/cluster/harness.py"), "--bin", args.bin,
                    "--database-url", args.database_url, "--port", str(args.port),
                    "--results", str(results)], check=True, stdout=subprocess.DEVNULL)
    load = json.loads(results.read_text())["load"]
    print(f"The cluster harness (release build): {load['clients']} clients recording readings "
          "through HAProxy, each with an Idempotency-Key, resending after a failure:")
    print()
    for e in load["events"]:
        print(f"- {e}")
    print()
    print("| requests | acknowledged | stored | duplicates | lost | stored, never acknowledged "
          "| failures seen (in flight on the killed server, resent) |")
    print("|---|---|---|---|---|---|---|")
    print(f"| {load['requests']} | {load['acknowledged']} | {load['stored']} | "
          f"{load['duplicates']} | {load['lost']} | {load['stored, never acknowledged']} | "
          f"{load['failures seen (all in flight on s2 at its SIGKILL, retried)']} |")


if __name__ == "__main__":
    main()
