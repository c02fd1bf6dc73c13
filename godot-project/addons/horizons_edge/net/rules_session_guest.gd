@icon("res://addons/horizons_edge/icons/session_guest.svg")
class_name RulesSessionGuest
extends RefCounted
## The client side of a [RulesSession]: its seat and rejoin token, the latest snapshot, the event
## log seen so far and the [FairnessAuditor] fed from it. Created by
## [method RulesSession.join_game].

## The checks of what a peer sends (see [code]request_checks.gd[/code]).
const RequestChecks := preload("request_checks.gd")
## What the log says of the game, to hold the server's snapshots to.
const LogView := preload("log_view.gd")
## Events of this client's seat that settle a decision it answered (or that the server settled
## for it at a deadline), or open a new one for it (the second action of a double-action token, an
## undone action, its next activation); a refusal settles it too.
const ANSWERS := [
	"hand_kept",
	"mulligan_taken",
	"activation_ended",
	"extra_action",
	"action_undone",
	"turn_changed",
]
## The type each field of a snapshot the guest reads must have.
const SNAPSHOT_FIELDS := {
	"phase": TYPE_DICTIONARY,
	"awaiting_entropy": TYPE_ARRAY,
	"round": TYPE_INT,
	"seq": TYPE_INT,
}
## The type each field of a seat in a snapshot the guest reads (in the mulligan) must have.
const SEAT_FIELDS := {"id": TYPE_INT, "kept": TYPE_BOOL, "eliminated": TYPE_BOOL}
## The type each field of an event the guest reads must have, by event type ("" for every event).
const EVENT_FIELDS := {
	"": {"seq": TYPE_INT, "type": TYPE_STRING},
	"entropy_added": {"round": TYPE_INT, "player": TYPE_INT, "nonce": TYPE_STRING},
	"round_committed": {"round": TYPE_INT, "entropy": TYPE_BOOL},
	"round_revealed": {"round": TYPE_INT},
	"token_drawn": {"round": TYPE_INT},
}
## Why a round fails whose log has [constant RulesSession.DEADLINE_NONCE] where this client sent
## its own.
const REPLACED_BY_DEADLINE := (
	"the server logged the deadline nonce for the one this client sent"
	+ " (too late, or thrown away: this client cannot tell)"
)

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
## The newest event seq received (and accepted: an event that fails its checks is not counted).
var last_seq := 0
## With player entropy: the nonce this client added, by round.
var nonces := {}

var _session: RulesSession
var _player_name := ""
# The decision this client answered and the server has not replied to yet ("" if none).
var _answered := ""
# Set by [method close]: nothing more is sent.
var _closed := false
# Rounds in which a snapshot listed this seat in [code]awaiting_entropy[/code]: the server asked
# for this client's nonce (and may add one of its own at the deadline if none came).
var _asked_rounds := {}
# Rounds whose log shows an [code]entropy_added[/code] for this seat.
var _nonce_logged := {}
# Whether this client said hello with a rejoin token: the first update after the welcome then
# holds the log from before this guest existed, whose nonces it cannot know.
var _rejoining := false
# Set by a welcome after a hello with a token; the next update is that history.
var _catching_up := false
# What the log says of the game, to hold each snapshot to; the nonce checks go by the round it is
# in, not by the round an event is labelled with.
var _log_view := LogView.new()
# Set by a hello, cleared by the welcome that answers it: a welcome the client did not ask for
# (it could make the next live update pass as history, or move the client to another seat) is
# dropped.
var _hello_pending := false
# Set by [method reopen]: a nonce sent before the connection was lost may never have arrived, and
# the first update after the welcome tells (its snapshot still awaits this seat's).
var _resend_nonce := false


