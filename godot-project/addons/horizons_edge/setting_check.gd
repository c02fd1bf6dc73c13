@tool
extends RefCounted
## The checks of the timings, rates and counts a script sets on the addon's nodes
## ([TokenBagDisplay], [RulesSession], [RulesServer]; the inspector's ranges bind only the
## inspector): a value they cannot use is a programmer's mistake, refused with an error that
## names it, and the setting keeps its old value.

## The longest time in seconds a network setting takes (a year): longer ones overflow the
## milliseconds the network classes count in (an infinite one would be long past).
const MAX_NETWORK_SECONDS := 31536000.0
## The highest rate a setting takes (beyond it the network classes' counts lose precision).
const MAX_RATE := 1e12


## [param value] for the timing [param property] (seconds; "Class.property"), or [param old] with
## an error naming both when [param value] is under [param least], over [param most] or not
## finite (NAN, an infinity): a flight or hold of NAN or infinite seconds never ends. A very long
## time is allowed up to [param most].
static func seconds(property: String, value: float, old: float, most := INF, least := 0.0) -> float:
	if is_finite(value) and value >= least and value <= most:
		return value
	var low := "%d" % least if least == floorf(least) else str(least)
	var limit := "%s or more" % low if is_inf(most) else "%s to %d" % [low, most]
	push_error(
		"%s: %s is not a number of seconds (%s); it stays %s" % [property, value, limit, old]
	)
	return old


## [method seconds] for a network setting: up to [constant MAX_NETWORK_SECONDS].
static func network_seconds(property: String, value: float, old: float) -> float:
	return seconds(property, value, old, MAX_NETWORK_SECONDS)


## [param value] for the rate [param property] ("Class.property"), or [param old] with an error
## naming both when [param value] is not a finite number from [param least] to
## [constant MAX_RATE].
static func rate(property: String, value: float, least: float, old: float) -> float:
	if is_finite(value) and value >= least and value <= MAX_RATE:
		return value
	push_error("%s: %s is not a rate of %s or more; it stays %s" % [property, value, least, old])
	return old


## [param value] for the count [param property] ("Class.property"), or [param old] with an error
## naming both when [param value] is not from [param least] to [param most] (the inspector's
## range).
static func whole(property: String, value: int, least: int, most: int, old: int) -> int:
	if value >= least and value <= most:
		return value
	push_error("%s: %d is not from %d to %d; it stays %d" % [property, value, least, most, old])
	return old


## [param value] for the count [param property] ("Class.property"), or [param old] with an error
## naming both when [param value] is less than 1, the least the inspector allows.
static func count(property: String, value: int, old: int) -> int:
	if value >= 1:
		return value
	push_error("%s: %d is less than 1; it stays %d" % [property, value, old])
	return old
