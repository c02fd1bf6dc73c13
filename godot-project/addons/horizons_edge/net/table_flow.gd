extends RefCounted
## How the table of a [RulesSessionHost] moves on: the requests it applies, the draws and the
## decisions for seats being passed (see [member RulesSession.reconnect_policy]), and the
## deadline of what the game waits for (see [member RulesSession.turn_deadline]).

const RequestChecks := preload("request_checks.gd")

## A nonce is this many hex digits (32 bytes).
const NONCE_LENGTH := 64
## The characters of a nonce.
const HEX_DIGITS := "0123456789abcdefABCDEF"
## The actions a client may request, by type, with the fields each takes: every action of the
## rules but [code]create_token[/code], which the game keeps for its own effects (its stats
## would be the caller's).
const REQUESTABLE := {
	"play_card": ["hand_index", "context"],
	"build": ["structure", "context"],
	"upgrade_command": [],
	"pass": [],
	"custom": ["kind", "context"],
}

var _session: RulesSession
var _rules: GameRules
# The host's seats (player_id -> seat), read for the seats being passed.
var _seats: Dictionary
# When the server decides for the seats it waits for (msec; 0: no deadline).
var _deadline_at := 0
# What the deadline runs for ("" when the game waits for nothing timed): whose decision and
# which one, never the event count, so nothing else that happens meanwhile (a rename, a
# reconnect, a reserve) starts it again.
var _waiting_for := ""
# Tokens drawn by this table since it was hosted: which activation is open.
var _draws := 0


# The text of a String or StringName [param value]; "" for anything else.
static func _text(value: Variant) -> String:
	return str(value) if typeof(value) in [TYPE_STRING, TYPE_STRING_NAME] else ""


func _init(session: RulesSession, rules: GameRules, seats: Dictionary) -> void:
	_session = session
	_rules = rules
	_seats = seats


## Applies a checked request; returns why it was refused, or "".
func apply(player_id: int, request: Dictionary) -> String:
	var error := OK
	match request.get("command"):
		"act":
			return _act(player_id, request.get("action"))
		"keep":
			var bottom: Variant = request.get("bottom", [])
			if not _is_bottom(player_id, bottom):
				return "bottom must be an Array of distinct indices into this seat's hand"
			error = _rules.keep_hand(player_id, PackedInt64Array(bottom))
		"mulligan":
			error = _rules.take_mulligan(player_id)
		"reserve":
			error = _rules.commit_reserve(player_id)
		"entropy":
			var nonce: Variant = request.get("nonce")
			if not RequestChecks.is_spelled(nonce, NONCE_LENGTH, HEX_DIGITS):
				return "an entropy request needs a nonce of %d hex digits" % NONCE_LENGTH
			error = _rules.add_entropy(player_id, nonce)
		_:
			return "unknown command: expected act, keep, mulligan, entropy or reserve"
	return _refusal_of(error)


## Draws tokens while one is due (once every nonce is in, with player entropy), decides for seats
## whose turns are being passed (a pass, a kept hand during the mulligan,
## [constant RulesSession.DEADLINE_NONCE]), and starts the deadline of what the game now waits
## for. While every living player is away (their seats passed), the game waits, with no
## deadline, until one comes back.
func advance() -> void:
	if _rules.get_phase() == GameRules.PHASE_MULLIGAN:
		for player_id in _rules.get_living_player_ids():
			if _seats[player_id]["passing"] and not _rules.get_player_state(player_id)["kept"]:
				_keep_for(player_id)
	while _rules.get_phase() in [GameRules.PHASE_AWAITING_DRAW, GameRules.PHASE_ACTIVATION]:
		if is_everyone_away():
			break  # Nobody to pass for: the game waits until a player comes back.
		if _rules.get_phase() == GameRules.PHASE_AWAITING_DRAW:
			for player_id in _rules.get_pending_entropy():
				if _seats[player_id]["passing"]:
					_add_deadline_nonce(player_id)
			if not _rules.get_pending_entropy().is_empty():
				break  # The clients' nonces come first.
			# A draw always logs an event; NO_PLAYER alone may be a token of nobody's.
			var seq := _rules.get_last_event_seq()
			_rules.draw_next_token()
			if _rules.get_last_event_seq() == seq:
				push_error("RulesSession: could not draw a token")
				break
			_draws += 1
			continue
		var active := _rules.get_active_player()
		if not _seats[active]["passing"]:
			break
		if not _must(_rules.pass_activation(active), "pass player %d" % active):
			break
	_restart_deadline()


## Starts the game (every seat taken): an error is logged if the rules refuse.
func start() -> void:
	_must(_rules.start_game(), "start the game")


## Eliminates [param player_id] (the reconnect policy): an error is logged if the rules refuse.
func eliminate(player_id: int) -> void:
	_must(_rules.eliminate_player(player_id), "eliminate player %d" % player_id)


## Decides for the seats the game waited on if its deadline ran out by [param now_msec]; whether
## it did (the game changed).
func run_deadline(now_msec: int) -> bool:
	if _deadline_at == 0 or now_msec < _deadline_at:
		return false
	_deadline_at = 0
	_waiting_for = ""  # Whatever the game still waits on gets a deadline of its own.
	_time_out()
	return true


## Whether every living player's seat is being passed (away past the reconnect timeout): passing
## them all would play the rest of the game in one frame, or for ever with no end set.
func is_everyone_away() -> bool:
	return Array(_rules.get_living_player_ids()).all(
		func(player_id: int) -> bool: return _seats[player_id]["passing"]
	)


