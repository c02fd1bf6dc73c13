extends RefCounted
## What a [RulesSession] client's log says of the game, to hold the server's snapshots to: the
## display and the choices come from snapshots, the audit from events, and a server must not show
## one game and have another audited. Fed every event the auditor took ([method follow]), it tells
## what in a snapshot disagrees with them ([method problem]).

# The round the log is in: that of its latest round_committed (0 before the first).
var _round := 0
# That round's commitment, its draws ([token id, owner] each, in order) and each player's tokens
# in its bag ([put in, left]).
var _commitment: Variant = null
var _draws: Array = []
var _tokens := {}
# The tokens as they were where the next action starts (after the draw, a double action's first
# action, an elimination or a reserve token), and where the last one taken started: an undo
# takes the last action's changes to the bag back, as the auditor does.
var _next_start := {}
var _action_start := {}
# A reserve token was committed: the tokens added next are its, not an action's.
var _reserve_next := false
# The players eliminated, and the game's end and winner.
var _out := {}
var _over := false
var _winner: Variant = null


## Notes what [param event], taken into the log (checked: the auditor took it), says of the
## round and the game.
func follow(event: Dictionary) -> void:
	var player: Variant = event.get("player")
	match event["type"]:
		"round_committed":
			_round = event["round"]
			_commitment = event.get("commitment")
			_draws = []
			_tokens = {}
			_next_start = {}
			_action_start = {}
		"tokens_contributed":
			_add_tokens(player, event.get("tokens"), event.get("tokens"))
		"tokens_added":
			_add_tokens(player, event.get("count"), event.get("count"))
			if _reserve_next:
				_reserve_next = false
				_next_start = _tokens.duplicate(true)
		"reserve_committed":
			_reserve_next = true
		"tokens_removed":
			_add_tokens(player, 0, -int(event.get("count", 0)))
		"token_drawn":
			_draws.append([event.get("token"), player])
			_add_tokens(player, 0, -1)
		"player_eliminated":
			_out[player] = true
			if _tokens.has(player):
				_tokens[player][1] = 0
			_next_start = _tokens.duplicate(true)
		"turn_changed", "extra_action":
			_next_start = _tokens.duplicate(true)
		"action_resolved":
			if event.get("depth") == 0:
				_action_start = _next_start.duplicate(true)
		"action_undone":
			_tokens = _action_start.duplicate(true)
			_next_start = _action_start.duplicate(true)
		"game_over":
			_over = true
			_winner = event.get("winner")


## What in [param view], a snapshot from the server, disagrees with the log this client audits
## ("" if nothing): its round, its round's commitment, its bag (each player's tokens put in and
## left, the draws), the players eliminated, or the game's end and winner. The display and the
## choices come from snapshots: a server must not show one game and have another audited. (What
## the audit does not follow, purses, points and hands, is the server's word.)
func problem(view: Dictionary) -> String:
	if view["round"] != _round:
		return "it is in round %d, the log in round %d" % [view["round"], _round]
	var commitment: Variant = view.get("commitment")
	if commitment != null and commitment != _commitment:
		return "its commitment is not the one the log holds for round %d" % _round
	var found := _bag_problem(view.get("bag"))
	if found != "":
		return found
	var seats: Variant = view.get("players", [])
	for seat: Variant in seats if seats is Array else []:
		if seat is Dictionary and seat.get("eliminated") != _out.has(seat.get("id")):
			return "player %s's elimination is not the log's" % [seat.get("id")]
	var over: bool = view["phase"].get("phase") == "game_over"
	if over != _over or (over and view["phase"].get("winner") != _winner):
		return "its game's end is not the log's"
	return ""


# What in a snapshot's [param bag] disagrees with the log's round ("" if nothing, or if it shows
# none of it): the draws, or each player's tokens put in and left.
func _bag_problem(bag: Variant) -> String:
	if not bag is Dictionary:
		return ""
	var drawn: Variant = bag.get("drawn")
	if drawn is Array:
		var draws := []
		for token: Variant in drawn:
			draws.append([token.get("id"), token.get("owner")] if token is Dictionary else token)
		if draws != _draws:
			var wrong := "its bag's draws are not the %d the log holds for round %d"
			return wrong % [_draws.size(), _round]
	var tallies: Variant = bag.get("players")
	if tallies is Array:
		var shown := {}
		for tally: Variant in tallies:
			if tally is Dictionary:
				shown[tally.get("player")] = [tally.get("contributed"), tally.get("remaining")]
		if shown != _tokens:
			return "its bag's tokens put in and left are not the log's for round %d" % _round
	return ""


# Notes [param put_in] more of [param player]'s tokens put into the round's bag and
# [param left] more left in it (negative: fewer). Numbers the auditor already took.
func _add_tokens(player: Variant, put_in: Variant, left: Variant) -> void:
	var tokens: Array = _tokens.get(player, [0, 0])
	_tokens[player] = [tokens[0] + int(put_in), tokens[1] + int(left)]
