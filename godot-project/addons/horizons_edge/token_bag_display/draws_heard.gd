@tool
extends RefCounted
## The draws a [TokenBagDisplay] has heard of ([signal GameRules.token_drawn] or a bare
## [CommandTokenBag]'s), against what the game has done since: a handler connected before the
## display may have drawn again, even in the next round, before the display hears of a draw. So
## a draw's kind, the order as of it and a round's starting counts are read from the rules' log
## (append-only, read once, a page at a time, never past the round heard), not from the game as
## it is by then.

const BagSource := preload("bag_source.gd")
const NextColumn := preload("next_column.gd")
## How many of the rules' logged events are read at a time.
const LOG_PAGE := 32
## How many are read at a time looking for the event of a signal heard (it is seldom far).
const SIGNAL_PAGE := 8

## The draws of the round (or of a bare bag since it was filled) whose token_drawn was heard.
var count := 0
## The rules' round heard to start.
var round_number := 0
## Whether the rules' order is known (seat or initiative), read with their config.
var order_known := false

# The rules' log number up to which it was read: never past an event of a later round than the
# one heard.
var _read_to := 0
# The rules' log number of the latest event whose signal the display heard, or that a re-read
# showed (see hear()).
var _heard_to := 0
# The round heard's draws read in the log but not heard yet, oldest first: each
# [code]{"player": id, "actions": 1 or 2}[/code].
var _ahead: Array[Dictionary] = []
# The tokens each player put in as the round heard started (its tokens_contributed), once read.
var _contributed: Dictionary[int, int] = {}


## Takes all that [param rules] (null for a bare bag) or [param token_bag] drew so far as heard.
func reset(rules: GameRules, token_bag: CommandTokenBag) -> void:
	var bag := BagSource.current_bag(rules, token_bag)
	var from_rules := bag != null and bag != token_bag
	count = bag.get_drawn_history().size() if bag != null else 0
	round_number = rules.get_round() if from_rules else 0
	order_known = from_rules and rules.get_config().get("activation_order") != "bag"
	_read_to = rules.get_last_event_seq() if from_rules else 0
	_heard_to = _read_to
	_ahead.clear()
	_contributed.clear()


## The rules' round [param number] started: none of its draws heard yet.
func start_round(number: int) -> void:
	round_number = number
	count = 0
	_ahead.clear()
	_contributed.clear()


## Whether a signal of [param rules] the display hears is news: true when a later event of one
## of [param types] is in their log than the last heard, which it then is; false for one a
## re-read ([method reset]) already showed, whose signal was still on its way (signals come in
## the log's order). Always true for a bare bag.
func hear(rules: GameRules, types: Array[String]) -> bool:
	if rules == null:
		return true
	var events := rules.get_events_since(_heard_to, SIGNAL_PAGE)
	while not events.is_empty():
		for event in events:
			if event["type"] in types:
				_heard_to = event["seq"]
				return true
		events = rules.get_events_since(events[-1]["seq"], LOG_PAGE)
	return false


## Hears the next draw (one [method hear] found news): how many actions its token gives. Not
## the rules' actions left, nor their bag's latest draw (a handler before the display may have
## spent them, or drawn again); a bare bag's draws are its own.
func hear_draw(rules: GameRules, token_bag: CommandTokenBag) -> int:
	count += 1
	if rules == null:
		var draws := _round_draws(token_bag)
		return NextColumn.actions_of(draws.slice(0, count)) if not draws.is_empty() else 1
	_read_on(rules)
	return _ahead.pop_front()["actions"] if not _ahead.is_empty() else 1


## In seat or initiative order, [param upcoming] (the rules' next activations now) after the
## draws of the round heard made since the last heard, whose token_drawn is still to come: the
## order as of the last draw heard, at most [param depth] of them. Once the rules are in a later
## round, the draws left of the round heard are all there is.
func order_as_heard(
	rules: GameRules, token_bag: CommandTokenBag, upcoming: PackedInt64Array, depth: int
) -> PackedInt64Array:
	if not order_known:
		return upcoming
	var order := PackedInt64Array()
	if rules == null:
		for token in _round_draws(token_bag).slice(count):
			order.append(token.player_id)
	else:
		_read_on(rules)
		for draw in _ahead.slice(0, depth):
			order.append(draw["player"])
		if rules.get_round() != round_number:
			return order
	order.append_array(upcoming)
	return order.slice(0, depth)


## Sets [param counts] (the tokens each player put in, as the rules have them now) to what they
## put in as the round heard started, from its tokens_contributed: a handler before the display
## may have played on since (tokens added, taken back, even whole rounds).
func counts_at_start(rules: GameRules, counts: Dictionary) -> void:
	if rules == null:
		return
	_read_on(rules)
	if _contributed.is_empty():
		return
	for player_id: int in counts.keys():
		counts[player_id] = _contributed.get(player_id, 0)


## The tokens of [param token_bag] drawn since the last heard, for a bare bag changed by a handler
## before the display; its draws start anew when it was refilled (its history is shorter).
func bare_unheard(token_bag: CommandTokenBag) -> Array[CommandToken]:
	var history := token_bag.get_drawn_history()
	count = count if history.size() >= count else 0
	return history.slice(count)


# Reads the rules' log on from where it was read, a page at a time, up to its end or the first
# event of a later round than the one heard: the round's draws (and their kinds) and what each
# player put in as it started.
func _read_on(rules: GameRules) -> void:
	var events := rules.get_events_since(_read_to, LOG_PAGE)
	while not events.is_empty():
		for event in events:
			if event["round"] > round_number:
				return
			_read_to = event["seq"]
			if event["round"] == round_number:
				_take(event)
		events = rules.get_events_since(_read_to, LOG_PAGE)


# What [param event] of the round heard says of its draws and its start.
func _take(event: Dictionary) -> void:
	match event["type"]:
		"token_drawn":
			_ahead.append({"player": event["player"], "actions": 1})
		"double_action_drawn":
			if not _ahead.is_empty():
				_ahead[-1]["actions"] = 2
		"tokens_contributed":
			_contributed[event["player"]] = event["tokens"]


# A bare bag's draws since it was filled, oldest first; empty once it was refilled.
func _round_draws(token_bag: CommandTokenBag) -> Array[CommandToken]:
	var none: Array[CommandToken] = []
	if token_bag == null:
		return none
	var history := token_bag.get_drawn_history()
	return history if history.size() >= count else none
