-- wrk: POST /api/readings with a full reading (all five vitals and a note), a new time of
-- day each request; the date comes from BENCH_DATE (yesterday, UTC) so none is in the future.
local n = 0
local date = os.getenv("BENCH_DATE")
-- wrk.format's headers replace wrk.headers (which hold -H "Cookie: ..."): merge them.
local headers = { ["Content-Type"] = "application/json" }
for k, v in pairs(wrk.headers) do headers[k] = v end
request = function()
  n = n + 1
  local body = string.format(
    '{"date":"%s","time":"%02d:%02d","systolic":%d,"diastolic":%d,"heartRate":%d,' ..
    '"weight":161.4,"bloodSugar":%d,"notes":"bench write"}',
    date, math.floor(n / 60) % 24, n % 60, 110 + n % 30, 70 + n % 15, 60 + n % 30, 90 + n % 50)
  return wrk.format("POST", "/api/readings", headers, body)
end
