@icon("res://addons/horizons_edge/icons/session_host.svg")
class_name RulesSessionHost
extends RefCounted
## The server side of a [RulesSession]: seats and rejoin tokens, request checks, server-side
## draws, per-viewer updates, reconnect policy and deadlines. Created by
## [method RulesSession.host_game].[br][br]
## Everything a peer sends is untrusted. Each message costs the peer one token of a bucket of
## [constant BURST] refilled at [constant RATE_PER_SEC] a second, given back when the message
## moves the game on (a request applied, a seat taken, a checkpoint checked: all bounded by the
## game itself), so honest play never runs dry however fast it is. A message without a token is
## dropped unread, and a peer that keeps sending runs into debt and is disconnected when the debt
## reaches [constant FLOOD_DEBT]. Refusals sent back have their own smaller bucket, so a flood is
## never reflected one for one. Every field is type- and size-checked before use, and refusal
## messages never echo what was sent.[br][br]
## A table of a [RulesServer] also has spectators (peers the server let watch: they get the
## public view) and a [RulesTableJournal]: everything a peer is told is recorded on disk
## first.[br][br] Its parts, beside it: [code]request_checks.gd[/code] (the checks of what peers
## send), [code]host_peers.gd[/code] (each peer's limits, refusals and disconnects),
## [code]table_flow.gd[/code] (requests applied, draws, passes and deadlines) and
## [code]token_bucket.gd[/code] ([code]RulesSessionHost.Bucket[/code]).

## A peer's hello was refused a seat (a full table, a token nobody holds, a seat taken back too
## often) or a watch (its catch-up over [member catch_up_limit]): a [RulesServer]'s lobby
## forgets that the peer joined this table, so it may join or watch it again.
signal seat_refused(peer_id: int)

## A token bucket (see [code]token_bucket.gd[/code]): every limit here and in [RulesServerLobby].
const Bucket := preload("token_bucket.gd")
## The parts of a host: the checks of what peers send, the peers and their limits, and how the
## table moves on.
const RequestChecks := preload("request_checks.gd")
## The peers, their limits, refusals and disconnects ([code]host_peers.gd[/code]).
const HostPeers := preload("host_peers.gd")
## How the table moves on ([code]table_flow.gd[/code]).
const TableFlow := preload("table_flow.gd")

## Why a request from a peer without a seat is refused.
const NOT_SEATED := "this peer holds no seat"
## Why a spectator is not sent the events it asked for now (see [member catch_up_limit]).
const CATCH_UP_LATER := "catching up counts against the bytes this address may draw; watch later"
## Why a hello is refused when its fields are not what [method RequestChecks.is_hello] takes
## (with the longest name).
const HELLO_FIELDS := "a hello is a name (String of up to %d characters), a token and a seq"
## Messages (hello, request, checkpoint) a peer may send at once...
const BURST := HostPeers.BURST
## ... and per second after that.
const RATE_PER_SEC := HostPeers.RATE_PER_SEC
## Messages over the rate after which the peer is disconnected (the debt drains at the rate).
const FLOOD_DEBT := HostPeers.FLOOD_DEBT
## Refusals sent to one peer at once, and per second after that; the rest are only counted.
const REFUSAL_BURST := HostPeers.REFUSAL_BURST
## ... and per second after that.
const REFUSALS_PER_SEC := HostPeers.REFUSALS_PER_SEC
## Times a seat may be taken back with its token at once, and per second after that.
const REJOIN_BURST := 3.0
## ... and per second after that.
const REJOINS_PER_SEC := 0.1
## A connected peer that has not taken a seat by then is disconnected.
const HELLO_TIMEOUT_MSEC := HostPeers.HELLO_TIMEOUT_MSEC
## At most this many peers wait without a seat on a connection of the table's own (see
## [method on_peer_connected]).
const MAX_WAITING := HostPeers.MAX_WAITING
## The longest player name a hello may carry.
const MAX_NAME_LENGTH := RequestChecks.MAX_NAME_LENGTH
## A rejoin token is this many random bytes...
const TOKEN_BYTES := 16
## ... written as this many hex digits.
const TOKEN_LENGTH := RequestChecks.TOKEN_LENGTH
## A nonce is this many hex digits (32 bytes).
const NONCE_LENGTH := TableFlow.NONCE_LENGTH
## The largest request accepted: containers nested this deep...
const MAX_REQUEST_DEPTH := RequestChecks.MAX_REQUEST_DEPTH
## ... this many values in all (keys, elements, packed elements)...
const MAX_REQUEST_ITEMS := RequestChecks.MAX_REQUEST_ITEMS
## ... and no String or StringName longer than this.
const MAX_STRING_LENGTH := RequestChecks.MAX_STRING_LENGTH
## Checkpoints kept per player waiting for that client's digest (older ones are forgotten).
const MAX_OPEN_CHECKPOINTS := 4
## Value types a request may hold; objects, callables, signals and RIDs are refused.
const REFUSED_TYPES := RequestChecks.REFUSED_TYPES

