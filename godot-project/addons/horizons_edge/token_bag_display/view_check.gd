extends RefCounted
## The check of the views [method TokenBagDisplay.show_view] is given: a snapshot's bag, as a
## server sends it to an online client.

## The largest player id (ids are 32-bit, as the rules take them).
const MAX_PLAYER_ID := 4294967295


## What is wrong with a view's [param bag] for [method TokenBagDisplay.show_view], or "" when
## nothing is: anything a bag cannot hold (more than [constant CommandTokenBag.MAX_PLAYERS]
## players, a player twice, more than [constant CommandTokenBag.MAX_TOKENS_PER_PLAYER] tokens of
## one player) is wrong too, so that a hostile server cannot make a client build rows or pips
## without end.
static func problem_of(bag: Dictionary) -> String:
	var most_tokens := CommandTokenBag.MAX_PLAYERS * CommandTokenBag.MAX_TOKENS_PER_PLAYER
	if bag.has("remaining") and not _is_count(bag["remaining"], most_tokens):
		return "bag.remaining is %s, not a count of tokens" % var_to_str(bag["remaining"])
	var problem := _drawn_problem(bag.get("drawn", []), most_tokens)
	if problem == "" and not bag.has("remaining") and not bag.get("drawn", []).is_empty():
		problem = "bag.drawn has tokens but bag.remaining is missing"
	return problem if problem != "" else _players_problem(bag.get("players", []))


static func _drawn_problem(drawn: Variant, most_tokens: int) -> String:
	if not drawn is Array:
		return "bag.drawn is %s, not an Array" % var_to_str(drawn)
	if drawn.size() > most_tokens:
		return "bag.drawn holds %d tokens, more than a bag holds" % drawn.size()
	for token: Variant in drawn:
		if (
			not token is Dictionary
			or not _is_count(token.get("owner"), MAX_PLAYER_ID)
			or not token.get("kind", "") is String
		):
			return "bag.drawn holds %s, not a token with an owner" % var_to_str(token)
	return ""


static func _players_problem(players: Variant) -> String:
	if not players is Array:
		return "bag.players is %s, not an Array" % var_to_str(players)
	if players.size() > CommandTokenBag.MAX_PLAYERS:
		return "bag.players holds %d players, more than a bag holds" % players.size()
	var seen := {}
	for tally: Variant in players:
		if not tally is Dictionary:
			return "bag.players holds %s, not a Dictionary" % var_to_str(tally)
		for key in ["player", "contributed", "remaining"]:
			var most := MAX_PLAYER_ID if key == "player" else CommandTokenBag.MAX_TOKENS_PER_PLAYER
			if not _is_count(tally.get(key), most):
				return "a player's %s is %s, not a count" % [key, var_to_str(tally.get(key))]
		if seen.has(int(tally["player"])):
			return "bag.players holds player %d twice" % int(tally["player"])
		seen[int(tally["player"])] = true
	return ""


# Whether [param value] is a whole number from 0 to [param most] (an int, or a float from JSON).
static func _is_count(value: Variant, most: int) -> bool:
	if value is int:
		return value >= 0 and value <= most
	if value is float:
		return is_finite(value) and value >= 0.0 and value <= most and value == floorf(value)
	return false
