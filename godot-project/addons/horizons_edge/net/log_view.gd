extends RefCounted
## What a [RulesSession] client's log says of the game, to hold the server's snapshots to: the
## display and the choices come from snapshots, the audit from events, and a server must not show
## one game and have another audited. Fed every event the auditor took ([method follow]), it tells
## what in a snapshot disagrees with them ([method problem]).

## Events of play: none comes before the game's game_started in an honest log (which a client
## reads from its start).
const PLAY := [
	"round_committed",
	"tokens_contributed",
	"entropy_added",
	"token_drawn",
	"tokens_added",
	"tokens_removed",
]

# The game's seats, from its first game_started (null before it), and whether the log played
# before it (a round committed, a bag filled or drawn from: a start sent late, or never, could
# leave out a seat already in a bag).
var _seats: Variant = null
var _started_late := false
# The round the log is in: that of its latest round_committed (0 before the first), whether it
# mixes in player entropy, and its mercy rule's cap.
var _round := 0
var _entropy := false
var _max_streak: Variant = null
# Whether that round is committed and not revealed or ended: a draw or a change to the bag
# outside one is no part of any round (the auditor fails it) and is not followed.
var _in_round := false
# That round's commitment, its draws ([token id, owner, kind] each, in order) and each player's
# tokens in its bag ([put in, left]).
var _commitment: Variant = null
var _draws: Array = []
var _tokens := {}
# With player entropy: the players whose nonce the round's first draw still waits for (every
# living seat from the commitment on, as the rules ask them: a log that held the bag's filling
# back would otherwise owe no one, and a snapshot could leave a seat unasked).
var _owed: Array = []
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
	if _seats == null and event["type"] in PLAY:
		_started_late = true
	match event["type"]:
		"game_started":
			if _seats == null:
				_seats = event.get("players")
		"round_committed":
			_begin_round(event)
		"round_revealed", "round_ended":
			_in_round = false
		"entropy_added":
			_owed.erase(player)
		"player_eliminated":
			_out[player] = true
			_owed.erase(player)
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
			_in_round = false
			_winner = event.get("winner")
		_:
			if _in_round:
				_follow_bag(event, player)


## The round the log is in: that of its latest [code]round_committed[/code] (0 before the first).
func get_round() -> int:
	return _round


## Whether the round the log is in was committed with player entropy.
func has_entropy() -> bool:
	return _entropy


## What in [param view], a snapshot from the server, disagrees with the log this client audits
## ("" if nothing): its round, its round's commitment, its seats, the nonces its round waits for,
## its bag (each player's tokens put in and left, the draws and their kinds, the mercy rule), the
## players eliminated, or the game's end and winner. The display and the choices come from
## snapshots: a server must not show one game and have another audited. (What the audit does not
## follow, purses, points, hands and the bag's predicted order, is the server's word.)
func problem(view: Dictionary) -> String:
	if view["round"] != _round:
		return "it is in round %d, the log in round %d" % [view["round"], _round]
	var commitment: Variant = view.get("commitment")
	if commitment != null and commitment != _commitment:
		return "its commitment is not the one the log holds for round %d" % _round
	var found := _seats_problem(view.get("players"))
	if found == "":
		found = _entropy_problem(view["awaiting_entropy"])
	if found == "":
		found = _bag_problem(view.get("bag"))
	if found != "":
		return found
	var over: bool = view["phase"].get("phase") == "game_over"
	if over != _over or (over and view["phase"].get("winner") != _winner):
		return "its game's end is not the log's"
	return ""


# Starts following the round [param event] (a round_committed) commits.
func _begin_round(event: Dictionary) -> void:
	_round = event["round"]
	_entropy = event.get("entropy") == true
	_max_streak = event.get("max_streak")
	_commitment = event.get("commitment")
	_in_round = true
	_draws = []
	_tokens = {}
	_owed = []
	if _entropy and _seats != null:
		_owed = _seats.filter(func(seat: Variant) -> bool: return not _out.has(seat))
	_next_start = {}
	_action_start = {}


# Notes what [param event] of [param player] does to the round's bag (if anything).
func _follow_bag(event: Dictionary, player: Variant) -> void:
	match event["type"]:
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
			_draws.append([event.get("token"), player, "command"])
			_add_tokens(player, 0, -1)
		"double_action_drawn":
			if not _draws.is_empty():
				_draws[-1][2] = "double_action"


# What in a snapshot's [param seats] disagrees with the log's seats ("" if nothing, or if it shows
# none): the log must have started the game before its first round's commitment, and the seats
# shown must be its seats, in order, with the log's eliminations (a seat the log never had could
# add a nonce, or hold tokens).
func _seats_problem(seats: Variant) -> String:
	if _started_late:
		return "the log played before it started the game"
	if not seats is Array:
		return ""
	var ids := []
	for seat: Variant in seats:
		if not seat is Dictionary:
			return "a seat is not a Dictionary"
		if seat.get("eliminated") != _out.has(seat.get("id")):
			return "player %s's elimination is not the log's" % [seat.get("id")]
		ids.append(seat.get("id"))
	if _seats != null and ids != _seats:
		return "its seats are not the %d the log started the game with" % _seats.size()
	return ""


# What in a snapshot's [param awaiting] (the players whose nonce the round's first draw waits
# for) disagrees with the log ("" if nothing): an honest server asks every living player of a round
# committed with player entropy until that player's nonce is logged. (At the end of the game the
# nonces owed no longer matter.)
func _entropy_problem(awaiting: Array) -> String:
	if _over:
		return ""
	var owed := _owed if _in_round else []
	if (
		awaiting.size() != owed.size()
		or not owed.all(func(p: Variant) -> bool: return p in awaiting)
	):
		return (
			"the nonces it waits for are not the %d the log owes in round %d"
			% [owed.size(), _round]
		)
	return ""


# What in a snapshot's [param bag] disagrees with the log's round ("" if nothing, or if it shows
# none of it): the draws and their kinds, each player's tokens put in and left, or its mercy rule.
func _bag_problem(bag: Variant) -> String:
	if not bag is Dictionary:
		return ""
	if _round > 0 and bag.get("max_streak") != _max_streak:
		return "its bag's mercy rule is not the one round %d was committed with" % _round
	var drawn: Variant = bag.get("drawn")
	if drawn is Array:
		var draws := []
		for token: Variant in drawn:
			var shown: Variant = token
			if token is Dictionary:
				shown = [token.get("id"), token.get("owner"), token.get("kind")]
			draws.append(shown)
		if draws != _draws:
			var wrong := "its bag's draws are not the %d the log holds for round %d"
			return wrong % [_draws.size(), _round]
	var tallies: Variant = bag.get("players")
	if tallies is Array:
		var shown := {}
		for tally: Variant in tallies:
			# Only an id may key the tallies: a container thousands deep is more than the engine
			# will hash.
			if tally is Dictionary and not tally.get("player") is int:
				return "its bag's tallies name a player that is not an id"
			if tally is Dictionary:
				shown[tally["player"]] = [tally.get("contributed"), tally.get("remaining")]
		if shown != _tokens:
			return "its bag's tokens put in and left are not the log's for round %d" % _round
	return ""


# Notes [param put_in] more of [param player]'s tokens put into the round's bag and
# [param left] more left in it (negative: fewer). Numbers the auditor already took.
func _add_tokens(player: Variant, put_in: Variant, left: Variant) -> void:
	var tokens: Array = _tokens.get(player, [0, 0])
	_tokens[player] = [tokens[0] + int(put_in), tokens[1] + int(left)]
