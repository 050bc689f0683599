#!/usr/bin/env python3
"""Seeds a running Vitalog server for `make bench`, on SQLite or PostgreSQL.

Through the public API: registers `tenyears`, follows the verification link from the
.eml file the server wrote, logs in, subscribes in test mode and imports ten years of
readings (3 a day) as one CSV file. Then, in SQL (argon2 at registration would make 999
sign-ups the slowest part of the run and measure nothing we report), clones that account
into 999 more verified, subscribed users sharing its password: `oneyear` with the last
365 days of readings, `writer` with none (it takes the POST load), and bench1..bench997
with the last 30 days each. Logs in as oneyear and writer through the API.

Prints JSON: session cookies, reading counts, seconds taken. Standard library + psql.

usage: seed.py HOST PORT DATA_DIR DATABASE_URL [USERNAME YEARS CLONES]
(defaults: tenyears 10 999; CLONES 0 seeds just the one user, e.g. for the API fuzzer)
"""

import datetime
import glob
import http.client
import json
import os
import random
import re
import sqlite3
import subprocess
import sys
import time

host, port, data_dir, db_url = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
MAIN = sys.argv[5] if len(sys.argv) > 5 else "tenyears"
YEARS = int(sys.argv[6]) if len(sys.argv) > 6 else 10
CLONES = int(sys.argv[7]) if len(sys.argv) > 7 else 999
PASSWORD = "Bench!mark1"


def call(method, path, body=None, cookie=None):
    c = http.client.HTTPConnection(host, port, timeout=120)
    headers = {"Content-Type": "application/json"}
    if cookie:
        headers["Cookie"] = cookie
    c.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    r = c.getresponse()
    data = r.read()
    return r.status, data, r.msg.get_all("Set-Cookie") or []


def import_csv(text, cookie):
    """Reads `text` as Vitalog's CSV into a preview (NDJSON: progress lines, then the
    preview), then commits it: the person's way in. Returns the commit's answer."""
    c = http.client.HTTPConnection(host, port, timeout=300)
    c.request("POST", "/api/data/imports?format=vitalog&name=seed.csv", body=text.encode(),
              headers={"Content-Type": "application/octet-stream", "Cookie": cookie})
    r = c.getresponse()
    data = r.read()
    assert r.status == 200, (r.status, data)
    last = json.loads(data.decode().strip().splitlines()[-1])
    assert last["type"] == "preview", last
    status, body, _ = call("POST", f"/api/data/imports/{last['preview']['id']}/commit", {}, cookie)
    assert status == 200, (status, body)
    return json.loads(body)


def login(username):
    status, body, set_cookie = call("POST", "/api/login", {"username": username, "password": PASSWORD})
    assert status == 200, (username, status, body)
    return next(c.split(";")[0] for c in set_cookie if c.startswith("vitalog_session="))


def verification_token(email):
    for _ in range(100):
        for path in sorted(glob.glob(os.path.join(data_dir, "mail", "*.eml"))):
            with open(path, encoding="utf-8", errors="replace", newline="") as f:
                text = f.read().replace("=\r\n", "").replace("=\n", "")
            if email in text:
                m = re.search(r"/verify-email/([A-Za-z0-9_-]{43})", text)
                if m:
                    return m.group(1)
        time.sleep(0.1)
    raise SystemExit("verification email not found")


def readings_csv(last_day):
    rnd = random.Random(7)
    lines = ["date,time,systolic,diastolic,heart_rate,weight,weight_unit,blood_sugar,blood_sugar_unit,notes"]
    for d in range(365 * YEARS):
        day = (last_day - datetime.timedelta(days=d)).isoformat()
        for t in ("07:30", "13:00", "21:15"):
            note = "bench reading" if t == "13:00" else ""
            lines.append(f"{day},{t},{rnd.randint(105, 150)},{rnd.randint(65, 95)},{rnd.randint(55, 95)},"
                         f"{round(rnd.uniform(150, 170), 1)},lbs,{rnd.randint(80, 160)},mg/dL,{note}")
    return "\n".join(lines) + "\n"


def run_sql(statements):
    if db_url.startswith("postgres"):
        script = "BEGIN;\n" + ";\n".join(statements) + ";\nCOMMIT;\n"
        subprocess.run(["psql", db_url, "-v", "ON_ERROR_STOP=1", "-q", "-c", script], check=True,
                       stdout=subprocess.DEVNULL)
    else:
        path = db_url.removeprefix("sqlite://")
        con = sqlite3.connect(path, timeout=30)
        with con:
            for s in statements:
                con.execute(s)
        con.close()


