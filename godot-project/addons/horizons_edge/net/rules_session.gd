@icon("res://addons/horizons_edge/icons/rules_session.svg")
class_name RulesSession
extends Node
## Server-authoritative multiplayer for a [GameRules], over Godot's high-level multiplayer (ENet).
##
## One process hosts: it owns the [GameRules], draws every token, checks that each request comes
## from the peer seated as that player, applies it, and sends every client its own view —
## [method GameRules.get_snapshot_for] and [method GameRules.get_events_for] — never the seed, the
## random streams, the bag order or another player's hand. Clients send requests and render what
## they receive; a [FairnessAuditor] on each client checks every round's draws against the
## commitment the server published before the round.[br][br]
## The session node must have the same path on the server and on every client.
## [codeblock]
## # Server (a dedicated headless process or a player's game):
## session.host_game(rules, 7000)
## # Client:
## session.join_game("127.0.0.1", 7000, "Ada")
## session.snapshot_received.connect(_on_snapshot)
## # In _on_snapshot, answer what the server waits for from this seat:
## match session.get_decision():
## 	"mulligan":
## 		session.request_keep()
## 	"activation":
## 		session.request_action(session.get_legal_actions()[0])
## [/codeblock]
## A client that drops keeps [method get_rejoin_token]; joining again with it (even from a new
## process) gives back the same seat, the current snapshot and every event it missed.[br][br]
## No table waits forever: with [member turn_deadline] set (the default), the server decides for
## whoever the game waits on once it runs out. Peers are untrusted: the server bounds what each
## may make it do (a rate limit per peer, size and type checks on every field, refusals that are
## rate-limited themselves; see [RulesSessionHost]).[br][br]
## A [RulesServer] hosts many tables on one port: each table is a RulesSession child of it, named
## after the table's code, on the server ([method host_table]) and on each client that joined or
## watches it ([method join_table]); the code in the node path routes the messages.

## Client: the server seated this client as [param player_id].
signal joined(player_id: int)
## Client: the latest view from the server (see [method GameRules.get_snapshot_for]).
signal snapshot_received(snapshot: Dictionary)
## Client: one event from the server's log, in order, each exactly once.
signal event_received(event: Dictionary)
## Client: the server refused this client's last request; nothing changed.
signal request_refused(reason: String)
## Client: a round's draws were checked against its revealed secret.
signal round_audited(round_number: int, fair: bool, detail: String)
## Client: the connection to the server is gone (or could not be made).
signal connection_lost
## Client, a table's session of a [RulesServer]: [method close] left the table (the server node,
## which holds the connection, tells the lobby).
signal table_left
## Server: a peer took (or took back) the seat of [param player_id].
signal peer_seated(player_id: int, peer_id: int)
## Server: the peer seated as [param player_id] disconnected.
signal peer_left(player_id: int)
## Server: a request was refused and the game left as it was.
signal request_rejected(peer_id: int, reason: String)
## Server: an update left for [param player_id]'s client (for logging and audits of what leaves
## the server).
signal update_sent(player_id: int, update: Dictionary)
## Server: [param player_id]'s activation outlasted [member turn_deadline] and was passed.
signal activation_timed_out(player_id: int)
## Server: with player entropy, [param player_id]'s nonce did not come within
## [member turn_deadline]; the server added [constant DEADLINE_NONCE] for it.
signal nonce_timed_out(player_id: int)
## Server: [param player_id] had not kept a hand when [member turn_deadline] ran out in the
## mulligan; the server kept it (with as many cards on the bottom as the mulligans that count).
signal mulligan_timed_out(player_id: int)
## Server: the server disconnected [param peer_id] (flooding, no hello in time, a token nobody
## holds, a full table).
signal peer_kicked(peer_id: int, reason: String)
## Server: a client's state after a round matched (or not) the server's view for that player.
## On a mismatch the server sends that client a fresh snapshot.
signal checkpoint_checked(player_id: int, round_number: int, in_sync: bool)

## What the server does when a disconnected player has not come back within
## [member reconnect_timeout].
enum ReconnectPolicy {
	PASS_ACTIVATIONS,  ## Their activations are passed until they return.
	ELIMINATE,  ## They leave the game; their tokens leave the bag.
}