## What is wrong with an update from the server ("" if nothing): a [code]snapshot[/code]
## Dictionary with every field the guest reads of the right type (the seats' in the mulligan),
## [code]events[/code] and [code]legal_actions[/code] Arrays (each may be left out). The events
## are checked one by one ([method event_problem]).
static func update_problem(update: Dictionary) -> String:
	if typeof(update.get("events", [])) != TYPE_ARRAY:
		return "events is not an Array"
	var legal: Variant = update.get("legal_actions", [])
	if typeof(legal) != TYPE_ARRAY:
		return "legal_actions is not an Array"
	for action: Variant in legal:
		if typeof(action) != TYPE_DICTIONARY:
			return "legal_actions holds %s, not an action Dictionary" % type_string(typeof(action))
	var view: Variant = update.get("snapshot")
	if typeof(view) != TYPE_DICTIONARY:
		return "snapshot is not a Dictionary"
	var problem := fields_problem("snapshot", view, SNAPSHOT_FIELDS)
	if problem != "":
		return problem
	problem = fields_problem("snapshot phase", view["phase"], {"phase": TYPE_STRING})
	if problem != "" or view["phase"]["phase"] != "mulligan":
		return problem
	if typeof(view.get("players")) != TYPE_ARRAY:
		return "snapshot of the mulligan: players is not an Array"
	for seat: Variant in view["players"]:
		if typeof(seat) != TYPE_DICTIONARY:
			return "a seat in the snapshot is not a Dictionary"
		problem = fields_problem("a seat in the snapshot", seat, SEAT_FIELDS)
		if problem != "":
			return problem
	return ""


## What is wrong with an event from the server ("" if nothing): a Dictionary with an int
## [code]seq[/code] above 0, a String [code]type[/code], an int or null [code]player[/code] if
## it has one, and the fields the guest reads of its type (see [constant EVENT_FIELDS]). The
## auditor checks the rest.
static func event_problem(event: Variant) -> String:
	if typeof(event) != TYPE_DICTIONARY:
		return "not a Dictionary"
	var problem := fields_problem("the event", event, EVENT_FIELDS[""])
	if problem != "":
		return problem
	if event["seq"] < 1:
		return "its seq is below 1"
	if event.has("player") and not typeof(event["player"]) in [TYPE_INT, TYPE_NIL]:
		return "its player is not an int"
	return fields_problem(event["type"], event, EVENT_FIELDS.get(event["type"], {}))


## What is wrong with [param value] (called [param what] in the message) against
## [param fields], field names to [enum Variant.Type]s: the first field missing or of another
## type, or [code]""[/code] when none is. For checking a message from the network before reading
## it.
static func fields_problem(what: String, value: Dictionary, fields: Dictionary) -> String:
	for field: String in fields:
		if not value.has(field):
			return "%s has no %s" % [what, field]
		if typeof(value[field]) != fields[field]:
			return "%s: %s is not of type %s" % [what, field, type_string(fields[field])]
	return ""


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
	_rejoining = token != ""
	_hello_pending = true
	_session._rpc_hello.rpc_id(server, _player_name, token, last_seq)


## The server seated this client, answering its hello; a welcome that answers none is dropped
## with an error.
func on_welcome(seated_as: int, rejoin_token: String) -> void:
	if not _hello_pending:
		push_error("RulesSession: dropped a welcome the server sent with no hello to answer")
		return
	_hello_pending = false
	player_id = seated_as
	token = rejoin_token
	_answered = ""
	_catching_up = _rejoining
	_session.joined.emit(player_id)


## The session closed (perhaps from a handler of a signal this guest emits).
func close() -> void:
	_closed = true