start = time.time()
# Readings end yesterday (UTC): a reading later today may still lie in the future, and the
# server refuses readings more than 14 hours ahead of UTC (readings::rules::latest_allowed),
# so seeding today at 21:15 failed whenever the seed ran shortly after midnight UTC.
last_day = datetime.datetime.now(datetime.timezone.utc).date() - datetime.timedelta(days=1)
email = f"{MAIN}@bench.example"
status, body, _ = call("POST", "/api/register", {"username": MAIN, "email": email, "password": PASSWORD})
assert status == 201, (status, body)
assert call("POST", "/api/verify-email", {"token": verification_token(email)})[0] == 200
cookie10 = login(MAIN)
status, body, _ = call("POST", "/api/subscription/orders", {}, cookie10)
assert status == 201, (status, body)
order = json.loads(body)["id"]
assert call("POST", "/api/subscription/activate",
            {"paymentMethod": "paypal", "amount": "5.00", "transactionId": order, "paymentDetails": {}},
            cookie10)[0] == 200
imported = import_csv(readings_csv(last_day), cookie10)["imported"]
assert imported == 365 * YEARS * 3, body
if CLONES == 0:
    print(json.dumps({"cookie10": cookie10, "users": 1, "readings10": imported,
                      "seedSeconds": round(time.time() - start, 1)}))
    sys.exit(0)

# Every clone is a copy of tenyears' own rows, so the SQL is the same on both backends.
names = ["oneyear", "writer"] + [f"bench{i}" for i in range(1, CLONES - 1)]
values = ", ".join(f"('{n}')" for n in names)
src = f"(SELECT id FROM users WHERE username_key = '{MAIN.lower()}')"
clones = "(SELECT id FROM users WHERE email LIKE '%@clone.bench.example')"
day30 = (last_day - datetime.timedelta(days=29)).isoformat()
day365 = (last_day - datetime.timedelta(days=364)).isoformat()
reading_cols = "date, time, systolic, diastolic, heart_rate, weight, blood_sugar, notes, created_at, updated_at"
run_sql([
    f"""INSERT INTO users (username, username_key, email, password_hash, first_name, last_name,
            date_of_birth, gender, email_verified, created_at, updated_at, login_secret,
            password_changed_at)
        SELECT n.name, n.name, n.name || '@clone.bench.example', u.password_hash, u.first_name,
            u.last_name, u.date_of_birth, u.gender, u.email_verified, u.created_at, u.updated_at,
            n.name || u.login_secret, u.password_changed_at
        FROM (VALUES {values}) AS n(name), users u WHERE u.id = {src}"""
    if db_url.startswith("postgres") else
    f"""WITH n(name) AS (VALUES {values})
        INSERT INTO users (username, username_key, email, password_hash, first_name, last_name,
            date_of_birth, gender, email_verified, created_at, updated_at, login_secret,
            password_changed_at)
        SELECT n.name, n.name, n.name || '@clone.bench.example', u.password_hash, u.first_name,
            u.last_name, u.date_of_birth, u.gender, u.email_verified, u.created_at, u.updated_at,
            n.name || u.login_secret, u.password_changed_at
        FROM n, users u WHERE u.id = {src}""",
    f"""INSERT INTO preferences (user_id, weight_unit, blood_sugar_unit, email_reminders,
            weekly_reports, updated_at, reminder_time, time_zone)
        SELECT c.id, p.weight_unit, p.blood_sugar_unit, p.email_reminders, p.weekly_reports,
            p.updated_at, p.reminder_time, p.time_zone
        FROM users c, preferences p WHERE c.id IN {clones} AND p.user_id = {src}""",
    f"""INSERT INTO subscriptions (user_id, expires_at, cancelled_at, updated_at)
        SELECT c.id, s.expires_at, s.cancelled_at, s.updated_at
        FROM users c, subscriptions s WHERE c.id IN {clones} AND s.user_id = {src}""",
    f"""INSERT INTO readings (user_id, {reading_cols})
        SELECT c.id, {', '.join('r.' + x.strip() for x in reading_cols.split(','))}
        FROM users c, readings r
        WHERE r.user_id = {src} AND c.email LIKE 'bench%@clone.bench.example' AND r.date >= '{day30}'""",
    f"""INSERT INTO readings (user_id, {reading_cols})
        SELECT c.id, {', '.join('r.' + x.strip() for x in reading_cols.split(','))}
        FROM users c, readings r
        WHERE r.user_id = {src} AND c.username_key = 'oneyear' AND r.date >= '{day365}'""",
])

if db_url.startswith("postgres"):
    # Settle the bulk load before anything is measured: otherwise autovacuum and the
    # checkpoint after ~100,000 new rows run during the first measurements.
    subprocess.run(["psql", db_url, "-q", "-c", "VACUUM ANALYZE", "-c", "CHECKPOINT"], check=True,
                   stdout=subprocess.DEVNULL)

cookie1 = login("oneyear")
status, body, _ = call("GET", "/api/readings", cookie=cookie1)
assert status == 200, status
one_year = len(json.loads(body))
assert one_year == 1095, one_year
print(json.dumps({
    "cookie10": cookie10, "cookie1": cookie1, "cookieWriter": login("writer"),
    "users": 1 + CLONES, "readings10": imported, "readings1": one_year,
    "readingsEachOther": 90, "seedSeconds": round(time.time() - start, 1),
}))
