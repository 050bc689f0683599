#!/usr/bin/env python3
"""Three `vitalog` servers on one PostgreSQL database behind HAProxy, driven over HTTP
(issue 20). Part of `make test` (scripts/cluster/run.sh); fails loudly on any check.

Checks, in order:
  1. a session made on one server is used on the others, and a logout on one ends it on all;
  2. 30 wrong passwords spread over the 3 servers meet the per-account limit as one server's;
  3. emails (verifications, password resets) are sent once each by the 3 outbox workers;
  4. one PayPal order activated on all 3 servers at once extends the subscription once;
  5. a due reminder is emailed once although all 3 servers' schedulers run;
  6. a write load through HAProxy while one server is SIGKILLed and restarted, then every
     server in turn is stopped with SIGTERM and restarted (a rolling restart): every
     acknowledged reading is stored exactly once, and the only failures clients see are
     requests in flight on the SIGKILLed server, which they retry with the same
     Idempotency-Key.

Standard library only. Prints a summary (and --results FILE gets it as markdown).
"""

import argparse
import email
import email.policy
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import http.client
from datetime import datetime, timedelta, timezone
from pathlib import Path

PASSWORD = "Cluster!pass1"
ROOT = Path(__file__).resolve().parents[2]


def fail(msg):
    print(f"cluster harness: FAILED: {msg}", file=sys.stderr)
    raise SystemExit(1)


def check(cond, msg):
    if not cond:
        fail(msg)


class Answer:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers
        self.body = body

    def json(self):
        return json.loads(self.body or b"null")

    def header(self, name):
        return self.headers.get(name.lower())


def request(base, method, path, body=None, cookie=None, headers=None, timeout=30):
    """One request on its own connection. Raises OSError when no answer arrives."""
    u = urllib.parse.urlsplit(base)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=timeout)
    h = {"Connection": "close", "Origin": PUBLIC_URL}
    if body is not None:
        h["Content-Type"] = "application/json"
        body = json.dumps(body)
    if cookie:
        h["Cookie"] = cookie
    h.update(headers or {})
    try:
        conn.request(method, path, body=body, headers=h)
        r = conn.getresponse()
        data = r.read()
        hs = {}
        for k, v in r.getheaders():
            k = k.lower()
            hs[k] = hs[k] + "\n" + v if k in hs and k == "set-cookie" else v
        return Answer(r.status, hs, data)
    finally:
        conn.close()


def session_cookie(answer):
    for line in (answer.header("set-cookie") or "").split("\n"):
        if line.startswith("vitalog_session="):
            return line.split(";", 1)[0]
    fail(f"no session cookie in {answer.status} {answer.body[:200]!r}")


PUBLIC_URL = ""


