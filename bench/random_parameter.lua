-- wrk script (bench/load.py): every request asks for the page with a new random
-- parameter, as a visitor defeating caches would; the page ignores it.
math.randomseed(os.time())
request = function()
  return wrk.format(nil, wrk.path .. "?x=" .. math.random(1, 1000000000))
end
