-- wrk script for `npm run bench`: sends the requests BENCH_REQUEST_<i>_{METHOD,PATH,BODY}
-- (i = 1..BENCH_REQUESTS) in turn on each connection, with the session cookie and CSRF header
-- when BENCH_COOKIE / BENCH_CSRF are set (signed-in endpoints) and nothing else when they are
-- not (an anonymous visitor). Prints its summary as one JSON line for bench.ts to read.
local requests = {}
local index = 0

function init(args)
  local headers = {}
  local cookie = os.getenv("BENCH_COOKIE")
  if cookie and cookie ~= "" then
    headers["Cookie"] = cookie
    headers["X-CSRFToken"] = os.getenv("BENCH_CSRF")
  end
  for i = 1, tonumber(os.getenv("BENCH_REQUESTS") or "1") do
    local body = os.getenv("BENCH_REQUEST_" .. i .. "_BODY")
    local h = {}
    for k, v in pairs(headers) do h[k] = v end
    if body and body ~= "" then h["Content-Type"] = "application/json" else body = nil end
    requests[i] = wrk.format(
      os.getenv("BENCH_REQUEST_" .. i .. "_METHOD"),
      os.getenv("BENCH_REQUEST_" .. i .. "_PATH"),
      h,
      body
    )
  end
end

function request()
  index = index % #requests + 1
  return requests[index]
end

dofile(os.getenv("BENCH_LUA_DIR") .. "/summary.lua")