class Cluster:
    def __init__(self, args, work):
        self.args = args
        self.work = work
        self.front = f"http://127.0.0.1:{args.port}"
        self.stats = f"http://127.0.0.1:{args.port + 1}"
        self.ports = [args.port + 10 + i for i in range(args.servers)]
        self.procs = {}
        self.haproxy = None

    def name(self, i):
        return f"s{i + 1}"

    def base(self, i):
        return f"http://127.0.0.1:{self.ports[i]}"

    def data(self, i):
        d = self.work / self.name(i)
        d.mkdir(exist_ok=True)
        return d

    def env(self, i):
        e = {k: v for k, v in os.environ.items() if not k.startswith("VITALOG_")}
        e.update({
            "VITALOG_ENV": "test",
            "VITALOG_BIND": f"127.0.0.1:{self.ports[i]}",
            "VITALOG_PUBLIC_URL": self.front,
            "VITALOG_DATABASE_URL": self.args.database_url,
            "VITALOG_DATA_DIR": str(self.data(i)),
            "VITALOG_STATIC_DIR": "",
            "VITALOG_TRUSTED_PROXIES": "1",
            "VITALOG_SCHEDULER_SECONDS": "1",
            "VITALOG_OUTBOX_POLL_MS": "100",
            "VITALOG_DRAIN_SECONDS": str(self.args.drain),
            "VITALOG_WORKERS": "2",
            "VITALOG_PASSWORD_HASH_CONCURRENCY": "1",
            "VITALOG_LOG": "warn",
            # Every check below comes from one address (the harness): lift the per-address
            # bounds it would meet first, keep the per-account and per-email-address ones.
            "VITALOG_RATE_LOGIN_PER_IP": "10000/min",
            "VITALOG_RATE_REGISTER_PER_IP": "10000/h",
            "VITALOG_RATE_EMAIL_PER_IP": "10000/h",
        })
        return e

    def migrate(self):
        out = subprocess.run([self.args.bin, "migrate"], env=self.env(0), cwd=ROOT,
                             capture_output=True, text=True)
        check(out.returncode == 0, f"vitalog migrate exited {out.returncode}: {out.stderr}")

    def start(self, i):
        log = open(self.data(i) / "server.log", "a")
        self.procs[i] = subprocess.Popen([self.args.bin, "serve"], env=self.env(i), cwd=ROOT,
                                         stdout=subprocess.DEVNULL, stderr=log)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if request(self.base(i), "GET", "/health/ready", timeout=2).status == 200:
                    return
            except OSError:
                pass
            check(self.procs[i].poll() is None, f"{self.name(i)} exited: see {log.name}")
            time.sleep(0.1)
        fail(f"{self.name(i)} did not become ready")

    def start_haproxy(self):
        servers = "\n".join(
            f"    server {self.name(i)} 127.0.0.1:{p} check" for i, p in enumerate(self.ports))
        cfg = (ROOT / "scripts/cluster/haproxy.cfg.in").read_text()
        cfg = (cfg.replace("@FRONT_PORT@", str(self.args.port))
                  .replace("@STATS_PORT@", str(self.args.port + 1))
                  .replace("@SERVERS@", servers))
        path = self.work / "haproxy.cfg"
        path.write_text(cfg)
        out = subprocess.run(["haproxy", "-c", "-f", str(path)], capture_output=True, text=True)
        check(out.returncode == 0, f"haproxy -c: {out.stdout}{out.stderr}")
        self.haproxy = subprocess.Popen(["haproxy", "-db", "-f", str(path)],
                                        stdout=open(self.work / "haproxy.log", "w"),
                                        stderr=subprocess.STDOUT)
        for i in range(self.args.servers):
            self.wait_state(i, "UP")

    def states(self):
        """HAProxy's view of each server: UP, DOWN, ... (its CSV statistics)."""
        a = request(self.stats, "GET", "/stats;csv", timeout=5)
        rows = a.body.decode().splitlines()
        head = rows[0].lstrip("# ").split(",")
        out = {}
        for r in rows[1:]:
            f = dict(zip(head, r.split(",")))
            if f.get("pxname") == "servers" and f.get("svname", "").startswith("s"):
                out[f["svname"]] = f["status"].split(" ")[0]
        return out

    def wait_state(self, i, want, within=30):
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            try:
                if self.states().get(self.name(i)) == want:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        fail(f"HAProxy never saw {self.name(i)} {want}: {self.states()}")

    def kill(self, i):
        self.procs[i].send_signal(signal.SIGKILL)
        self.procs[i].wait()

    def terminate(self, i):
        """SIGTERM; answers whether HAProxy had marked it down before it exited."""
        self.procs[i].send_signal(signal.SIGTERM)
        down_first = False
        while self.procs[i].poll() is None:
            if not down_first and self.states().get(self.name(i)) in ("DOWN", "NOLB", "MAINT"):
                down_first = True
            time.sleep(0.05)
        check(self.procs[i].returncode == 0,
              f"{self.name(i)} exited {self.procs[i].returncode} after SIGTERM")
        return down_first

    def stop_all(self):
        for p in self.procs.values():
            if p.poll() is None:
                p.send_signal(signal.SIGKILL)
                p.wait()
        if self.haproxy and self.haproxy.poll() is None:
            self.haproxy.terminate()
            self.haproxy.wait()

    def mails(self):
        """Every email any server wrote: (to, subject, text)."""
        out = []
        for i in range(self.args.servers):
            for f in sorted((self.data(i) / "mail").glob("*.eml")):
                m = email.message_from_bytes(f.read_bytes(), policy=email.policy.default)
                body = m.get_body(preferencelist=("plain", "html"))
                out.append((str(m["To"]), str(m["Subject"]), body.get_content() if body else ""))
        return out

    def wait_mail(self, to, subject, within=30):
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            got = [m for m in self.mails() if to in m[0] and subject in m[1]]
            if got:
                return got[-1]
            time.sleep(0.1)
        fail(f"no email '{subject}' to {to}")

    def psql(self, sql):
        out = subprocess.run(["psql", self.args.database_url, "-qAtc", sql],
                             capture_output=True, text=True)
        check(out.returncode == 0, f"psql: {out.stderr}")
        return out.stdout.strip()