## The default [member turn_deadline], in seconds.
const DEFAULT_TURN_DEADLINE := 30.0
## Connections a [method host_game] server takes at once: every seat, and room for twice as many
## as may wait for a seat ([constant RulesSessionHost.MAX_WAITING]; the one waiting longest goes
## when more do), so that connections which never take a seat cannot keep the players out.
const MAX_CONNECTIONS := GameRules.MAX_PLAYERS + 2 * RulesSessionHost.MAX_WAITING
## The checks of what a peer sends ([code]request_checks.gd[/code]).
const RequestChecks := preload("request_checks.gd")
## The checks of the timings a script sets ([code]setting_check.gd[/code]).
const SettingCheck := preload("../setting_check.gd")
## The nonce the server adds for a seat whose nonce did not come in time: public and fixed, so
## the server cannot choose it (a seat that times out adds nothing to the shuffle, and takes
## nothing away). A client that sent its own nonce and sees this one logged for it fails the
## round: it cannot tell a nonce that crossed the deadline on the way from one thrown away.
const DEADLINE_NONCE := "0000000000000000000000000000000000000000000000000000000000000000"

## Server: seconds a disconnected player's seat waits for them.
## A value that is not a number of seconds (negative, NAN, an infinity, over a year) is refused
## with an error, and the setting keeps its old value; so for [member turn_deadline].
@export_range(0.0, 3600.0, 0.5, "suffix:s") var reconnect_timeout := 30.0:
	set(value):
		reconnect_timeout = SettingCheck.network_seconds(
			"RulesSession.reconnect_timeout", value, reconnect_timeout
		)
## Server: what happens when [member reconnect_timeout] runs out.
@export var reconnect_policy := ReconnectPolicy.PASS_ACTIVATIONS
## Server: seconds the game waits on players before the server decides for them: the whole
## mulligan (undecided hands are kept), each activation (passed) and, with player entropy, each
## round's nonces (the missing ones are [constant DEADLINE_NONCE]). All are ordinary commands,
## so replays reproduce them. 0 means no limit: one silent player can then stall the table.
@export_range(0.0, 600.0, 0.5, "suffix:s") var turn_deadline := DEFAULT_TURN_DEADLINE:
	set(value):
		turn_deadline = SettingCheck.network_seconds(
			"RulesSession.turn_deadline", value, turn_deadline
		)
## Client, with the rules' player entropy: add a fresh random nonce to every round by itself. Off,
## the game adds its own with [method request_entropy] (e.g. from a hardware source).
@export var auto_entropy := true
## Client: fail every round the server commits without player entropy. A host that never asks
## for nonces picks each round's key alone, and nothing else shows it; turn this on when the
## game was meant to have them (a table created with [code]entropy[/code] 1, a server known to
## run with it). Spectators check it too.
@export var require_entropy := false

var _host: RulesSessionHost
var _guest: RulesSessionGuest
# The multiplayer API the session hosts or joined through, for [method close] once it has left
# the tree (a parent's [code]_exit_tree()[/code] closing it).
var _api: MultiplayerAPI
# Server, a table of a [RulesServer]: called with (peer_id, arguments) before any message of a
# peer is read; false drops it (see [method RulesServerLobby.admit]).
var _gate := Callable()


## The digest both sides compute of a snapshot to check that a client is in sync.
static func digest(snapshot: Dictionary) -> String:
	return JSON.stringify(snapshot, "", true).sha256_text()


func _process(_delta: float) -> void:
	if _host and not _host.has_rules():
		# Said once: the session stops hosting (a table of a RulesServer leaves the server's
		# connection to it; a game of its own closes).
		push_error("RulesSession: the hosted GameRules was freed; the session stops")
		if _gate.is_valid():
			_host = null
		else:
			close()
	elif _host:
		_host.tick(Time.get_ticks_msec())


