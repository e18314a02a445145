-- One request, repeated: method, body and headers from the environment (wrk's -H adds more).
-- BENCH_METHOD (GET), BENCH_BODY (none), BENCH_CONTENT_TYPE. Statuses are tallied only when
-- BENCH_COUNT_STATUS=1 (a Lua callback per response costs wrk some throughput).
-- done() prints one line: BENCH_JSON {...} with wrk's own figures (latencies in microseconds).
wrk.method = os.getenv("BENCH_METHOD") or "GET"
local body = os.getenv("BENCH_BODY")
if body and body ~= "" then wrk.body = body end
local content_type = os.getenv("BENCH_CONTENT_TYPE")
if content_type and content_type ~= "" then wrk.headers["Content-Type"] = content_type end

local threads = {}
function setup(thread)
  table.insert(threads, thread)
end

statuses = {}
if os.getenv("BENCH_COUNT_STATUS") == "1" then
  function response(status, headers, body)
    statuses[status] = (statuses[status] or 0) + 1
  end
end

function done(summary, latency, requests)
  local counts = {}
  for _, t in ipairs(threads) do
    local s = t:get("statuses") or {}
    for code, n in pairs(s) do counts[code] = (counts[code] or 0) + n end
  end
  local parts = {}
  for code, n in pairs(counts) do table.insert(parts, string.format('"%d":%d', code, n)) end
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"duration_us":%d,"bytes":%d,"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
    '"latency_us":{"p50":%d,"p90":%d,"p99":%d,"max":%d,"mean":%.1f},"statuses":{%s}}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean,
    table.concat(parts, ",")))
end
