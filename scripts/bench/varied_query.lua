-- wrk -s varied_query.lua URL: each request with a query of its own (?n=1, ?n=2, …). A connection
-- answers a request repeating the last one's target as it answered that one (issue 24's remembered
-- answers), without routing it again: a fixed target would measure routing once a connection.
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", wrk.path .. "?n=" .. n)
end
