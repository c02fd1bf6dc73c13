@tool
extends RefCounted
## What a [TokenBagDisplay] reads of the game it shows: its [GameRules] (their players, and their
## bag as a read-only copy) or, without rules, a bare [CommandTokenBag]. Each function takes the
## display's rules (null when it follows a bare bag) and its bare bag.


## The rules' bag (a read-only copy) once they are set up, else the bare bag, else null.
static func current_bag(rules: GameRules, token_bag: CommandTokenBag) -> CommandTokenBag:
	if rules != null:
		return rules.get_bag() if rules.is_set_up() else null
	return token_bag


## A player's name: from the rules, or "Player N" for a bare bag and for a player the rules were
## set up with by id alone (whose name is empty).
static func name_of(rules: GameRules, player_id: int) -> String:
	var player_name := ""
	if rules != null and rules.is_set_up():
		player_name = rules.get_player_state(player_id)["name"]
	return shown_name(player_id, player_name)


## The names of a view ([method TokenBagDisplay.show_view]) as shown: an empty one is
## "Player N", as for the rules' own players.
## Only players' names (by int id) are kept: a view's other keys are nobody's, and may be
## anything a hostile server sent (its keys are listed, not walked: walking hashes each key, and
## one nested thousands deep is more than the engine will hash).
static func shown_names(names: Dictionary) -> Dictionary:
	var shown := {}
	for key: Variant in names.keys():
		if key is int:
			var given: Variant = names[key]
			var empty := (given is String or given is StringName) and str(given).is_empty()
			shown[key] = shown_name(key, "") if empty else given
	return shown


## [param player_name], or "Player N" when it is empty.
static func shown_name(player_id: int, player_name: String) -> String:
	return player_name if player_name != "" else "Player %d" % player_id


## The mercy rule's longest run of one player's draws in the rules' game (0: off).
static func max_streak(rules: GameRules) -> int:
	return rules.get_config().get("max_streak", 0) if rules != null else 0


## The players (in seat order, with their names) and their tokens in the bag as a round starts:
## all they contributed. Taken when the round starts, not when it is shown, as the rules may be
## further on by then.
static func round_start(rules: GameRules, token_bag: CommandTokenBag) -> Dictionary:
	var ids: Array[int] = []
	var names: Dictionary[int, String] = {}
	var counts: Dictionary[int, int] = {}
	var bag := current_bag(rules, token_bag)
	if bag != null:
		ids.assign(rules.get_player_ids() if bag != token_bag else bag.get_player_ids())
		var in_bag := bag.get_player_ids()
		for player_id in ids:
			names[player_id] = name_of(rules, player_id)
			if in_bag.has(player_id):
				counts[player_id] = bag.get_player_contributed_count(player_id)
	return {"ids": ids, "names": names, "counts": counts, "max_streak": max_streak(rules)}


## The bag's counts as they are now, for a change the display shows later.
static func counts_now(rules: GameRules, token_bag: CommandTokenBag) -> Dictionary:
	var snapshot := round_start(rules, token_bag)
	snapshot["left"] = current_bag(rules, token_bag).get_remaining_counts()
	return snapshot