## Where the table is recorded before any peer is told anything (null: nowhere).
var journal: RulesTableJournal
## Whether the peers' connections are this table's alone (a single-table [RulesSession]): then
## it disconnects peers that take no seat in time or are refused one. A [RulesServer]'s tables
## share each peer's connection with the lobby and the other tables: there a refused seat is
## refused only, and the server disconnects silent peers.
var owns_connection := true
## Set by a [RulesServer]: called as [code]limit(peer_id, bytes)[/code] before a spectator is
## sent the events it asked for (its catch-up, the whole log for a hello from the start), first
## with 0 bytes (before the update is built) and then with its size; false refuses the watch
## for now ([signal seat_refused]: the peer may ask to watch again later). Unset, every catch-up
## goes.
var catch_up_limit := Callable()

var _session: RulesSession
var _rules: GameRules
# Set when [member journal] could not record the game: the table tells nobody anything more.
var _halted := false
# The newest event seq sent to the spectators.
var _spectators_seq := 0
# Peers the server lets watch (see [method add_spectator]) -> whether they said hello.
var _spectators := {}
# player_id -> {"token", "peer" (0 while away), "away_since" (msec), "passing", "gone",
# "rejoins" (a [RulesSessionHost.Bucket])}.
var _seats := {}
# peer_id -> player_id.
var _seat_of_peer := {}
# The peers, their limits and refusals.
var _peers: HostPeers
# Requests, draws, passes and deadlines.
var _flow: TableFlow
# player_id -> the newest event seq that player's client has.
var _sent_seq := {}
# player_id -> {snapshot seq: {"round", "digest"}} for updates that closed a round and whose
# digest has not come yet; each is checked once.
var _checkpoints := {}
# What peers made this server do; see [method RulesSession.get_host_stats].
var _stats := {
	"messages": 0,
	"applied": 0,
	"refused": 0,
	"refusals_sent": 0,
	"dropped": 0,
	"kicked": 0,
	"checkpoints_checked": 0,
	"checkpoints_ignored": 0,
	"resent": 0,
	"changed_on_refusal": 0,
}


## [param player_name] as a name to show: control characters (line breaks, tabs, ...) left out,
## spaces trimmed, at most [constant MAX_NAME_LENGTH] characters; "" when nothing is left, and
## the seat keeps its name.
static func display_name(player_name: String) -> String:
	return RequestChecks.display_name(player_name)


## Whether [param value] is within [constant MAX_REQUEST_DEPTH], [constant MAX_REQUEST_ITEMS]
## and [constant MAX_STRING_LENGTH] and holds none of [constant REFUSED_TYPES]. Walks without
## recursion and stops at the first limit, so its cost is bounded whatever arrives.
static func is_small(value: Variant) -> bool:
	return RequestChecks.is_small(value)


## Disconnects [param peer_id] from [param api]'s peer once what was already sent to it (a
## refusal saying why) has arrived: on ENet, a peer disconnected at once loses what is still on
## its way, and a client drops what came with the disconnect. Meanwhile what the peer sends is
## dropped unread by the caller; a peer that never acknowledges is dropped by ENet's timeout.
## Nothing happens for a peer that is gone already.
static func disconnect_peer(api: MultiplayerAPI, peer_id: int) -> void:
	HostPeers.disconnect_peer(api, peer_id)


func _init(session: RulesSession, rules: GameRules) -> void:
	_session = session
	_rules = rules
	for player_id in rules.get_player_ids():
		_seats[player_id] = {
			"token": "",
			"peer": 0,
			"away_since": 0,
			"passing": false,
			"gone": false,
			"rejoins": Bucket.new(REJOIN_BURST, REJOINS_PER_SEC),
		}
	_peers = HostPeers.new(session, _stats)
	# What the rules logged before (a table resumed from its journal) is no change to send: each
	# client gets it when it is seated.
	_spectators_seq = rules.get_last_event_seq()
	_flow = TableFlow.new(session, rules, _seats)