## Hosts [param rules] (set up, not started) on [param port]; the game starts when every seat is
## taken. First the game's hidden randomness (round secrets, decks, bots) is rekeyed with 256
## fresh bits from the OS ([method GameRules.rekey_from_os]): an online game must not depend on
## a seed staying secret, and a chosen seed (say, [code]--seed 7[/code]) would give every round
## away. The key stays in the server's saves and replays. Returns the rekey's or ENet's error,
## if any, or [constant ERR_UNCONFIGURED] for a session outside the scene tree (nothing changed).
func host_game(rules: GameRules, port: int, bind_address := "*") -> Error:
	var refused := _refusal_to_host(rules, bind_address)
	if refused != OK:
		return refused
	# The port first: a session that cannot listen leaves the game as it was.
	var peer := ENetMultiplayerPeer.new()
	peer.set_bind_ip(bind_address)
	var error := peer.create_server(port, MAX_CONNECTIONS)
	if error != OK:
		push_error(
			"RulesSession.host_game: cannot listen on port %d: %s" % [port, error_string(error)]
		)
		return error
	var rekeyed := rules.rekey_from_os()
	if rekeyed != OK:
		peer.close()
		return rekeyed
	if not rules.randomize_seed:
		var chosen := "RulesSession.host_game: seed %d was chosen by the caller; " % rules.seed
		push_warning(chosen + "online, the bag and the hands come from a fresh OS key instead")
	# Clients talk to the server only: no relaying, so no client can make the server forward
	# its traffic to the others.
	var scene_multiplayer := multiplayer as SceneMultiplayer
	if scene_multiplayer:
		scene_multiplayer.server_relay = false
	multiplayer.multiplayer_peer = peer
	_api = multiplayer
	_host = RulesSessionHost.new(self, rules)
	multiplayer.peer_connected.connect(_host.on_peer_connected)
	multiplayer.peer_disconnected.connect(_host.on_peer_disconnected)
	return OK


## Server: hosts [param rules] (set up, rekeyed, perhaps resumed) as a table of a
## [RulesServer], on the connection the server already listens on, recording it in
## [param journal] before anyone is told anything. [param gate] sees every message first; the
## server calls [method RulesSessionHost.tick].
func host_table(rules: GameRules, journal: RulesTableJournal, gate: Callable) -> RulesSessionHost:
	_host = RulesSessionHost.new(self, rules)
	_host.journal = journal
	_host.owns_connection = false
	_gate = gate
	set_process(false)  # The server runs the table's clock.
	multiplayer.peer_disconnected.connect(_on_table_peer_left)
	return _host


## Client: takes a seat at a table of a [RulesServer] this client is connected to (the session
## is the server node's child named after the table's code): as [param player_name], or back
## with [param rejoin_token]. With an empty name and token, and the server's leave to watch,
## this client spectates: it receives the public view and audits every round.
func join_table(player_name: String, rejoin_token := "") -> void:
	if not RequestChecks.in_tree(self, "RulesSession.join_table"):
		return
	_guest = _guest_for(player_name, rejoin_token)
	_connect_once(multiplayer.server_disconnected, connection_lost.emit)
	_guest.on_connected()


## Joins the server at [param address]:[param port] as [param player_name]; with
## [param rejoin_token] (from [method get_rejoin_token]) takes back an earlier seat, also on this
## session after its connection was lost (it then keeps the nonces it sent and its auditor, and
## checks its own nonces in the events it missed). [constant ERR_UNCONFIGURED] outside the scene
## tree; [constant ERR_ALREADY_IN_USE] (with an error, the seat kept) while this session hosts, or
## its join is still connected or connecting: [method close] it first.
func join_game(address: String, port: int, player_name: String, rejoin_token := "") -> Error:
	if not RequestChecks.in_tree(self, "RulesSession.join_game"):
		return ERR_UNCONFIGURED
	if _host != null:
		push_error("RulesSession.join_game: this session hosts a game; close() it first")
		return ERR_ALREADY_IN_USE
	if _guest != null and _connection_live():
		push_error(
			(
				"RulesSession.join_game: this session has joined a game and is still connected; "
				+ "close() it first (joining again is for after connection_lost)"
			)
		)
		return ERR_ALREADY_IN_USE
	var peer := ENetMultiplayerPeer.new()
	var error := peer.create_client(address, port)
	if error != OK:
		push_error(
			"RulesSession.join_game: cannot reach %s:%d: %s" % [address, port, error_string(error)]
		)
		return error
	multiplayer.multiplayer_peer = peer
	_api = multiplayer
	_guest = _guest_for(player_name, rejoin_token)
	_connect_once(multiplayer.connected_to_server, _on_connected_to_server)
	_connect_once(multiplayer.connection_failed, connection_lost.emit)
	_connect_once(multiplayer.server_disconnected, connection_lost.emit)
	return OK


