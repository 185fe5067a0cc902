-- wrk script for `npm run bench`: an anonymous Explore search with new words on every request,
-- so that next to none finds a ranking the server kept (decision 0006): what a search costs
-- the first time it is made. Words from BENCH_WORDS_FILE (one a line, URL-safe): the first
-- from its first BENCH_TITLE_WORDS lines (title words, so the search finds recipes), the
-- second from all of them (about 25,000 pairs).
local words = {}
local titleWords = tonumber(os.getenv("BENCH_TITLE_WORDS"))

function init(args)
  for line in io.lines(os.getenv("BENCH_WORDS_FILE")) do words[#words + 1] = line end
  math.randomseed(os.time() * 1000 + math.floor(os.clock() * 1000000))
end

function request()
  local a = words[math.random(titleWords)]
  local b = words[math.random(#words)]
  return wrk.format("GET", "/api/recipes/recipes/?search=" .. a .. "%20" .. b)
end

dofile(os.getenv("BENCH_LUA_DIR") .. "/summary.lua")