## What peers made this server do so far (a copy).
func get_stats() -> Dictionary:
	return _stats.duplicate()


## Each seat's rejoin token (player_id -> token, "" for a seat never taken).
func get_tokens() -> Dictionary:
	var tokens := {}
	for player_id in _seats:
		tokens[player_id] = _seats[player_id]["token"]
	return tokens


## Gives the seats back their tokens (a table resumed from its journal): each seat is away from
## now on, and waits [member RulesSession.reconnect_timeout] for its player.
func restore_tokens(tokens: Dictionary) -> void:
	for player_id in tokens:
		if _seats.has(player_id):
			_seats[player_id]["token"] = tokens[player_id]
			_seats[player_id]["away_since"] = Time.get_ticks_msec()
			_seats[player_id]["gone"] = player_id not in _rules.get_living_player_ids()


## Lets [param peer_id] watch: its hello is answered with the public view (see
## [constant GameRules.SPECTATOR]) and every event anyone may see.
func add_spectator(peer_id: int) -> void:
	_spectators[peer_id] = false


## How many peers watch, or may (see [method add_spectator]).
func get_spectator_count() -> int:
	return _spectators.size()


## Whether [param peer_id] holds a seat or watches the table (its hello taken), not only asked
## the lobby to.
func is_present(peer_id: int) -> bool:
	return _seat_of_peer.has(peer_id) or _spectators.get(peer_id, false)


## Whether [member journal] failed and the table stopped.
func is_halted() -> bool:
	return _halted


## A peer connected: it has [constant HELLO_TIMEOUT_MSEC] to ask for a seat; on a connection of
## its own ([member owns_connection]), the peer that has waited longest for one goes if more
## than [constant MAX_WAITING] wait.
func on_peer_connected(peer_id: int) -> void:
	_peers.record(peer_id)
	if owns_connection:
		_peers.evict_waiting(_seat_of_peer)


## A peer dropped: its seat waits [member RulesSession.reconnect_timeout] seconds.
func on_peer_disconnected(peer_id: int) -> void:
	_peers.forget(peer_id)
	_spectators.erase(peer_id)
	if not _seat_of_peer.has(peer_id):
		return
	var player_id: int = _seat_of_peer[peer_id]
	_seat_of_peer.erase(peer_id)
	_seats[player_id]["peer"] = 0
	_seats[player_id]["away_since"] = Time.get_ticks_msec()
	_session.peer_left.emit(player_id)


## A client asks for a seat: a free one, or with [param rejoin_token] the one it held (a stale
## connection still holding that seat, e.g. of a killed process, is dropped). A token nobody
## holds, a full table or a seat taken back too often is refused, and disconnects the peer from a
## table that owns its connection ([member owns_connection]).
func on_hello(
	peer_id: int, player_name: Variant, rejoin_token: Variant, since_seq: Variant
) -> void:
	if not _peers.admit(peer_id):
		return
	if not has_rules():
		_peers.refuse(peer_id, "this table stopped")
		return
	if _seat_of_peer.has(peer_id) or _spectators.get(peer_id, false):
		_peers.refuse(peer_id, "this peer already holds a seat")
		return
	if not RequestChecks.is_hello(player_name, rejoin_token, since_seq):
		_peers.refuse(peer_id, HELLO_FIELDS % RequestChecks.MAX_NAME_LENGTH)
		return
	if _spectators.has(peer_id):
		_watch(peer_id, clampi(since_seq, 0, _rules.get_last_event_seq()))
		return
	var player_id := _seat_for(rejoin_token)
	var refusal := ""
	if player_id < 0:
		refusal = "no seat for this client: the table is full or the token is unknown"
	elif rejoin_token != "" and not _seats[player_id]["rejoins"].take():
		refusal = "this seat was taken back too often; try again later"
	if refusal != "":
		_peers.refuse(peer_id, refusal)
		if owns_connection:
			_peers.kick(peer_id, refusal)
		seat_refused.emit(peer_id)
		return
	_peers.give_back(peer_id)
	var shown := display_name(player_name)
	if shown != "" and shown != _rules.get_player_state(player_id).get("name"):
		_rules.rename_player(player_id, shown)
	_seat(peer_id, player_id, clampi(since_seq, 0, _rules.get_last_event_seq()))
	print_verbose("RulesSession: %s seated as player %d" % [shown, player_id])