## Client: asks to take [param action] (a Dictionary as for [method GameRules.perform_action])
## in this client's activation.
func request_action(action: Dictionary) -> void:
	_answering("activation")
	send_request({"command": "act", "player_id": get_player_id(), "action": action})


## Client: asks to keep the opening hand, putting the cards at [param bottom] on the bottom (as
## many as this seat's [code]cards_to_bottom[/code] in the snapshot: the mulligans that count).
func request_keep(bottom: Array[int] = []) -> void:
	_answering("mulligan")
	send_request({"command": "keep", "player_id": get_player_id(), "bottom": bottom})


## Client: asks to put one of this seat's reserve tokens (its faction's, see
## [method GameRules.commit_reserve]) into the current round's bag; no activation needed.
func request_reserve() -> void:
	send_request({"command": "reserve", "player_id": get_player_id()})


## Client: asks to take a mulligan.
func request_mulligan() -> void:
	_answering("mulligan")
	send_request({"command": "mulligan", "player_id": get_player_id()})


## Client: adds [param nonce] (64 hex digits, in either case; empty: 32 fresh random bytes) to
## the current round's shuffle. Only needed with [member auto_entropy] off. A nonce that is not
## 64 hex digits is refused with an error and not sent.
func request_entropy(nonce := "") -> void:
	if _guest:
		_guest.add_entropy(nonce)
	else:
		push_error("RulesSession.request_entropy: this session has not joined a game")


## Client: sends a request in its wire form: [code]command[/code] ("act", "keep", "mulligan",
## "reserve" or "entropy"), [code]player_id[/code], and [code]action[/code], [code]bottom[/code]
## or [code]nonce[/code]. The
## server checks all of it; a request for a seat this peer does not hold is refused. A session
## that has not joined a game (or hosts one) sends nothing and says so with an error.
func send_request(request: Dictionary) -> void:
	if _guest == null or not is_inside_tree():
		push_error(
			(
				"RulesSession: %s request unsent: this session has not joined a game"
				% [request.get("command", "a")]
			)
		)
		return
	_rpc_request.rpc_id(MultiplayerPeer.TARGET_PEER_SERVER, request)


## Client: the seat this client holds (-1 before [signal joined]).
func get_player_id() -> int:
	return _guest.player_id if _guest else -1


## Client: the latest snapshot received (empty before the first).
func get_snapshot() -> Dictionary:
	return _guest.snapshot if _guest else {}


## Client: what the server waits for from this client: [code]"mulligan"[/code] (keep with
## [method request_keep] or [method request_mulligan]), [code]"activation"[/code] (act with
## [method request_action], one of [method get_legal_actions]) or [code]""[/code] (nothing, or
## this client already answered and the server has not replied yet). Call it from
## [signal snapshot_received] to answer each decision once.
func get_decision() -> String:
	return _guest.get_decision() if _guest else ""


## Client: the actions the server lists as legal for this client right now (empty unless it is
## this client's activation).
func get_legal_actions() -> Array:
	return _guest.legal_actions if _guest else []


## Client: the token that takes this seat back after a disconnect (empty before [signal joined]).
func get_rejoin_token() -> String:
	return _guest.token if _guest else ""


## Client: the auditor that checks every round; see [method FairnessAuditor.get_verified_rounds].
func get_auditor() -> FairnessAuditor:
	return _guest.auditor if _guest else null


## Server: what peers made the server do so far: [code]messages[/code] received,
## [code]applied[/code] and [code]refused[/code] requests, [code]refusals_sent[/code] (the rest
## were withheld by the refusal rate limit), [code]dropped[/code] (unread: over the rate limit, or
## from a peer being disconnected), [code]kicked[/code] peers, [code]checkpoints_checked[/code] and
## [code]checkpoints_ignored[/code] (a seq not recorded for that player, or already checked),
## snapshots [code]resent[/code] after a mismatch, and [code]changed_on_refusal[/code] (refused
## requests that changed the game: always 0 unless the rules broke their promise). Empty on a
## client.
func get_host_stats() -> Dictionary:
	return _host.get_stats() if _host else {}


## Whether this session hosts the game.
func is_host() -> bool:
	return _host != null