# Applies an action request; returns why it was refused, or "".
func _act(player_id: int, action: Variant) -> String:
	if typeof(action) != TYPE_DICTIONARY:
		return "an act request needs an action Dictionary"
	if _rules.get_phase() != GameRules.PHASE_ACTIVATION:
		return "no activation is open"
	if _rules.get_active_player() != player_id:
		return "it is player %d's activation" % _rules.get_active_player()
	var unrequestable := _unrequestable(player_id, action)
	if unrequestable != "":
		return unrequestable
	return _refusal_of(_rules.perform_action(player_id, action))


# Why a client may not request [param action] ("" if it may): only the actions of
# [constant REQUESTABLE], each with only its fields, naming a card in [param player_id]'s hand
# or a structure or action kind of the config. Checked here, before the rules, so that what a
# client wrote never reaches the server's log; its [code]context[/code] (a target, a position)
# goes to the rules and the game's validator, which judge it.
func _unrequestable(player_id: int, action: Dictionary) -> String:
	var type := _text(action.get("type"))
	if not REQUESTABLE.has(type):
		return "not an action a client may take"
	for key: Variant in action:
		if _text(key) != "type" and not _text(key) in REQUESTABLE[type]:
			return "a field this action does not take"
	match type:
		"play_card":
			var index: Variant = action.get("hand_index")
			var size: int = _rules.get_player_state(player_id).get("hand_size", 0)
			var whole: bool = (
				typeof(index) == TYPE_INT
				or (typeof(index) == TYPE_FLOAT and index == floorf(index))
			)
			if not whole or index < 0 or index >= size:
				return "no such card in this hand"
		"build":
			if not _rules.get_config()["structures"].has(_text(action.get("structure"))):
				return "no such structure"
		"custom":
			if not _rules.get_config()["action_kinds"].has(_text(action.get("kind"))):
				return "no such action kind"
	return ""


# Whether [param bottom] is an Array of distinct indices into [param player_id]'s hand.
func _is_bottom(player_id: int, bottom: Variant) -> bool:
	if typeof(bottom) != TYPE_ARRAY:
		return false
	var size: int = _rules.get_player_state(player_id).get("hand_size", 0)
	var seen := {}
	for i: Variant in bottom:
		if typeof(i) != TYPE_INT or i < 0 or i >= size or seen.has(i):
			return false
		seen[i] = true
	return true


# "" for [constant OK]; otherwise the kind of refusal the rules gave (a fixed word such as
# [code]not_started[/code]): their reason may quote what the client sent, which a refusal
# never echoes.
func _refusal_of(error: Error) -> String:
	if error == OK:
		return ""
	return "refused by the rules: %s" % _rules.get_last_refusal().get("kind", error_string(error))


# Whether a call the server made for a seat (a pass, a kept hand, a nonce, a draw, an
# elimination) went through; if not, an error saying what failed is logged.
func _must(error: Error, what: String) -> bool:
	if error != OK:
		var refusal := _rules.get_last_refusal()
		push_error(
			"RulesSession: could not %s: %s" % [what, refusal.get("kind", error_string(error))]
		)
	return error == OK


# Starts [member RulesSession.turn_deadline] for what the game now waits for — the mulligan,
# an activation, or the round's nonces — unless it already runs for that.
func _restart_deadline() -> void:
	var waiting := ""
	match _rules.get_phase():
		GameRules.PHASE_MULLIGAN:
			waiting = "mulligan"
		GameRules.PHASE_ACTIVATION:
			waiting = (
				"activation of player %d after draw %d, %d actions left"
				% [_rules.get_active_player(), _draws, _rules.get_actions_left()]
			)
		GameRules.PHASE_AWAITING_DRAW:
			if not _rules.get_pending_entropy().is_empty():
				waiting = "nonces of round %d" % _rules.get_round()
	if is_everyone_away():
		waiting = ""  # Nobody is there to wait for: no deadline passes their turns meanwhile.
	if waiting == _waiting_for:
		return
	_waiting_for = waiting
	var limit := _session.turn_deadline
	var timed := waiting != "" and limit > 0.0
	_deadline_at = Time.get_ticks_msec() + int(limit * 1000.0) if timed else 0


# Passes the open activation; in the mulligan, keeps every undecided hand; with player
# entropy, adds [constant RulesSession.DEADLINE_NONCE] for the missing nonces. All are
# ordinary commands, so replays reproduce them.
func _time_out() -> void:
	match _rules.get_phase():
		GameRules.PHASE_ACTIVATION:
			var late := _rules.get_active_player()
			_must(_rules.pass_activation(late), "pass player %d" % late)
			_session.activation_timed_out.emit(late)
		GameRules.PHASE_MULLIGAN:
			for late in _rules.get_living_player_ids():
				if not _rules.get_player_state(late)["kept"]:
					_keep_for(late)
					_session.mulligan_timed_out.emit(late)
		_:
			for late in _rules.get_pending_entropy():
				_add_deadline_nonce(late)
				_session.nonce_timed_out.emit(late)


# Adds the public [constant RulesSession.DEADLINE_NONCE] for [param player_id], whose nonce
# the server decides.
func _add_deadline_nonce(player_id: int) -> void:
	var added := _rules.add_entropy(player_id, RulesSession.DEADLINE_NONCE)
	_must(added, "add the deadline nonce for player %d" % player_id)


# Keeps [param player_id]'s hand, putting its first cards on the bottom, as many as the rules
# ask (the mulligans that count).
func _keep_for(player_id: int) -> void:
	var count: int = _rules.get_player_state(player_id)["cards_to_bottom"]
	var kept := _rules.keep_hand(player_id, PackedInt64Array(range(count)))
	_must(kept, "keep player %d's hand" % player_id)