## A client's request: refused unless it is well-formed, small, for the peer's own seat, and
## the rules accept it.
func on_request(peer_id: int, request: Variant) -> void:
	if not _peers.admit(peer_id):
		return
	var player_id: int = _seat_of_peer.get(peer_id, -1)
	if player_id < 0 or _halted or not has_rules():
		_peers.refuse(peer_id, NOT_SEATED if player_id < 0 else "this table stopped")
		return
	if typeof(request) != TYPE_DICTIONARY or not is_small(request):
		_peers.refuse(peer_id, "a request is a small Dictionary of plain values")
		return
	if not RequestChecks.is_readable(request):
		_peers.refuse(peer_id, "a request holds only finite numbers and keys written once")
		return
	var claimed: Variant = request.get("player_id")
	if typeof(claimed) != TYPE_INT or claimed != player_id:
		_peers.refuse(
			peer_id, "this peer holds player %d's seat and may ask only for it" % player_id
		)
		return
	var before := _rules.get_state_hash()
	var error := _flow.apply(player_id, request)
	if error != "":
		if _rules.get_state_hash() != before:
			_stats["changed_on_refusal"] += 1
			push_error("RulesSession: a refused request changed the game: %s" % error)
		_peers.refuse(peer_id, error)
		return
	_stats["applied"] += 1
	_peers.give_back(peer_id)
	_flow.advance()
	_broadcast()


## A client's digest of its state after a round, compared with the server's view for it. Only a
## seq the server recorded for that player counts, once; a mismatch is answered with one fresh
## snapshot, anything else with nothing.
func on_checkpoint(peer_id: int, seq: Variant, snapshot_digest: Variant) -> void:
	if not _peers.admit(peer_id) or not has_rules():
		return
	var player_id: int = _seat_of_peer.get(peer_id, -1)
	var open: Dictionary = _checkpoints.get(player_id, {})
	if typeof(seq) != TYPE_INT or typeof(snapshot_digest) != TYPE_STRING or not open.has(seq):
		_stats["checkpoints_ignored"] += 1
		return
	var expected: Dictionary = open[seq]
	open.erase(seq)
	_stats["checkpoints_checked"] += 1
	_peers.give_back(peer_id)
	var in_sync: bool = expected["digest"] == snapshot_digest
	_session.checkpoint_checked.emit(player_id, expected["round"], in_sync)
	if not in_sync:
		_stats["resent"] += 1
		_send(player_id, peer_id, _rules.get_snapshot_for(player_id), [])


## Decides for the seats the game waited on past the deadline, applies the reconnect policy to
## seats that waited too long, disconnects peers that never asked for a seat, and sends what the
## host's own script did to the rules since the last update (an elimination, an undo, the end of
## the game), moving the game on from there.
func tick(now_msec: int) -> void:
	if owns_connection:
		_peers.kick_silent(now_msec, _seat_of_peer)
	if _halted:
		return
	var unsent := _rules.get_last_event_seq() != _spectators_seq
	if _rules.get_phase() == GameRules.PHASE_GAME_OVER:
		if unsent:
			_broadcast()
		return
	var changed := _flow.run_deadline(now_msec)
	if _apply_reconnect_policy(now_msec):
		changed = true
	if changed or unsent:
		_flow.advance()
		_broadcast()


## Whether the game it hosts still exists (its [GameRules] was not freed).
func has_rules() -> bool:
	return is_instance_valid(_rules)


## Whether a player still in the game is connected now (their seat taken and its peer not
## gone); an eliminated player watching on does not count.
func has_seated_peer() -> bool:
	var living := _rules.get_living_player_ids()
	return _seats.keys().any(
		func(player_id: int) -> bool: return _seats[player_id]["peer"] != 0 and player_id in living
	)


## Whether the game waits for everyone still in it: each is away past the reconnect timeout
## (their seats passed), so nothing happens until one comes back.
func is_abandoned() -> bool:
	return _flow.is_everyone_away()


# Applies [member RulesSession.reconnect_policy] to the seats away for
# [member RulesSession.reconnect_timeout] by [param now_msec]; whether any changed. Only once the
# game has started: before, a seat left waits for its player (its token takes it back), and
# the policy applies as soon as the game starts without them.
func _apply_reconnect_policy(now_msec: int) -> bool:
	if _rules.get_phase() == GameRules.PHASE_SETUP:
		return false
	var changed := false
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
				_flow.eliminate(player_id)
		else:
			seat["passing"] = true
	return changed


