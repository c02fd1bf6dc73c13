@tool
extends RefCounted
## The checks of the timings and counts a script sets on a [TokenBagDisplay] (the inspector's
## ranges bind only the inspector): a value out of range is a programmer's mistake, refused with
## an error that names it, and the setting keeps its old value.


## [param value] for the timing [param property] (seconds), or [param old] with an error naming
## both when [param value] is negative or not finite (NAN, an infinity): a flight or hold of NAN
## or infinite seconds never ends, and the display would never catch up. A very long time is
## allowed.
static func seconds(property: String, value: float, old: float) -> float:
	if is_finite(value) and value >= 0.0:
		return value
	push_error(
		(
			"TokenBagDisplay.%s: %s is not a number of seconds (0 or more); it stays %s"
			% [property, value, old]
		)
	)
	return old


## [param value] for the count [param property], or [param old] with an error naming both when
## [param value] is less than 1, the least the inspector allows.
static func count(property: String, value: int, old: int) -> int:
	if value >= 1:
		return value
	push_error("TokenBagDisplay.%s: %d is less than 1; it stays %d" % [property, value, old])
	return old
