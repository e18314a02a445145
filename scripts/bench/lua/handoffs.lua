-- POST /handoffs with a new Idempotency-Key on every request. The key is also the motif description,
-- so the 201 body names it: each thread writes "key handoff-id" of every 201 to
-- $BENCH_OUT_DIR/created-$BENCH_KEY_PREFIX-<thread>.txt, for the check after kill -9.
local prefix = os.getenv("BENCH_KEY_PREFIX") or "bench"
local out_dir = os.getenv("BENCH_OUT_DIR") or "."
local path = os.getenv("BENCH_PATH") or "/wp-json/manufacturer-agent/v1/handoffs"

local threads = {}
local next_id = 0
function setup(thread)
  next_id = next_id + 1
  thread:set("id", next_id)
  table.insert(threads, thread)
end

local counter = 0
local file
statuses = {}

function init(args)
  file = io.open(out_dir .. "/created-" .. prefix .. "-" .. id .. ".txt", "w")
  file:setvbuf("line")
end

function handoff_body(key)
  return '{"next_step":"sample_request","requirements":{"motif_description":"' .. key .. '","locale":"de"}}'
end

function request()
  counter = counter + 1
  local key = string.format("%s-%d-%08d", prefix, id, counter)
  return wrk.format("POST", path, { ["Content-Type"] = "application/json", ["Idempotency-Key"] = key }, handoff_body(key))
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if status == 201 then
    local key = body:match('"motif_description":"([^"]+)"')
    local handoff = body:match('"id":"(ho_[^"]+)"')
    file:write(key, " ", handoff, "\n")
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