# Seats [param peer_id] as [param player_id], sending every event after [param since_seq].
func _seat(peer_id: int, player_id: int, since_seq: int) -> void:
	var seat: Dictionary = _seats[player_id]
	if seat["peer"] != 0:
		_seat_of_peer.erase(seat["peer"])
		HostPeers.disconnect_peer(_session.multiplayer, seat["peer"])
	if seat["token"] == "":
		seat["token"] = Crypto.new().generate_random_bytes(TOKEN_BYTES).hex_encode()
	seat["peer"] = peer_id
	seat["passing"] = false
	_seat_of_peer[peer_id] = player_id
	_sent_seq[player_id] = since_seq
	if not _record():
		return
	_session._rpc_welcome.rpc_id(peer_id, player_id, seat["token"])
	_session.peer_seated.emit(player_id, peer_id)
	if _rules.get_phase() == GameRules.PHASE_SETUP and _all_seated():
		_flow.start()
	_flow.advance()
	_broadcast()


# Welcomes the spectator [param peer_id] and sends it every public event after
# [param since_seq].
func _watch(peer_id: int, since_seq: int) -> void:
	# Asked first with nothing to take: a refused watch does not cost the server the update.
	var limited := catch_up_limit.is_valid()
	if limited and not catch_up_limit.call(peer_id, 0):
		_refuse_watch(peer_id)
		return
	var update := _spectator_update(since_seq)
	if limited and not catch_up_limit.call(peer_id, var_to_bytes(update).size()):
		_refuse_watch(peer_id)
		return
	_spectators[peer_id] = true
	_peers.give_back(peer_id)
	_session._rpc_welcome.rpc_id(peer_id, GameRules.SPECTATOR, "")
	_send_spectator(peer_id, update)


# Refuses [param peer_id] the watch it asked for, for now: it may ask again later.
func _refuse_watch(peer_id: int) -> void:
	_spectators.erase(peer_id)
	_peers.refuse(peer_id, CATCH_UP_LATER)
	seat_refused.emit(peer_id)


# The public view and every public event after [param since_seq]: built once per broadcast and
# sent to every spectator alike.
func _spectator_update(since_seq: int) -> Dictionary:
	return {
		"snapshot": _rules.get_snapshot_for(GameRules.SPECTATOR),
		"events": _rules.get_events_for(GameRules.SPECTATOR, since_seq),
		"legal_actions": [],
	}


func _send_spectator(peer_id: int, update: Dictionary) -> void:
	_session.update_sent.emit(GameRules.SPECTATOR, update)
	_session._rpc_update.rpc_id(peer_id, update)


# Records the game in [member journal] (if any) before anyone is told of it; false, and the
# table halted with an error logged, if it could not be recorded.
func _record() -> bool:
	if _halted:
		return false
	if journal and journal.append(_rules, get_tokens()) != OK:
		_halted = true
		push_error("RulesSession: table %s stopped: its journal cannot be written" % journal.code)
	return not _halted


# Sends every connected client what it has not seen yet (once it is recorded).
func _broadcast() -> void:
	var spectators_seq := _spectators_seq
	_spectators_seq = _rules.get_last_event_seq()
	if not _record():
		return
	var watching := _spectators.keys().filter(
		func(peer_id: int) -> bool: return _spectators[peer_id]
	)
	if not watching.is_empty():
		var update := _spectator_update(spectators_seq)
		for peer_id: int in watching:
			_send_spectator(peer_id, update)
	for peer_id in _seat_of_peer:
		if _peers.is_kicked(peer_id):
			continue
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
		_open_checkpoint(player_id, snapshot, ended.back()["round"])
	_sent_seq[player_id] = snapshot["seq"]
	_session.update_sent.emit(player_id, update)
	_session._rpc_update.rpc_id(peer_id, update)


# Records the digest [param player_id]'s client must report for [param snapshot], forgetting
# the oldest beyond [constant MAX_OPEN_CHECKPOINTS].
func _open_checkpoint(player_id: int, snapshot: Dictionary, round_number: int) -> void:
	if not _checkpoints.has(player_id):
		_checkpoints[player_id] = {}
	var open: Dictionary = _checkpoints[player_id]
	open[snapshot["seq"]] = {"round": round_number, "digest": RulesSession.digest(snapshot)}
	while open.size() > MAX_OPEN_CHECKPOINTS:
		open.erase(open.keys().min())


# The seat for [param rejoin_token]: its own seat if known, a free one if empty, else -1.
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
