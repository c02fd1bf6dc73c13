extends RefCounted
## A token bucket ([code]RulesSessionHost.Bucket[/code], every limit of [RulesSessionHost] and
## [RulesServerLobby]): [member capacity] tokens, refilled at [member rate] a second; taking from an
## empty bucket runs into debt (down to [member lowest]), which must be refilled first.

## The most tokens it holds (a burst).
var capacity: float
## Tokens it gets back a second.
var rate: float
## The lowest its tokens go when taken from empty: 0, or a debt below it.
var lowest: float
## The tokens it holds now (negative: in debt).
var tokens: float
var _at: int


func _init(full: float, per_sec: float, debt_limit := 0.0) -> void:
	capacity = full
	rate = per_sec
	lowest = debt_limit
	tokens = full
	_at = Time.get_ticks_msec()


## Puts back one token taken by [method take].
func give_back() -> void:
	tokens = minf(capacity, tokens + 1.0)


## Takes [param amount] tokens if there are as many (true); else adds them to the debt
## (false).
func take(amount := 1.0) -> bool:
	var now := Time.get_ticks_msec()
	tokens = minf(capacity, tokens + (now - _at) * rate / 1000.0)
	_at = now
	if tokens >= amount:
		tokens -= amount
		return true
	tokens = maxf(lowest, tokens - amount)
	return false
