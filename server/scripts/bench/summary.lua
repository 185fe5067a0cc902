-- The run's figures as one JSON line starting with BENCH_SUMMARY, for bench.ts.
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_SUMMARY {"requests":%d,"durationUs":%d,"socketErrors":%d,"non2xx":%d,"p50Us":%d,"p99Us":%d}\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(99)))
end
