@tool
extends RefCounted
## The draws a [TokenBagDisplay] has heard of ([signal GameRules.token_drawn] or a bare
## [CommandTokenBag]'s), against what the game has done since: a handler connected before the
## display may have drawn again, even in the next round, before the display hears of a draw. So
## a draw's kind and the order as of it are read from the draws heard, not from the game as it
## is by then.

const BagSource := preload("bag_source.gd")
const NextColumn := preload("next_column.gd")
## How many of the rules' logged events are read at a time, looking for a draw's kind.
const LOG_PAGE := 32
## More events of a kind than a round can log.
const MAX_EVENTS := 1 << 30

## The draws of the round (or of a bare bag since it was filled) whose token_drawn was heard.
var count := 0
## The rules' round heard to start.
var round_number := 0
## Whether the rules' order is known (seat or initiative), read with their config.
var order_known := false
## The rules' log number of the latest token_drawn heard.
var seq := 0


## Takes all that [param rules] (null for a bare bag) or [param token_bag] drew so far as heard.
func reset(rules: GameRules, token_bag: CommandTokenBag) -> void:
	var bag := BagSource.current_bag(rules, token_bag)
	var from_rules := bag != null and bag != token_bag
	count = bag.get_drawn_history().size() if bag != null else 0
	round_number = rules.get_round() if from_rules else 0
	order_known = from_rules and rules.get_config().get("activation_order") != "bag"
	seq = rules.get_last_event_seq() if from_rules else 0


## The rules' round [param number] started: none of its draws heard yet.
func start_round(number: int) -> void:
	round_number = number
	count = 0


## Hears the next draw: how many actions its token gives, or 0 for a draw the display already
## read (a re-read from a handler before it: [method reset]). Not the rules' actions left, nor
## their bag's latest draw (a handler before the display may have spent them, or drawn again):
## the rules' log is read, a page at a time, up to the next token_drawn after the last heard; a
## bare bag's draws are its own.
func hear_draw(rules: GameRules, token_bag: CommandTokenBag) -> int:
	count += 1
	if rules == null:
		var draws := _round_draws(rules, token_bag)
		return NextColumn.actions_of(draws.slice(0, count)) if not draws.is_empty() else 1
	var drawn := _logged(rules, ["token_drawn"], 1)
	if drawn.is_empty():
		count -= 1
		return 0
	seq = drawn[0]["seq"]
	var after := rules.get_events_since(seq, 1)
	return 2 if not after.is_empty() and after[0]["type"] == "double_action_drawn" else 1


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
		for token in _round_draws(rules, token_bag).slice(count):
			order.append(token.player_id)
	else:
		for event in _logged(rules, ["token_drawn"], depth):
			order.append(event["player"])
		if rules.get_round() != round_number:
			return order
	order.append_array(upcoming)
	return order.slice(0, depth)


## Takes off [param counts] (the tokens each player put in, as the rules' round heard to start
## has them now) those added later in that round, whose bag_changed is still to come (a handler
## before the display drew and played a card that adds some): the round's start as it was.
func take_back_additions(rules: GameRules, counts: Dictionary) -> void:
	if rules == null:
		return
	var started := false
	for event in _logged(rules, ["round_started", "tokens_added"], MAX_EVENTS):
		var player_id: int = event.get("player", -1)
		started = started or event["type"] == "round_started"
		if started and counts.has(player_id):
			counts[player_id] = maxi(0, counts[player_id] - int(event["count"]))


## The tokens of [param token_bag] drawn since the last heard, for a bare bag changed by a handler
## before the display; its draws start anew when it was refilled (its history is shorter).
func bare_unheard(token_bag: CommandTokenBag) -> Array[CommandToken]:
	var history := token_bag.get_drawn_history()
	count = count if history.size() >= count else 0
	return history.slice(count)


# The events of [param types] in the round heard that came after the last draw heard, oldest
# first, at most [param most]: the rules' log read a page at a time, up to the end of that round.
func _logged(rules: GameRules, types: Array[String], most: int) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	var events := rules.get_events_since(seq, LOG_PAGE)
	while not events.is_empty():
		for event in events:
			if event["round"] > round_number or found.size() >= most:
				return found
			if event["type"] in types and event["round"] == round_number:
				found.append(event)
		events = rules.get_events_since(events[-1]["seq"], LOG_PAGE)
	return found


# The draws of the round heard of, oldest first, as the bag holds them now; empty when the rules
# are in a later round already, or the bare bag was refilled.
func _round_draws(rules: GameRules, token_bag: CommandTokenBag) -> Array[CommandToken]:
	var none: Array[CommandToken] = []
	var bag := BagSource.current_bag(rules, token_bag)
	if bag == null or (bag != token_bag and rules.get_round() != round_number):
		return none
	var history := bag.get_drawn_history()
	return history if history.size() >= count else none
