extends RefCounted
## The views [method TokenBagDisplay.show_view] is given (a snapshot's bag, as a server sends it
## to an online client): their check, and what they say of each player.

## The largest player id (ids are 32-bit, as the rules take them).
const MAX_PLAYER_ID := 4294967295
## The kinds of tokens a view names (see [method GameRules.get_snapshot_for]); a token with no
## kind is a command token.
const KINDS := ["command", "double_action"]


## What is wrong with a view's [param bag] for [method TokenBagDisplay.show_view], or "" when
## nothing is: anything a bag cannot hold (more than [constant CommandTokenBag.MAX_PLAYERS]
## players, a player twice, more than [constant CommandTokenBag.MAX_TOKENS_PER_PLAYER] tokens of
## one player, more tokens left than put in) is wrong too, so that a hostile server cannot make a
## client build rows or pips without end, and so is a bag that contradicts itself (tokens left
## that are not the players' tokens left, a token drawn of a player not in the bag, more of a
## player's tokens drawn and left than they put in), and a name
## in [param names] of one of the bag's players that is not a String.
static func problem_of(bag: Dictionary, names := {}) -> String:
	var most_tokens := CommandTokenBag.MAX_PLAYERS * CommandTokenBag.MAX_TOKENS_PER_PLAYER
	if bag.has("remaining") and not _is_count(bag["remaining"], most_tokens):
		return "bag.remaining is %s, not a count of tokens" % _shown(bag["remaining"])
	var problem := _drawn_problem(bag.get("drawn", []), most_tokens)
	if problem == "" and not bag.has("remaining") and not bag.get("drawn", []).is_empty():
		problem = "bag.drawn has tokens but bag.remaining is missing"
	if problem == "":
		problem = _players_problem(bag.get("players", []))
	if problem == "" and bag.has("max_streak") and not _is_count(bag["max_streak"], MAX_PLAYER_ID):
		problem = "bag.max_streak is %s, not a count" % _shown(bag["max_streak"])
	if problem == "":
		problem = _agreement_problem(bag)
	return problem if problem != "" else _names_problem(bag, names)


## What [param bag] (a view [method problem_of] found nothing wrong with) says of each player,
## as the display shows a bag: [code]ids[/code], [code]names[/code] (from [param names], else
## "Player N"), [code]counts[/code] (tokens put in), [code]left[/code] by player id, and
## [code]drawn[/code] (how many tokens were drawn).
static func tally_of(bag: Dictionary, names: Dictionary) -> Dictionary:
	var tally := {"ids": [] as Array[int], "names": {}, "counts": {}, "left": {}}
	for player: Dictionary in bag.get("players", []):
		var player_id := int(player["player"])
		tally["ids"].append(player_id)
		tally["names"][player_id] = str(names.get(player_id, "Player %d" % player_id))
		tally["counts"][player_id] = int(player["contributed"])
		tally["left"][player_id] = int(player["remaining"])
	tally["drawn"] = bag.get("drawn", []).size()
	tally["max_streak"] = int(bag.get("max_streak", 0))
	return tally


## Notes in [param orders] (by round) the activations of round [param round_number] that
## [param bag] tells in seat or initiative order: the owners of its tokens drawn, then its
## [code]upcoming[/code] ones. A bag that tells none (bag order, or no token left) changes
## nothing; rounds before the one before are forgotten.
static func note_order(
	orders: Dictionary[int, PackedInt64Array], round_number: int, bag: Dictionary
) -> void:
	var upcoming: Array = bag.get("upcoming", [])
	if upcoming.is_empty():
		return
	var order := PackedInt64Array()
	for token: Dictionary in bag.get("drawn", []):
		order.append(int(token["owner"]))
	for player_id: Variant in upcoming:
		order.append(int(player_id))
	orders[round_number] = order
	for old: int in orders.keys():
		if old < round_number - 1:
			orders.erase(old)


## The steps that show the draws [param drawn] (a view's tokens drawn this round) from
## [param first] on, the last leaving [param remaining] tokens in the bag: each
## [param show_draw] bound to the owner, the tokens left after it and the actions it gives; all
## but the last through [param at_once], and the last too unless it [param flies].
static func draw_steps(
	drawn: Array, first: int, remaining: int, show_draw: Callable, at_once: Callable, flies := true
) -> Array[Callable]:
	var steps: Array[Callable] = []
	for index in range(first, drawn.size()):
		var token: Dictionary = drawn[index]
		var actions := 2 if token.get("kind", "") == "double_action" else 1
		var left := remaining + drawn.size() - 1 - index
		var draw := show_draw.bind(int(token["owner"]), left, actions)
		# Only the latest draw flies: the ones before it are already past.
		steps.append(draw if flies and index == drawn.size() - 1 else at_once.bind(draw))
	return steps


## [param tally] (see [method tally_of]) as the display shows it once it has shown the tokens
## [param drawn] from [param first] on: each one fewer left of its owner's.
static func after_draws(tally: Dictionary, drawn: Array, first: int) -> Dictionary:
	var after := tally.duplicate(true)
	for index in range(first, drawn.size()):
		var owner_id := int(drawn[index]["owner"])
		after["left"][owner_id] = maxi(0, after["left"].get(owner_id, 0) - 1)
	after["drawn"] = drawn.size()
	return after