def sign_up(c, username):
    addr = f"{username}@example.com"
    a = request(c.front, "POST", "/api/register", {
        "username": username, "email": addr, "password": PASSWORD,
        "firstName": "", "lastName": "", "redirect": "/"})
    check(a.status == 201, f"register {username}: {a.status} {a.body[:200]!r}")
    _, _, text = c.wait_mail(addr, "Verify your email")
    token = re.search(r"/verify-email/([A-Za-z0-9_\-]+)", text)
    check(token, f"no verification link for {username}")
    a = request(c.front, "POST", "/api/verify-email", {"token": token.group(1)})
    check(a.status == 200, f"verify {username}: {a.status}")
    return login(c.front, username)


def login(base, username, password=PASSWORD):
    a = request(base, "POST", "/api/login",
                {"username": username, "password": password, "redirect": "/"})
    check(a.status == 200, f"login {username}: {a.status} {a.body[:200]!r}")
    return session_cookie(a)


def subscribe(c, cookie):
    order = request(c.front, "POST", "/api/subscription/orders", {}, cookie).json()["id"]
    a = request(c.front, "POST", "/api/subscription/activate", activation(order), cookie)
    check(a.status == 200, f"activate: {a.status}")


def activation(order):
    return {"paymentMethod": "paypal", "amount": "5.00", "transactionId": order,
            "paymentDetails": {}}


def sessions_across_servers(c, results):
    cookie = login(c.base(0), "ann")
    for i in range(c.args.servers):
        a = request(c.base(i), "GET", "/api/user", cookie=cookie)
        check(a.status == 200 and a.json()["username"] == "ann",
              f"session from s1 on {c.name(i)}: {a.status}")
    a = request(c.base(2), "POST", "/api/logout", {}, cookie)
    check(a.status in (200, 204), f"logout on s3: {a.status}")
    for i in range(c.args.servers):
        a = request(c.base(i), "GET", "/api/user", cookie=cookie)
        check(a.status == 401, f"after logout on s3, {c.name(i)} answered {a.status}")
    results["sessions"] = "made on s1, used on s1-s3; logout on s3 ends it on all"


def wrong_passwords(c, results):
    statuses = []
    for n in range(30):
        i = n % c.args.servers
        a = request(c.base(i), "POST", "/api/login",
                    {"username": "bob", "password": "Wrong1!guess", "redirect": "/"},
                    headers={"X-Forwarded-For": "203.0.113.7"})
        statuses.append(a.status)
    # One address guessing one account: 10 per 15 minutes (login_per_account_address).
    check(statuses == [401] * 10 + [429] * 20,
          f"30 wrong passwords over 3 servers: {statuses}")
    results["wrong_passwords"] = "30 wrong passwords round-robin over s1-s3: 10 x 401, then 20 x 429"


def emails_once(c, users, results):
    for u in users:
        a = request(c.front, "POST", "/api/password-reset/request", {"email": f"{u}@example.com"})
        check(a.status == 200, f"reset request {u}: {a.status}")
    for u in users:
        c.wait_mail(f"{u}@example.com", "Reset")
    # Three outbox workers poll every 100 ms: give each several rounds to send a duplicate.
    time.sleep(1.5)
    mails = c.mails()
    for u in users:
        for subject in ("Verify your email", "Reset"):
            n = sum(1 for m in mails if f"{u}@example.com" in m[0] and subject in m[1])
            check(n == 1, f"{n} '{subject}' emails to {u}")
    results["emails"] = (f"{len(users)} verification and {len(users)} reset emails, each "
                         "written once by the 3 outbox workers")


