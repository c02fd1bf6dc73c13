class_name SessionHost
extends RefCounted
## The server side of a [RulesSession]: seats and rejoin tokens, request checks, server-side
## draws, per-viewer updates, reconnect policy and turn deadlines. Created by
## [method RulesSession.host_game].

## Why a request from a peer without a seat is refused.
const NOT_SEATED := "this peer holds no seat"

var _session: RulesSession
var _rules: GameRules
## player_id -> {"token", "peer" (0 while away), "away_since" (msec), "passing", "gone"}.
var _seats := {}
## peer_id -> player_id.
var _seat_of_peer := {}
## player_id -> the newest event seq that player's client has.
var _sent_seq := {}
## player_id -> {snapshot seq: digest} for the updates that closed a round.
var _checkpoints := {}
## When the server passes the open activation or adds the missing nonces (msec; 0: no deadline).
var _deadline_at := 0
## What the deadline runs for ("" when the game waits for nothing timed).
var _waiting_for := ""


func _init(session: RulesSession, rules: GameRules) -> void:
	_session = session
	_rules = rules
	for player_id in rules.get_player_ids():
		_seats[player_id] = {
			"token": "", "peer": 0, "away_since": 0, "passing": false, "gone": false
		}


## A peer dropped: its seat waits [member RulesSession.reconnect_timeout] seconds.
func on_peer_disconnected(peer_id: int) -> void:
	if not _seat_of_peer.has(peer_id):
		return
	var player_id: int = _seat_of_peer[peer_id]
	_seat_of_peer.erase(peer_id)
	_seats[player_id]["peer"] = 0
	_seats[player_id]["away_since"] = Time.get_ticks_msec()
	_session.peer_left.emit(player_id)


## A client asks for a seat: a free one, or with [param rejoin_token] the one it held (a stale
## connection still holding that seat, e.g. of a killed process, is dropped).
func on_hello(peer_id: int, player_name: String, rejoin_token: String, since_seq: int) -> void:
	if _seat_of_peer.has(peer_id):
		_refuse(peer_id, "this peer already holds a seat")
		return
	var player_id := _seat_for(rejoin_token)
	if player_id < 0:
		_refuse(peer_id, "no seat for this client: the table is full or the token is unknown")
		_session.multiplayer.multiplayer_peer.disconnect_peer(peer_id)
		return
	var seat: Dictionary = _seats[player_id]
	if seat["peer"] != 0:
		_seat_of_peer.erase(seat["peer"])
		_session.multiplayer.multiplayer_peer.disconnect_peer(seat["peer"])
	if seat["token"] == "":
		seat["token"] = Crypto.new().generate_random_bytes(16).hex_encode()
	seat["peer"] = peer_id
	seat["passing"] = false
	_seat_of_peer[peer_id] = player_id
	_sent_seq[player_id] = maxi(since_seq, 0)
	print_verbose("RulesSession: %s seated as player %d" % [player_name, player_id])
	_session._rpc_welcome.rpc_id(peer_id, player_id, seat["token"])
	_session.peer_seated.emit(player_id, peer_id)
	if _rules.get_phase() == GameRules.PHASE_SETUP and _all_seated():
		_rules.start_game()
	_advance()
	_broadcast()


## A client's request: refused unless it is for the peer's own seat and the rules accept it.
func on_request(peer_id: int, request: Dictionary) -> void:
	var player_id: int = _seat_of_peer.get(peer_id, -1)
	if player_id < 0:
		_refuse(peer_id, NOT_SEATED)
		return
	var claimed = request.get("player_id")
	if typeof(claimed) != TYPE_INT or claimed != player_id:
		_refuse(peer_id, "this peer holds player %d's seat, not %s's" % [player_id, claimed])
		return
	var error := _apply(player_id, request)
	if error != "":
		_refuse(peer_id, error)
		return
	_advance()
	_broadcast()


## A client's digest of its state after a round, compared with the server's view for it.
func on_checkpoint(peer_id: int, seq: int, snapshot_digest: String) -> void:
	var player_id: int = _seat_of_peer.get(peer_id, -1)
	if player_id < 0:
		return
	var expected: Dictionary = _checkpoints.get(player_id, {}).get(seq, {"round": -1})
	var in_sync: bool = expected.get("digest", "") == snapshot_digest
	_session.checkpoint_checked.emit(player_id, expected["round"], in_sync)
	if not in_sync:
		_send(player_id, peer_id, _rules.get_snapshot_for(player_id), [])


## Passes activations whose deadline ran out and applies the reconnect policy to seats that
## waited too long.
func tick(now_msec: int) -> void:
	if _rules.get_phase() == GameRules.PHASE_GAME_OVER:
		return
	var changed := false
	if _deadline_at > 0 and now_msec >= _deadline_at:
		_deadline_at = 0
		_time_out()
		changed = true
	var timeout_msec := int(_session.reconnect_timeout * 1000.0)
	for player_id in _seats:
		var seat: Dictionary = _seats[player_id]
		if seat["peer"] != 0 or seat["passing"] or seat["gone"] or seat["token"] == "":
			continue
		if now_msec - int(seat["away_since"]) < timeout_msec:
			continue
		changed = true
		if _session.reconnect_policy == RulesSession.ReconnectPolicy.ELIMINATE:
			seat["gone"] = true
			if player_id in _rules.get_living_player_ids():
				_rules.eliminate_player(player_id)
		else:
			seat["passing"] = true
	if changed:
		_advance()
		_broadcast()


