-- wrk: POST /api/reports, a Blood Pressure report with charts, table and analysis from
-- BENCH_REPORT_START to BENCH_DATE; each request builds the PDF and stores it.
local headers = { ["Content-Type"] = "application/json" }
for k, v in pairs(wrk.headers) do headers[k] = v end
local body = string.format(
  '{"name":"bench","type":"bp","dateStart":"%s","dateEnd":"%s",' ..
  '"includeCharts":true,"includeTable":true,"includeAnalysis":true}',
  os.getenv("BENCH_REPORT_START"), os.getenv("BENCH_DATE"))
request = function()
  return wrk.format("POST", "/api/reports", headers, body)
end