## Joining again with this guest's own token (its connection was lost): it keeps what it knows
## (its nonces, its auditor and its failures, the last event it took), so the nonces it sent are
## still checked in the history it catches up on. The rest of that history it cannot check: the
## token may have taken the seat on another client meanwhile, whose nonces it does not know.
func reopen() -> void:
	_closed = false
	_answered = ""
	_resend_nonce = true


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
## The server is not trusted to send well-formed updates: one whose snapshot, events or legal
## actions are not what they should be is dropped, and an event that fails its checks is not
## taken (nor anything after it in the update: [member last_seq] stays before it), with an error
## saying why. A handler that closes the session (or frees it) ends the update there: nothing more
## is emitted or sent for it.
func on_update(update: Dictionary) -> void:
	var problem := update_problem(update)
	if problem != "":
		push_error("RulesSession: dropped an update from the server: %s" % problem)
		return
	var round_closed := false
	var events: Array = update.get("events", [])
	for index in events.size():
		var event: Variant = events[index]
		problem = event_problem(event)
		if problem != "":
			var dropped := "RulesSession: dropped the server's event %d and the rest of its update: %s"
			push_error(dropped % [index, problem])
			return
		if event["seq"] <= last_seq:
			continue
		# Each check may fail a round, and a round_audited handler may close the session.
		_check_entropy_required(event)
		if not _gone():
			_check_round_label(event)
		if not _gone():
			_check_own_nonce(event, _catching_up)
		if _gone() or not auditor.observe(event) or _gone():
			return  # The auditor said why; the event is not taken.
		_log_view.follow(event)
		last_seq = event["seq"]
		if event.get("player") == player_id and event["type"] in ANSWERS:
			_answered = ""
		round_closed = round_closed or event["type"] == "round_ended"
		_session.event_received.emit(event)
		if _gone():
			return
	_catching_up = false  # Caught up: what comes next, this client sees live.
	problem = _log_view.problem(update["snapshot"])
	if problem != "":
		push_error("RulesSession: dropped the server's snapshot: %s" % problem)
		# Before the first commitment, the round to come.
		var round_number := maxi(_log_view.get_round(), 1)
		_fail_round(round_number, "the server's view disagrees with its log: " + problem)
		return
	snapshot = update["snapshot"]
	legal_actions = update.get("legal_actions", [])
	_add_entropy_if_due()
	_session.snapshot_received.emit(snapshot)
	if round_closed and not _gone():
		var server := MultiplayerPeer.TARGET_PEER_SERVER
		_session._rpc_checkpoint.rpc_id(server, snapshot["seq"], RulesSession.digest(snapshot))


## Adds [param nonce] (64 hex digits; empty: 32 fresh random bytes from this machine, which the
## server cannot predict) to the current round's shuffle, once per round. A nonce that is not 64
## hex digits is refused here with an error, as the server would refuse it, and not noted as
## sent; the server logs nonces in lower case, as they are noted here. A nonce is sent only once
## the log holds the round's commitment with player entropy (before it, the server could still
## pick its key against the nonce): earlier, it is refused with an error.
func add_entropy(nonce := "") -> void:
	# A malformed nonce is the script's mistake whenever it comes, also after this round's.
	nonce = nonce.to_lower()
	if nonce != "" and not RequestChecks.is_spelled(nonce, 64, "0123456789abcdef"):
		push_error(
			"RulesSession.request_entropy: a nonce is 64 hex digits, not %s" % nonce.left(80)
		)
		return
	var round_number: int = snapshot.get("round", 0)
	if nonces.has(round_number):
		return
	var early := _commitment_problem(round_number)
	if early != "":
		push_error("RulesSession.request_entropy: no nonce sent: %s" % early)
		return
	if nonce == "":
		nonce = Crypto.new().generate_random_bytes(32).hex_encode()
	nonces[round_number] = nonce
	_send_nonce(round_number)


# With player entropy: notes the rounds the server asked this seat's nonce for and, with
# [member RulesSession.auto_entropy], adds the nonce each round's first draw waits for. Back
# after a lost connection, sends the nonce it noted again if the server never had it (the same
# nonce: the log must show the one this client checks for).
func _add_entropy_if_due() -> void:
	var resend := _resend_nonce
	_resend_nonce = false
	if player_id < 0 or not player_id in snapshot["awaiting_entropy"]:
		return
	var round_number: int = snapshot["round"]
	if _commitment_problem(round_number) != "":
		return  # Asked too early: the nonce waits for the round's commitment.
	_asked_rounds[round_number] = true
	if resend and nonces.has(round_number):
		_send_nonce(round_number)
	elif _session.auto_entropy:
		add_entropy()