## [param tally] (see [method tally_of]) before the tokens [param drawn] were drawn: its round's
## start.
static func before_draws(tally: Dictionary, drawn: Array) -> Dictionary:
	var before := tally.duplicate(true)
	for token: Dictionary in drawn:
		before["left"][int(token["owner"])] += 1
	before["drawn"] = 0
	return before


## The tokens left in [param tally] (see [method tally_of]).
static func left_in(tally: Dictionary) -> int:
	var left := 0
	for count: int in tally["left"].values():
		left += count
	return left


static func _drawn_problem(drawn: Variant, most_tokens: int) -> String:
	if not drawn is Array:
		return "bag.drawn is %s, not an Array" % _shown(drawn)
	if drawn.size() > most_tokens:
		return "bag.drawn holds %d tokens, more than a bag holds" % drawn.size()
	for token: Variant in drawn:
		if not token is Dictionary or not _is_count(token.get("owner"), MAX_PLAYER_ID):
			return "bag.drawn holds %s, not a token with an owner" % _shown(token)
		if token.get("kind", "command") not in KINDS:
			return (
				"bag.drawn holds a token of unknown kind %s (a kind is one of %s)"
				% [_shown(token["kind"]), KINDS]
			)
	return ""


static func _players_problem(players: Variant) -> String:
	if not players is Array:
		return "bag.players is %s, not an Array" % _shown(players)
	if players.size() > CommandTokenBag.MAX_PLAYERS:
		return "bag.players holds %d players, more than a bag holds" % players.size()
	var seen := {}
	for tally: Variant in players:
		if not tally is Dictionary:
			return "bag.players holds %s, not a Dictionary" % _shown(tally)
		for key in ["player", "contributed", "remaining"]:
			var most := MAX_PLAYER_ID if key == "player" else CommandTokenBag.MAX_TOKENS_PER_PLAYER
			if not _is_count(tally.get(key), most):
				return "a player's %s is %s, not a count" % [key, _shown(tally.get(key))]
		if tally["remaining"] > tally["contributed"]:
			return (
				"player %d has %d tokens left of %d put in"
				% [tally["player"], tally["remaining"], tally["contributed"]]
			)
		if seen.has(int(tally["player"])):
			return "bag.players holds player %d twice" % int(tally["player"])
		seen[int(tally["player"])] = true
	return ""


# What in [param bag] (each part well formed) contradicts the rest: tokens left that are not
# the players' tokens left, a token drawn of a player not in the bag, more of a player's tokens
# drawn and left than put in (tokens an effect adds count as put in).
static func _agreement_problem(bag: Dictionary) -> String:
	var left := 0
	var unaccounted := {}  # player -> tokens put in and neither left nor drawn (yet)
	for tally: Dictionary in bag.get("players", []):
		left += int(tally["remaining"])
		unaccounted[int(tally["player"])] = int(tally["contributed"]) - int(tally["remaining"])
	if bag.has("remaining") and int(bag["remaining"]) != left:
		return (
			"bag.remaining is %d, but the players have %d tokens left"
			% [int(bag["remaining"]), left]
		)
	for token: Dictionary in bag.get("drawn", []):
		var owner := int(token["owner"])
		if not unaccounted.has(owner):
			return "bag.drawn holds a token of player %d, not in bag.players" % owner
		unaccounted[owner] -= 1
		if unaccounted[owner] < 0:
			return (
				"bag.drawn holds more of player %d's tokens than they put in and have not left"
				% owner
			)
	var upcoming: Variant = bag.get("upcoming", [])
	if not upcoming is Array or upcoming.size() > left:
		return "bag.upcoming is %s, not the owners of the tokens left" % _shown(upcoming)
	for player_id: Variant in upcoming:
		if not _is_count(player_id, MAX_PLAYER_ID) or not unaccounted.has(int(player_id)):
			return "bag.upcoming names %s, not a player in bag.players" % _shown(player_id)
	return ""


# What is wrong with [param names] for the players of [param bag] (a well-formed bag): a name
# that is not a String (or StringName).
static func _names_problem(bag: Dictionary, names: Dictionary) -> String:
	for tally: Dictionary in bag.get("players", []):
		var player_id := int(tally["player"])
		var player_name: Variant = names.get(player_id, "")
		if not (player_name is String or player_name is StringName):
			return "names[%d] is %s, not a String" % [player_id, _shown(player_name)]
	return ""


# [param value] as a message shows it: containers by type and size only (one nested thousands
# deep is more than the engine will write out).
static func _shown(value: Variant) -> String:
	if value is Array or value is Dictionary or typeof(value) >= TYPE_PACKED_BYTE_ARRAY:
		return "%s of %d" % [type_string(typeof(value)), value.size()]
	return var_to_str(value)


# Whether [param value] is a whole number from 0 to [param most] (an int, or a float from JSON).
static func _is_count(value: Variant, most: int) -> bool:
	if value is int:
		return value >= 0 and value <= most
	if value is float:
		return is_finite(value) and value >= 0.0 and value <= most and value == floorf(value)
	return false
