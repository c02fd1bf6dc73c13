@icon("res://addons/horizons_edge/icons/session_guest.svg")
class_name RulesSessionGuest
extends RefCounted
## The client side of a [RulesSession]: its seat and rejoin token, the latest snapshot, the event
## log seen so far and the [FairnessAuditor] fed from it. Created by
## [method RulesSession.join_game].

## Events of this client's seat that settle a decision it answered (or that the server settled
## for it at a deadline); a refusal settles it too.
const ANSWERS := ["hand_kept", "mulligan_taken", "activation_ended"]

## The seat the server gave this client (-1 before it did).
var player_id := -1
## Takes the seat back after a disconnect.
var token := ""
## The latest view from the server.
var snapshot := {}
## The actions the server lists as legal for this client now.
var legal_actions := []
## Checks every round's draws.
var auditor := FairnessAuditor.new()
## The newest event seq received.
var last_seq := 0
## With player entropy: the nonce this client added, by round.
var nonces := {}

var _session: RulesSession
var _player_name := ""
## The decision this client answered and the server has not replied to yet ("" if none).
var _answered := ""
## Set by [method close]: nothing more is sent.
var _closed := false


func _init(session: RulesSession, player_name: String, rejoin_token: String) -> void:
	_session = session
	_player_name = player_name
	token = rejoin_token
	auditor.round_verified.connect(
		func(round_number: int, draws: int):
			session.round_audited.emit(round_number, true, "%d draws checked" % draws)
	)
	auditor.round_failed.connect(
		func(round_number: int, reason: String):
			session.round_audited.emit(round_number, false, reason)
	)


## Connected: asks for a seat (its old one with the token), and for every event after the last
## one this client has.
func on_connected() -> void:
	var server := MultiplayerPeer.TARGET_PEER_SERVER
	_session._rpc_hello.rpc_id(server, _player_name, token, last_seq)


## The server seated this client.
func on_welcome(seated_as: int, rejoin_token: String) -> void:
	player_id = seated_as
	token = rejoin_token
	_answered = ""
	_session.joined.emit(player_id)


## The session closed (perhaps from a handler of a signal this guest emits).
func close() -> void:
	_closed = true


## The server refused a request: whatever this client answered may be answered again.
func on_refused() -> void:
	_answered = ""


## This client is answering [param decision] (see [method get_decision]).
func answering(decision: String) -> void:
	_answered = decision


## What the server waits for from this client and it has not answered yet: "mulligan",
## "activation" or "".
func get_decision() -> String:
	if player_id < 0 or snapshot.is_empty() or _answered != "":
		return ""
	if snapshot["phase"]["phase"] == "mulligan":
		for seat: Dictionary in snapshot["players"]:
			if seat["id"] == player_id and not seat["kept"] and not seat["eliminated"]:
				return "mulligan"
		return ""
	return "activation" if not legal_actions.is_empty() else ""


## Takes in the server's update: new events (each once, in order, audited), then the snapshot;
## after a round closes, reports the snapshot's digest so the server can check the two agree.
func on_update(update: Dictionary) -> void:
	var round_closed := false
	for event: Dictionary in update.get("events", []):
		if event["seq"] <= last_seq:
			continue
		last_seq = event["seq"]
		auditor.observe(event)
		_check_own_nonce(event)
		if event.get("player") == player_id and event["type"] in ANSWERS:
			_answered = ""
		round_closed = round_closed or event["type"] == "round_ended"
		_session.event_received.emit(event)
	snapshot = update["snapshot"]
	legal_actions = update.get("legal_actions", [])
	_add_entropy_if_due()
	_session.snapshot_received.emit(snapshot)
	if round_closed and not _closed:
		var server := MultiplayerPeer.TARGET_PEER_SERVER
		_session._rpc_checkpoint.rpc_id(server, snapshot["seq"], RulesSession.digest(snapshot))


## Adds [param nonce] (empty: 32 fresh random bytes from this machine, which the server cannot
## predict) to the current round's shuffle, once per round.
func add_entropy(nonce := "") -> void:
	var round_number: int = snapshot.get("round", 0)
	if nonces.has(round_number):
		return
	if nonce == "":
		nonce = Crypto.new().generate_random_bytes(32).hex_encode()
	nonces[round_number] = nonce
	_session.send_request({"command": "entropy", "player_id": player_id, "nonce": nonce})


## With player entropy and [member RulesSession.auto_entropy], the nonce each round's first draw
## waits for.
func _add_entropy_if_due() -> void:
	if _session.auto_entropy and player_id in snapshot["awaiting_entropy"]:
		add_entropy()


## A round whose log shows another nonce for this client than it sent fails its audit.
func _check_own_nonce(event: Dictionary) -> void:
	if event["type"] != "entropy_added" or event["player"] != player_id:
		return
	var sent: String = nonces.get(event["round"], event["nonce"])
	if sent != event["nonce"]:
		_session.round_audited.emit(event["round"], false, "the server changed this client's nonce")
