-- wrk script for `npm run bench`: a write that makes something and a write that removes it
-- again, so that the data set does not grow: BENCH_REQUEST_1 (a POST answering 201 with the
-- new row's "id" first) and BENCH_REQUEST_2 (a DELETE whose path has {id}). The ids answered
-- wait in a queue, each deleted by the next request any connection sends; with the queue
-- empty, the next request makes another. Session cookie and CSRF header as in requests.lua.
local headers = {}
local add, removeMethod, removePath
local created = {}

function init(args)
  local cookie = os.getenv("BENCH_COOKIE")
  headers["Cookie"] = cookie
  headers["X-CSRFToken"] = os.getenv("BENCH_CSRF")
  local addHeaders = { ["Content-Type"] = "application/json" }
  for k, v in pairs(headers) do addHeaders[k] = v end
  add = wrk.format(
    os.getenv("BENCH_REQUEST_1_METHOD"),
    os.getenv("BENCH_REQUEST_1_PATH"),
    addHeaders,
    os.getenv("BENCH_REQUEST_1_BODY")
  )
  removeMethod = os.getenv("BENCH_REQUEST_2_METHOD")
  removePath = os.getenv("BENCH_REQUEST_2_PATH")
end

function request()
  local id = table.remove(created, 1)
  if id then
    return wrk.format(removeMethod, (removePath:gsub("{id}", id)), headers)
  end
  return add
end

function response(status, headers, body)
  if status == 201 then
    local id = body:match('"id":(%d+)')
    if id then created[#created + 1] = id end
  end
end

dofile(os.getenv("BENCH_LUA_DIR") .. "/summary.lua")
