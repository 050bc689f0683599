-- wrk: POST /api/login as bench1..bench997 in turn (all share the seeded password), so
-- every request runs a real Argon2id verification and creates a session.
local n = 0
-- wrk.format's headers replace wrk.headers (which hold -H "Cookie: ..."): merge them.
local headers = { ["Content-Type"] = "application/json" }
for k, v in pairs(wrk.headers) do headers[k] = v end
request = function()
  n = n + 1
  local body = string.format('{"username":"bench%d","password":"Bench!mark1"}', n % 997 + 1)
  return wrk.format("POST", "/api/login", headers, body)
end
