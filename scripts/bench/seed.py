#!/usr/bin/env python3
"""Seeds a running Vitalog server for benchmarks through its public API: registers a
user, follows the verification link from the .eml file the server wrote, logs in,
subscribes in test mode and records readings for N years (3 a day). Prints the session
cookie and counts as JSON. Standard library only."""

import concurrent.futures
import datetime
import glob
import http.client
import json
import os
import random
import re
import sys
import time

host, port = sys.argv[1], int(sys.argv[2])
data_dir, username, years = sys.argv[3], sys.argv[4], int(sys.argv[5])
password = "Bench!mark1"


def call(method, path, body=None, cookie=None, conn=None):
    c = conn or http.client.HTTPConnection(host, port, timeout=30)
    headers = {"Content-Type": "application/json"}
    if cookie:
        headers["Cookie"] = cookie
    c.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    r = c.getresponse()
    data = r.read()
    return r.status, data, r.msg.get_all("Set-Cookie") or []


email = f"{username}@bench.example"
status, _, _ = call("POST", "/api/register", {"username": username, "email": email, "password": password})
assert status == 201, status
token = None
for _ in range(100):
    for path in sorted(glob.glob(os.path.join(data_dir, "mail", "*.eml"))):
        text = open(path, encoding="utf-8", errors="replace", newline="").read().replace("=\r\n", "").replace("=\n", "")
        if email in text:
            m = re.search(r"/verify-email/([A-Za-z0-9_-]{43})", text)
            if m:
                token = m.group(1)
    if token:
        break
    time.sleep(0.1)
assert token, "verification email not found"
assert call("POST", "/api/verify-email", {"token": token})[0] == 200
status, _, set_cookie = call("POST", "/api/login", {"username": username, "password": password})
assert status == 200, status
cookie = next(c.split(";")[0] for c in set_cookie if c.startswith("vitalog_session="))
status, body, _ = call("POST", "/api/subscription/orders", {}, cookie)
assert status == 201, (status, body)
order = json.loads(body)["id"]
assert call("POST", "/api/subscription/activate",
            {"paymentMethod": "paypal", "amount": "5.00", "transactionId": order, "paymentDetails": {}},
            cookie)[0] == 200

today = datetime.date.today()
days = 365 * years
rnd = random.Random(7)
bodies = []
for d in range(days):
    day = (today - datetime.timedelta(days=d)).isoformat()
    for t in ("07:30", "13:00", "21:15"):
        bodies.append({"date": day, "time": t,
                       "systolic": rnd.randint(105, 150), "diastolic": rnd.randint(65, 95),
                       "heartRate": rnd.randint(55, 95), "weight": round(rnd.uniform(150, 170), 1),
                       "bloodSugar": rnd.randint(80, 160), "notes": "bench reading" if t == "13:00" else None})


def worker(chunk):
    conn = http.client.HTTPConnection(host, port, timeout=30)
    for b in chunk:
        s, data, _ = call("POST", "/api/readings", b, cookie, conn)
        assert s == 201, (s, data)
    return len(chunk)


start = time.time()
chunks = [bodies[i::4] for i in range(4)]
with concurrent.futures.ThreadPoolExecutor(4) as pool:
    total = sum(pool.map(worker, chunks))
print(json.dumps({"cookie": cookie, "readings": total, "seedSeconds": round(time.time() - start, 1)}))