## Closes the connection (either side) and forgets the role. A table's session of a
## [RulesServer] client (from [method RulesServer.join_table]) leaves that table only, as
## [method RulesServer.leave_table] does: the connection is the server node's, shared by the
## lobby and every table, and [method RulesServer.close] ends it.
func close() -> void:
	if _api == null and _guest != null:
		table_left.emit()
	var api := multiplayer if is_inside_tree() else _api
	if _api != null and api != null and api.multiplayer_peer:
		api.multiplayer_peer.close()
		api.multiplayer_peer = null
	_api = null
	if _guest:
		_guest.close()
	_host = null
	_guest = null


# Why [method host_game] cannot host [param rules] on [param bind_address] (with an error), or
# [constant OK].
func _refusal_to_host(rules: GameRules, bind_address: String) -> Error:
	if not is_instance_valid(rules):
		push_error("RulesSession.host_game: no GameRules to host")
		return ERR_INVALID_PARAMETER
	if not RequestChecks.in_tree(self, "RulesSession.host_game"):
		return ERR_UNCONFIGURED
	if _host != null or _guest != null:
		push_error("RulesSession.host_game: this session already hosts or joined; close() it first")
		return ERR_ALREADY_IN_USE
	if not RequestChecks.is_bind_address(bind_address, "RulesSession.host_game"):
		return ERR_INVALID_PARAMETER
	return OK


# Whether the connection this session talks through is up or still being made.
func _connection_live() -> bool:
	var peer := multiplayer.multiplayer_peer
	return peer != null and peer.get_connection_status() != MultiplayerPeer.CONNECTION_DISCONNECTED


# The guest of a join as [param player_name] with [param rejoin_token]: this session's own, if
# the token is the one its seat has (its connection was lost; it keeps what it checked), or a new
# one.
func _guest_for(player_name: String, rejoin_token: String) -> RulesSessionGuest:
	if _guest != null and rejoin_token != "" and rejoin_token == _guest.token:
		_guest.reopen()
		return _guest
	return RulesSessionGuest.new(self, player_name, rejoin_token)


# Connects [param callable] to [param to] unless it already is: a session may join again
# (after a lost connection, say), and its handlers must run once.
func _connect_once(to: Signal, callable: Callable) -> void:
	if not to.is_connected(callable):
		to.connect(callable)


# Client: the connection is up; the guest of the latest join asks for its seat.
func _on_connected_to_server() -> void:
	if _guest:
		_guest.on_connected()


func _answering(decision: String) -> void:
	if _guest:
		_guest.answering(decision)


# What peers send arrives untyped (any Variant, or nothing) and is checked by the host, so that no
# value on the wire can fail the call itself.
@rpc("any_peer", "call_remote", "reliable")
func _rpc_hello(
	player_name: Variant = null, rejoin_token: Variant = null, since: Variant = null
) -> void:
	var sender := multiplayer.get_remote_sender_id()
	if _admitted(sender, [player_name, rejoin_token, since]):
		_host.on_hello(sender, player_name, rejoin_token, since)


@rpc("any_peer", "call_remote", "reliable")
func _rpc_request(request: Variant = null) -> void:
	var sender := multiplayer.get_remote_sender_id()
	if _admitted(sender, [request]):
		_host.on_request(sender, request)


@rpc("any_peer", "call_remote", "reliable")
func _rpc_checkpoint(seq: Variant = null, snapshot_digest: Variant = null) -> void:
	var sender := multiplayer.get_remote_sender_id()
	if _admitted(sender, [seq, snapshot_digest]):
		_host.on_checkpoint(sender, seq, snapshot_digest)


func _on_table_peer_left(peer_id: int) -> void:
	if _host:
		_host.on_peer_disconnected(peer_id)


# Whether a message of [param peer_id] goes to the host: this session hosts, and the gate (a
# table's server) lets it through.
func _admitted(peer_id: int, arguments: Array) -> bool:
	return _host != null and (not _gate.is_valid() or _gate.call(peer_id, arguments))


@rpc("authority", "call_remote", "reliable")
func _rpc_welcome(player_id: int, rejoin_token: String) -> void:
	if _guest:
		_guest.on_welcome(player_id, rejoin_token)


@rpc("authority", "call_remote", "reliable")
func _rpc_update(update: Dictionary) -> void:
	if _guest:
		_guest.on_update(update)


@rpc("authority", "call_remote", "reliable")
func _rpc_refused(reason: String) -> void:
	if _guest:
		_guest.on_refused()
		request_refused.emit(reason)