## The open activation is passed, or the missing nonces are added from the bot stream.
func _time_out() -> void:
	if _rules.get_phase() == GameRules.PHASE_ACTIVATION:
		var late := _rules.get_active_player()
		_rules.pass_activation(late)
		_session.activation_timed_out.emit(late)
		return
	for late in _rules.get_pending_entropy():
		_rules.bot_decide(late)
		_session.nonce_timed_out.emit(late)


## Applies a checked request; returns why the rules refused it, or "".
func _apply(player_id: int, request: Dictionary) -> String:
	var error := OK
	match request.get("command"):
		"act":
			return _act(player_id, request.get("action"))
		"keep":
			var bottom = request.get("bottom", [])
			if typeof(bottom) != TYPE_ARRAY or bottom.any(func(i): return typeof(i) != TYPE_INT):
				return "bottom must be an Array of hand indices"
			error = _rules.keep_hand(player_id, PackedInt64Array(bottom))
		"mulligan":
			error = _rules.take_mulligan(player_id)
		"entropy":
			var nonce = request.get("nonce")
			if typeof(nonce) != TYPE_STRING:
				return "an entropy request needs a nonce String"
			error = _rules.add_entropy(player_id, nonce)
		_:
			return "unknown command %s" % request.get("command")
	return _refusal_of(error)


## Applies an action request; returns why it was refused, or "".
func _act(player_id: int, action: Variant) -> String:
	if typeof(action) != TYPE_DICTIONARY:
		return "an act request needs an action Dictionary"
	if _rules.get_phase() != GameRules.PHASE_ACTIVATION:
		return "no activation is open"
	if _rules.get_active_player() != player_id:
		return "it is player %d's activation" % _rules.get_active_player()
	return _refusal_of(_rules.perform_action(player_id, action))


func _refusal_of(error: Error) -> String:
	return "" if error == OK else "refused by the rules: %s" % error_string(error)


## Draws tokens while one is due (once every nonce is in, with player entropy), decides for seats
## whose turns are being passed (a pass, a bot's keep during the mulligan, a nonce from the
## game's bot stream), and starts the deadline of an open activation.
func _advance() -> void:
	if _rules.get_phase() == GameRules.PHASE_MULLIGAN:
		for player_id in _seats:
			if _seats[player_id]["passing"] and not _rules.get_player_state(player_id)["kept"]:
				_rules.bot_decide(player_id)
	while _rules.get_phase() in [GameRules.PHASE_AWAITING_DRAW, GameRules.PHASE_ACTIVATION]:
		if _rules.get_phase() == GameRules.PHASE_AWAITING_DRAW:
			for player_id in _rules.get_pending_entropy():
				if _seats[player_id]["passing"]:
					_rules.bot_decide(player_id)
			if not _rules.get_pending_entropy().is_empty():
				break  # The clients' nonces come first.
			_rules.draw_next_token()
			continue
		var active := _rules.get_active_player()
		if not _seats[active]["passing"]:
			break
		_rules.pass_activation(active)
	_restart_deadline()


## Starts [member RulesSession.turn_deadline] for what the game now waits for — an activation, or
## the round's nonces — unless it already runs for that.
func _restart_deadline() -> void:
	var waiting := ""
	if _rules.get_phase() == GameRules.PHASE_ACTIVATION:
		waiting = "activation after event %d" % _rules.get_last_event_seq()
	elif not _rules.get_pending_entropy().is_empty():
		waiting = "nonces of round %d" % _rules.get_round()
	if waiting == _waiting_for:
		return
	_waiting_for = waiting
	var limit := _session.turn_deadline
	var timed := waiting != "" and limit > 0.0
	_deadline_at = Time.get_ticks_msec() + int(limit * 1000.0) if timed else 0


## Sends every connected client what it has not seen yet.
func _broadcast() -> void:
	for peer_id in _seat_of_peer:
		var player_id: int = _seat_of_peer[peer_id]
		var events := _rules.get_events_for(player_id, _sent_seq[player_id])
		_send(player_id, peer_id, _rules.get_snapshot_for(player_id), events)


func _send(player_id: int, peer_id: int, snapshot: Dictionary, events: Array) -> void:
	var is_active: bool = (
		_rules.get_phase() == GameRules.PHASE_ACTIVATION and _rules.get_active_player() == player_id
	)
	var update := {
		"snapshot": snapshot,
		"events": events,
		"legal_actions": _rules.legal_actions(player_id) if is_active else [],
	}
	var ended := events.filter(func(event): return event["type"] == "round_ended")
	if not ended.is_empty():
		if not _checkpoints.has(player_id):
			_checkpoints[player_id] = {}
		_checkpoints[player_id][snapshot["seq"]] = {
			"round": ended.back()["round"], "digest": RulesSession.digest(snapshot)
		}
	_sent_seq[player_id] = snapshot["seq"]
	_session.update_sent.emit(player_id, update)
	_session._rpc_update.rpc_id(peer_id, update)


func _refuse(peer_id: int, reason: String) -> void:
	_session.request_rejected.emit(peer_id, reason)
	_session._rpc_refused.rpc_id(peer_id, reason)


## The seat for [param rejoin_token]: its own seat if known, a free one if empty, else -1.
func _seat_for(rejoin_token: String) -> int:
	for player_id in _seats:
		var seat: Dictionary = _seats[player_id]
		if rejoin_token == "" and seat["token"] == "":
			return player_id
		if rejoin_token != "" and seat["token"] == rejoin_token:
			return -1 if seat["gone"] else player_id
	return -1


func _all_seated() -> bool:
	return _seats.values().all(func(seat): return seat["token"] != "")