# Why this client may not send a nonce for [param round_number] yet ("" if it may): the log must
# be in that round, committed with player entropy. A nonce sent before the commitment would let
# the server grind its key against it.
func _commitment_problem(round_number: int) -> String:
	if round_number < 1:
		return "no round has begun"
	if round_number != _log_view.get_round():
		return (
			"the log holds no commitment of round %d (it is in round %d)"
			% [round_number, _log_view.get_round()]
		)
	if not _log_view.has_entropy():
		return "round %d was committed without player entropy" % round_number
	return ""


# Whether the session closed or went away (a handler may close or free it mid-update).
func _gone() -> bool:
	return _closed or not is_instance_valid(_session)


# Sends the nonce noted for [param round_number].
func _send_nonce(round_number: int) -> void:
	var request := {"command": "entropy", "player_id": player_id, "nonce": nonces[round_number]}
	_session.send_request(request)


# Fails the round the log is in if [param event], a nonce or a draw, is labelled with another
# round: the nonce checks below go by the log's round, and a label is the server's word. (Before
# the first commitment the auditor fails what comes.)
func _check_round_label(event: Dictionary) -> void:
	var log_round := _log_view.get_round()
	if log_round == 0 or not event["type"] in ["entropy_added", "token_drawn"]:
		return
	if event["round"] != log_round:
		var label := "the log has an event of round %d labelled round %d"
		_fail_round(log_round, label % [log_round, event["round"]])


# With [member RulesSession.require_entropy], fails a round whose commitment
# ([param event]) mixes in no player entropy.
func _check_entropy_required(event: Dictionary) -> void:
	if _session.require_entropy and event["type"] == "round_committed" and not event["entropy"]:
		_fail_round(event["round"], "the round was committed without player entropy")


# Checks this seat's nonce in the log (before the auditor sees [param event]), in the round the log
# is in: a round fails if the log shows another nonce for this client than it sent, a nonce it did
# not send in a round the server never asked it for one, one other than
# [constant RulesSession.DEADLINE_NONCE] in a round it was asked and sent none (the server adds
# that one at the deadline), or none at all where this client sent one it was asked for (a
# commitment without entropy, or a draw with no nonce of this seat logged: the draws wait for every
# nonce; a round the game ends in before its first draw may leave a late nonce out).
# [constant RulesSession.DEADLINE_NONCE] in place of a nonce this client sent fails too: a nonce
# that crossed the deadline on the way and one the server threw away look the same from here, and a
# server that could log the deadline's for nonces it received would pick the shuffle alone (its
# key, ground against the known nonce). Nonces in the history a rejoining client catches up on
# ([param catching_up]) may have been sent by another client of the seat, which this one cannot
# check, but a nonce this guest sent is checked there too.
func _check_own_nonce(event: Dictionary, catching_up: bool) -> void:
	if player_id < 0:
		return
	var round_number: int = (
		event["round"] if event["type"] == "round_committed" else _log_view.get_round()
	)
	var sent_one: bool = _asked_rounds.has(round_number) and nonces.has(round_number)
	match event["type"]:
		"entropy_added":
			if event["player"] != player_id:
				return
			_nonce_logged[round_number] = true
			if nonces.has(round_number):
				if event["nonce"] == RulesSession.DEADLINE_NONCE:
					_fail_round(round_number, REPLACED_BY_DEADLINE)
				elif nonces[round_number] != event["nonce"]:
					_fail_round(round_number, "the server changed this client's nonce")
			elif catching_up:
				return
			elif not _asked_rounds.has(round_number):
				_fail_round(round_number, "the server added a nonce this client did not send")
			elif event["nonce"] != RulesSession.DEADLINE_NONCE:
				_fail_round(round_number, "the server chose this client's nonce for it")
		"round_committed":
			if sent_one and not event["entropy"]:
				_fail_round(round_number, "this client's nonce was not used")
		"token_drawn":
			var unused: bool = not _log_view.has_entropy() or not _nonce_logged.has(round_number)
			if sent_one and unused:
				_fail_round(round_number, "this client's nonce was not used")


# Fails [param round_number] for [param reason] through the auditor: once, whatever its draws
# show later, and in [method FairnessAuditor.get_failures] too.
func _fail_round(round_number: int, reason: String) -> void:
	auditor.fail_round(round_number, reason)
