-- wrk script for `npm run bench`: an anonymous Explore search with new words on every request
-- (two random words, from BENCH_WORDS_FILE, one URL-encoded word a line: about 400,000
-- pairs), so that next to none finds a ranking the server kept (decision 0006): what a search
-- costs the first time it is made.
local words = {}

function init(args)
  for line in io.lines(os.getenv("BENCH_WORDS_FILE")) do words[#words + 1] = line end
  math.randomseed(os.time() * 1000 + math.floor(os.clock() * 1000000))
end

function request()
  local a = words[math.random(#words)]
  local b = words[math.random(#words)]
  return wrk.format("GET", "/api/recipes/recipes/?search=" .. a .. "%20" .. b)
end

dofile(os.getenv("BENCH_LUA_DIR") .. "/summary.lua")
