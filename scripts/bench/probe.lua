-- wrk: a light, steady probe (each connection waits 5 ms between requests) whose latency
-- shows what other work on the server does to everyone else's requests.
delay = function() return 5 end