def payments_once(c, cookie, results):
    order = request(c.front, "POST", "/api/subscription/orders", {}, cookie).json()["id"]
    answers = [None] * c.args.servers

    def activate(i):
        answers[i] = request(c.base(i), "POST", "/api/subscription/activate",
                             activation(order), cookie).status
    threads = [threading.Thread(target=activate, args=(i,)) for i in range(c.args.servers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    check(all(s == 200 for s in answers), f"activations: {answers}")
    sub = request(c.front, "GET", "/api/user/subscription", cookie=cookie).json()
    expires = datetime.fromisoformat(sub["expiresAt"].replace("Z", "+00:00"))
    days = (expires - datetime.now(timezone.utc)).days
    check(364 <= days <= 365, f"one order on 3 servers extended the year {days} days")
    n = c.psql(f"SELECT count(*) FROM payments WHERE order_id = '{order}'")
    check(n == "1", f"{n} payments for one order")
    results["payments"] = "one order activated on s1-s3 at once: 1 payment, expiry +365 days"


def reminder_once(c, cookie, results):
    # A zone where it is about noon now, and a reminder time already passed there.
    now = datetime.now(timezone.utc)
    offset = max(-12, min(14, 12 - now.hour))
    zone = "Etc/GMT" + (f"{-offset:+d}" if offset else "")
    local = now + timedelta(hours=offset)
    remind = (local - timedelta(hours=2)).strftime("%H:%M") if local.hour >= 2 else "00:00"
    a = request(c.front, "PATCH", "/api/user/preferences",
                {"emailReminders": True, "reminderTime": remind, "timeZone": zone}, cookie)
    check(a.status == 200, f"preferences: {a.status} {a.body[:200]!r}")
    c.wait_mail("rem@example.com", "Reminder: record today", within=60)
    # Every scheduler runs each second: watch several rounds of all three.
    time.sleep(4)
    got = [m for m in c.mails() if "rem@example.com" in m[0] and "Reminder" in m[1]]
    check(len(got) == 1, f"{len(got)} reminder emails: {[m[1] for m in got]}")
    results["reminder"] = f"due reminder ('{got[0][1]}') emailed once; 3 schedulers every 1 s"


class Load:
    """Clients recording readings through HAProxy, each with its own Idempotency-Key."""

    def __init__(self, c, cookies):
        self.c = c
        self.cookies = cookies
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.requests = 0
        self.acked = {}      # Idempotency-Key (also the reading's notes) -> client
        self.failures = []   # (time, status or error, server)
        self.retried = 0
        self.refused = []

    def client(self, n):
        cookie = self.cookies[n % len(self.cookies)]
        seq = 0
        day = (datetime.now(timezone.utc) - timedelta(days=1)).date()
        while not self.stop.is_set():
            seq += 1
            key = f"cluster-{n}-{seq:06d}"
            body = {"date": str(day - timedelta(days=seq // 1440)),
                    "time": f"{(seq // 60) % 24:02d}:{seq % 60:02d}",
                    "systolic": 110 + seq % 40, "diastolic": 70 + seq % 20,
                    "notes": key}
            while True:
                with self.lock:
                    self.requests += 1
                try:
                    a = request(self.c.front, "POST", "/api/readings", body, cookie,
                                {"Idempotency-Key": key})
                    status, server = a.status, a.header("x-vitalog-server")
                except OSError as e:
                    status, server = type(e).__name__, None
                if status == 201:
                    with self.lock:
                        self.acked[key] = n
                    break
                if isinstance(status, int) and 400 <= status < 500:
                    with self.lock:
                        self.refused.append((key, status))
                    break
                # No answer, or 502/503/504: the reading may or may not be stored. The
                # same key makes the retry safe.
                with self.lock:
                    self.failures.append((time.monotonic(), status, server))
                    self.retried += 1
                time.sleep(0.05)

    def run(self, clients):
        self.threads = [threading.Thread(target=self.client, args=(n,)) for n in range(clients)]
        for t in self.threads:
            t.start()

    def finish(self):
        self.stop.set()
        for t in self.threads:
            t.join()


def writes_through_faults(c, cookies, results):
    load = Load(c, cookies)
    load.run(c.args.clients)
    time.sleep(2)
    with load.lock:
        before_kill = len(load.acked)
    killed_at = time.monotonic()
    c.kill(1)
    c.wait_state(1, "DOWN")
    kill_window = time.monotonic() - killed_at
    time.sleep(1)
    c.start(1)
    c.wait_state(1, "UP")
    events = [f"SIGKILL s2 after {before_kill} acknowledged; HAProxy marked it down "
              f"{kill_window:.1f} s later; restarted"]
    rolled_from = time.monotonic()
    for i in (2, 0, 1):
        down_first = c.terminate(i)
        check(down_first, f"{c.name(i)} exited before HAProxy marked it down")
        c.start(i)
        c.wait_state(i, "UP")
        events.append(f"SIGTERM {c.name(i)}: unready, marked down, exited 0; restarted")
    time.sleep(1)
    load.finish()
    check(not load.refused, f"readings refused: {load.refused[:5]}")

    # Every failure came from requests in flight on the killed server, around the kill.
    for t, status, server in load.failures:
        check(killed_at <= t <= killed_at + kill_window + 1 and t < rolled_from,
              f"a failure outside the SIGKILL window: {status} from {server} "
              f"{t - killed_at:+.2f} s after the kill")
        check(server in (None, "s2"), f"a failure from {server}: {status}")

    stored = {}
    rows = c.psql("SELECT notes, count(*) FROM readings WHERE notes LIKE 'cluster-%' "
                  "GROUP BY notes")
    for line in rows.splitlines():
        notes, n = line.split("|")
        stored[notes] = int(n)
    duplicates = sum(n - 1 for n in stored.values() if n > 1)
    lost = [k for k in load.acked if k not in stored]
    unacked_stored = [k for k in stored if k not in load.acked]
    check(duplicates == 0, f"{duplicates} duplicate readings")
    check(not lost, f"{len(lost)} acknowledged readings lost: {lost[:5]}")
    check(len(load.acked) > 100, f"only {len(load.acked)} readings acknowledged")
    results["load"] = {
        "clients": c.args.clients,
        "requests": load.requests,
        "acknowledged": len(load.acked),
        "stored": sum(stored.values()),
        "duplicates": duplicates,
        "lost": len(lost),
        "stored, never acknowledged": len(unacked_stored),
        "failures seen (all in flight on s2 at its SIGKILL, retried)": len(load.failures),
        "events": events,
    }


def main():
    global PUBLIC_URL
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--database-url", required=True)
    ap.add_argument("--port", type=int, default=18380)
    ap.add_argument("--servers", type=int, default=3)
    ap.add_argument("--clients", type=int, default=6)
    ap.add_argument("--drain", type=int, default=4)
    ap.add_argument("--results")
    args = ap.parse_args()
    check(args.servers == 3, "the checks are written for 3 servers")
    work = Path(tempfile.mkdtemp(prefix="vitalog-cluster-"))
    c = Cluster(args, work)
    PUBLIC_URL = c.front
    results = {}
    started = time.monotonic()
    ok = False
    try:
        c.migrate()
        for i in range(args.servers):
            c.start(i)
        c.start_haproxy()
        users = ["ann", "bob", "rem", "wri1", "wri2", "wri3"]
        cookies = {u: sign_up(c, u) for u in users}
        sessions_across_servers(c, results)
        wrong_passwords(c, results)
        emails_once(c, users, results)
        payments_once(c, cookies["ann"], results)
        for u in ("rem", "wri1", "wri2", "wri3"):
            subscribe(c, cookies[u])
        reminder_once(c, cookies["rem"], results)
        writes_through_faults(c, [cookies[u] for u in ("wri1", "wri2", "wri3")], results)
        ok = True
    finally:
        c.stop_all()
        if ok:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"cluster harness: logs kept in {work}", file=sys.stderr)
    results["seconds"] = round(time.monotonic() - started, 1)
    print(json.dumps(results, indent=2))
    if args.results:
        Path(args.results).write_text(json.dumps(results, indent=2))
    print("cluster harness: all checks passed")


if __name__ == "__main__":
    main()
