@icon("res://addons/horizons_edge/icons/rules_server.svg")
class_name RulesServer
extends Node
## Many tables on one ENet port: a lobby (list the tables, create one with options, join one by
## its code, watch one), each table its own [GameRules] and [RulesSession], and a journal on
## disk from which a restarted server resumes every table exactly.[br][br]
## Like [RulesSession], this script runs on both sides, at the same node path: the server
## ([method host_server]) and each client ([method connect_to_server]). Each table is a
## [RulesSession] child named after its code, on the server and on every client at it, so the
## node path routes a table's messages; the lobby's go to this node.
## [codeblock]
## # Server: the game builds each table's rules from the options a client asked for.
## server.table_setup = func(options: Dictionary) -> GameRules: return make_rules(options)
## server.journal_folder = "user://journal"
## server.host_server(7000)
## # Client:
## server.connect_to_server("127.0.0.1", 7000)
## server.table_created.connect(func(code): server.join_table(code, "Ada"))
## server.create_table({"players": 3, "rounds": 5})
## # join_table returns the table's RulesSession: play it as any other.
## [/codeblock]
## Peers are untrusted: see [RulesServerLobby] for the limits every peer lives within, and
## [RulesSessionHost] for each table's own; [RulesTableJournal] for what is on disk and when.

## Client: the lobby answered [method list_tables]: one Dictionary per open table, with
## [code]code[/code], [code]options[/code], [code]seated[/code] (seats taken so far),
## [code]phase[/code] and [code]round[/code].
signal tables_listed(tables: Array)
## Client: the server opened the table asked for with [method create_table].
signal table_created(code: String)
## Client: the lobby refused a request ([param code]: the table it was for, or "").
signal lobby_refused(code: String, reason: String)
## Client: the connection to the server is gone (or could not be made).
signal connection_lost
## Client: connected; the lobby listens.
signal lobby_connected
## Server: a table opened, new or resumed from its journal ([param rules] is its game).
signal table_opened(code: String, session: RulesSession, rules: GameRules)
## Server: a finished table (or one left before it started, see [member unclaimed_timeout])
## closed; its journal is archived at [param archive] ("" without a journal).
signal table_closed(code: String, archive: String)
## Server: the server disconnected [param peer_id] (over its limits, or silent).
signal peer_kicked(peer_id: int, reason: String)

## The checks of what a peer sends ([code]request_checks.gd[/code]).
const RequestChecks := preload("request_checks.gd")
## The checks of the counts, rates and timings a script sets ([code]setting_check.gd[/code]).
const SettingCheck := preload("../setting_check.gd")

## Server: the most tables open at once. Each count a script sets outside the inspector's range
## is refused with an error, and the setting keeps its old value.
@export_range(1, 100000) var max_tables := 10000:
	set(value):
		max_tables = SettingCheck.whole("RulesServer.max_tables", value, 1, 100000, max_tables)
## Server: the most tables one peer may join or watch.
@export_range(1, 64) var max_tables_per_peer := 4:
	set(value):
		max_tables_per_peer = SettingCheck.whole(
			"RulesServer.max_tables_per_peer", value, 1, 64, max_tables_per_peer
		)
## Server: spectators one table takes (each gets every public update of the table).
@export_range(0, 10000) var max_spectators_per_table := 64:
	set(value):
		max_spectators_per_table = SettingCheck.whole(
			"RulesServer.max_spectators_per_table", value, 0, 10000, max_spectators_per_table
		)
## Server: messages a second one peer may send, whatever tables they go to (twice that at once).
## A rate or time a script sets that is not a finite number within reason (NAN, an infinity, a
## rate under the inspector's least, a time over a year) is refused with an error, and the
## setting keeps its old value.
@export_range(1.0, 1000.0) var messages_per_sec := 50.0:
	set(value):
		messages_per_sec = SettingCheck.rate(
			"RulesServer.messages_per_sec", value, 1.0, messages_per_sec
		)
## Server: bytes a second one peer may send (four times that at once); a lobby listing the peer
## asks for counts as sent by it.
@export_range(1024.0, 1048576.0) var bytes_per_sec := 32768.0:
	set(value):
		bytes_per_sec = SettingCheck.rate("RulesServer.bytes_per_sec", value, 1024.0, bytes_per_sec)
## Server: seconds a table's disconnected player keeps their seat, passed meanwhile (see
## [member RulesSession.reconnect_timeout]).
@export_range(0.0, 3600.0, 0.5, "suffix:s") var reconnect_timeout := 60.0:
	set(value):
		reconnect_timeout = SettingCheck.network_seconds(
			"RulesServer.reconnect_timeout", value, reconnect_timeout
		)
## Server: the folder of the tables' journals ("": no journal, nothing survives the process).
## [method host_server] makes it if need be, and refuses to host where it cannot write.
@export var journal_folder := ""
## Server: seconds a finished table stays (for the last updates and late spectators) before it
## closes and its journal is archived (see [method RulesTableJournal.archive]).
@export_range(0.0, 3600.0, 0.5, "suffix:s") var finished_linger := 30.0:
	set(value):
		finished_linger = SettingCheck.network_seconds(
			"RulesServer.finished_linger", value, finished_linger
		)
## Server: seconds a table stays open while none of its players is connected to it (nobody sat
## at it, or everyone who did left; once the game started, counted from when the last of them
## was away past [member reconnect_timeout], the game then waiting for one to come back; 0: for
## ever); then it closes as a finished one does. Otherwise tables created and left would stay
## until the server is full.
@export_range(0.0, 86400.0, 1.0, "suffix:s") var unclaimed_timeout := 300.0:
	set(value):
		unclaimed_timeout = SettingCheck.network_seconds(
			"RulesServer.unclaimed_timeout", value, unclaimed_timeout
		)
## Server: tables the peers of one address (IP) may create at once, whatever connections they
## use; after that, one every [constant RulesServerLobby.CREATE_INTERVAL_SEC] seconds. Players
## behind one address (a NAT, or bots on 127.0.0.1) share it: raise it for them.
@export_range(1, 100000) var tables_per_address := 10:
	set(value):
		tables_per_address = SettingCheck.whole(
			"RulesServer.tables_per_address", value, 1, 100000, tables_per_address
		)
## Server: connections of one address (IP) that may be at no table at once: one more connecting
## disconnects the one of them connected longest, so that idle connections cannot fill the
## server. Players behind one address share it: raise it for them.
@export_range(1, 100000) var idle_per_address := 32:
	set(value):
		idle_per_address = SettingCheck.whole(
			"RulesServer.idle_per_address", value, 1, 100000, idle_per_address
		)
## Server: days an archived game is kept before it is removed (0: forever). Checked at start and
## once an hour.
@export_range(0, 3650) var archive_max_age_days := 30:
	set(value):
		archive_max_age_days = SettingCheck.whole(
			"RulesServer.archive_max_age_days", value, 0, 3650, archive_max_age_days
		)
## Server: makes a table's [GameRules] (set up, not started; not in the tree) from the options a
## client asked for (checked, see [constant RulesServerLobby.OPTIONS]); null refuses them.
var table_setup := Callable()

var _lobby: RulesServerLobby
# The multiplayer API the server listens or connected through, for [method close] once it has
# left the tree.
var _api: MultiplayerAPI
# Client: code -> [name, rejoin token] for tables asked for and not answered yet.
var _asked := {}
# Client: tables asked for ([method create_table]) and not answered yet: a [code]created[/code]
# reply beyond them is dropped.
var _creates_asked := 0


# What is wrong with a listing's [param tables] ("" if nothing): an Array of Dictionaries.
static func _listing_problem(tables: Variant) -> String:
	if typeof(tables) != TYPE_ARRAY:
		return "the listing's tables is not an Array"
	for table: Variant in tables:
		if typeof(table) != TYPE_DICTIONARY:
			return "a table of the listing is not a Dictionary"
	return ""


func _process(_delta: float) -> void:
	if _lobby:
		_lobby.tick(Time.get_ticks_msec())


## Server: resumes every table journaled in [member journal_folder], then listens on
## [param port]. Returns ENet's error, if any; [constant ERR_FILE_CANT_WRITE], with nothing
## listening, if journals cannot be kept in [member journal_folder] (see
## [method RulesTableJournal.folder_problem]).
func host_server(port: int, bind_address := "*") -> Error:
	var refused := _refusal_to_host(bind_address)
	if refused != OK:
		return refused
	# The port first: a server that cannot listen changes nothing (no table resumed, no journal
	# folder made or touched).
	var peer := ENetMultiplayerPeer.new()
	peer.set_bind_ip(bind_address)
	var error := peer.create_server(port, 4095)
	if error != OK:
		push_error("RulesServer: cannot listen on port %d: %s" % [port, error_string(error)])
		return error
	error = _journal_refusal()
	if error != OK:
		peer.close()
		return error
	_lobby = RulesServerLobby.new(self)
	var resumed := _lobby.resume_tables()
	var scene_multiplayer := multiplayer as SceneMultiplayer
	if scene_multiplayer:
		scene_multiplayer.server_relay = false
		# Godot's default, made sure of: an argument holding a whole object is dropped unread.
		scene_multiplayer.allow_object_decoding = false
	multiplayer.multiplayer_peer = peer
	_api = multiplayer
	multiplayer.peer_connected.connect(_lobby.on_peer_connected)
	multiplayer.peer_disconnected.connect(_lobby.on_peer_disconnected)
	print("RulesServer: listening on port %d, %d tables resumed" % [port, resumed])
	return OK


## Server: opens a table with [param options] (see [constant RulesServerLobby.OPTIONS]) as if a
## client asked; returns its code, or "" with an error (before [method host_server], options out
## of bounds, or a table that could not be made: [member table_setup]'s, the rekeying's or the
## journal's error).
func open_table(options: Dictionary) -> String:
	if _lobby == null:
		push_error("RulesServer.open_table: this node does not host; call host_server() first")
		return ""
	var checked := RulesServerLobby.check_options(options)
	if checked.is_empty():
		push_error("RulesServer.open_table: options out of bounds: %s" % [options])
		return ""
	return _lobby.open_table(checked)


## Server: the open tables (code -> [RulesSession]).
func get_tables() -> Dictionary:
	return _lobby.get_tables() if _lobby else {}


## Client: connects to the server at [param address]:[param port]. [constant ERR_ALREADY_IN_USE]
## (with an error, nothing changed) while this node hosts, or is connected or connecting: call
## [method close] first (connecting again after [signal connection_lost] needs no close).
func connect_to_server(address: String, port: int) -> Error:
	if not RequestChecks.in_tree(self, "RulesServer.connect_to_server"):
		return ERR_UNCONFIGURED
	if _lobby != null or _connection_status() != MultiplayerPeer.CONNECTION_DISCONNECTED:
		push_error("RulesServer.connect_to_server: this node already hosts or is connected")
		return ERR_ALREADY_IN_USE
	var peer := ENetMultiplayerPeer.new()
	var error := peer.create_client(address, port)
	if error != OK:
		push_error("RulesServer: cannot reach %s:%d: %s" % [address, port, error_string(error)])
		return error
	multiplayer.multiplayer_peer = peer
	_api = multiplayer
	for event: Signal in [multiplayer.connection_failed, multiplayer.server_disconnected]:
		if not event.is_connected(_on_connection_lost):
			event.connect(_on_connection_lost)
	if not multiplayer.connected_to_server.is_connected(_on_connected):
		multiplayer.connected_to_server.connect(_on_connected)
	return OK


## Client: asks for the open tables ([signal tables_listed]). Like every lobby request, only
## once connected ([signal lobby_connected]); before, an error and nothing is sent.
func list_tables() -> void:
	if _lobby_ready("RulesServer.list_tables"):
		_send({"op": "list"})


## Client: asks for a new table ([signal table_created]): [code]players[/code],
## [code]rounds[/code], [code]deadline[/code], [code]entropy[/code] (see
## [constant RulesServerLobby.OPTIONS]).
func create_table(options: Dictionary) -> void:
	if _lobby_ready("RulesServer.create_table"):
		_creates_asked += 1
		_send({"op": "create", "options": options})


## Client: takes a seat at table [param code] as [param player_name], or back with
## [param rejoin_token]. Returns the table's session, to connect to and play
## ([signal RulesSession.joined] once seated). A refusal — by the lobby (no such table) or by the
## table (it is full, the token is unknown) — comes by [signal lobby_refused], and the session goes
## with it; a [param code] that is not a table's (a typo) is refused without asking, in the next
## frame. Before [signal lobby_connected]: null, with an error.
func join_table(code: String, player_name: String, rejoin_token := "") -> RulesSession:
	return _ask("join", code, [player_name, rejoin_token])


## Client: watches table [param code]: its session gets the public view and audits every round.
## Refused as [method join_table] is.
func spectate(code: String) -> RulesSession:
	return _ask("spectate", code, ["", ""])


## Client: leaves table [param code] (its session goes) and keeps the connection to the lobby
## and the other tables: the table takes the seat as gone, as for a dropped connection (it waits
## [member RulesSession.reconnect_timeout] for [method join_table] with the rejoin token, then
## its reconnect policy applies). [method RulesSession.close] on the table's session does the
## same.
func leave_table(code: String) -> void:
	if _lobby != null:
		push_error("RulesServer.leave_table: this node hosts the tables; a client leaves one")
		return
	var session: RulesSession = null
	if RulesServerLobby.is_code(code):
		session = get_node_or_null(NodePath(code)) as RulesSession
	if session == null:
		push_error("RulesServer.leave_table: this client is not at table %s" % code.left(16))
		return
	var unanswered: bool = _asked.has(code) and _asked[code] != []
	session.close()  # which tells the lobby, if it joined
	if unanswered:
		# Its join is not answered yet: the lobby answers it, then takes the leave.
		_send({"op": "leave", "code": code})
		_asked[code] = []
	remove_child(session)
	session.queue_free()


## Either side: closes the connection; the tables' sessions go with it.
func close() -> void:
	if _lobby:
		_lobby.close()
	var api := multiplayer if is_inside_tree() else _api
	if api != null and api.multiplayer_peer:
		api.multiplayer_peer.close()
		api.multiplayer_peer = null
	_api = null
	for child in get_children():
		if child is RulesSession:
			remove_child(child)
			child.queue_free()
	_lobby = null
	_asked.clear()
	_creates_asked = 0


# Why [method host_server] cannot listen on [param bind_address] (with an error), or
# [constant OK].
func _refusal_to_host(bind_address: String) -> Error:
	if _lobby != null or _connection_status() != MultiplayerPeer.CONNECTION_DISCONNECTED:
		push_error("RulesServer: already hosting or connected to a server; close() it first")
		return ERR_ALREADY_IN_USE
	if not table_setup.is_valid():
		push_error("RulesServer: set table_setup before hosting")
		return ERR_UNCONFIGURED
	if not RequestChecks.in_tree(self, "RulesServer.host_server"):
		return ERR_UNCONFIGURED
	if not RequestChecks.takes_an_argument(table_setup):
		push_error("RulesServer.host_server: table_setup takes one argument, the table's options")
		return ERR_INVALID_PARAMETER
	if not RequestChecks.is_bind_address(bind_address, "RulesServer.host_server"):
		return ERR_INVALID_PARAMETER
	return OK


# ERR_FILE_CANT_WRITE, with the reason logged, if journals cannot be kept in journal_folder.
func _journal_refusal() -> Error:
	var problem := "" if journal_folder == "" else RulesTableJournal.folder_problem(journal_folder)
	if problem == "":
		return OK
	push_error("RulesServer.host_server: journal_folder %s: %s" % [journal_folder, problem])
	return ERR_FILE_CANT_WRITE


func _send(message: Dictionary) -> void:
	_rpc_lobby.rpc_id(MultiplayerPeer.TARGET_PEER_SERVER, message)


# The status of the connection this node made (hosting or as a client); disconnected if none.
func _connection_status() -> MultiplayerPeer.ConnectionStatus:
	var api := multiplayer if is_inside_tree() else _api
	if _api == null or api == null or api.multiplayer_peer == null:
		return MultiplayerPeer.CONNECTION_DISCONNECTED
	return api.multiplayer_peer.get_connection_status()


# Whether [param method], a lobby request, may be sent: this node is a client whose connection
# is up; otherwise an error.
func _lobby_ready(method: String) -> bool:
	if _lobby == null and _connection_status() == MultiplayerPeer.CONNECTION_CONNECTED:
		return true
	push_error("%s: not connected to a server (wait for lobby_connected)" % method)
	return false


# Asks the lobby [param op] for table [param code], the join's [param asked] name and token
# kept for its answer; the session for the table. No table has what is not a code: the lobby
# could not name it back in its refusal, so the refusal is this client's.
func _ask(op: String, code: String, asked: Array) -> RulesSession:
	if not _lobby_ready("RulesServer.%s" % ("join_table" if op == "join" else "spectate")):
		return null
	if RulesServerLobby.is_code(code):
		_asked[code] = asked
		_send({"op": op, "code": code})
		return _table(code)
	var session := RulesSession.new()
	add_child(session)
	_refuse_unasked.call_deferred(code, session)
	return session


# The refusal of [method _ask] for [param code], which was never sent; [param session] goes.
func _refuse_unasked(code: String, session: RulesSession) -> void:
	if is_instance_valid(session) and session.get_parent() == self:
		remove_child(session)
		session.queue_free()
	lobby_refused.emit(code, RulesServerLobby.NO_TABLE)


# The session child for table [param code], made on first use.
func _table(code: String) -> RulesSession:
	var session := get_node_or_null(NodePath(code)) as RulesSession
	if session == null:
		session = RulesSession.new()
		session.name = code
		session.request_refused.connect(_on_table_refused.bind(code))
		session.table_left.connect(_tell_left.bind(code))
		add_child(session)
	return session


func _on_connected() -> void:
	lobby_connected.emit()


func _on_connection_lost() -> void:
	connection_lost.emit()


func _on_lobby_reply(reply: Dictionary) -> void:
	var problem := _reply_problem(reply)
	if problem != "":
		push_error("RulesServer: dropped a lobby reply from the server: %s" % problem)
		return
	if reply["op"] == "list":
		tables_listed.emit(reply["tables"])
		return
	var code: String = reply.get("code", "")  # checked: a table's code, or "" in a refusal
	match reply["op"]:
		"created":
			_creates_asked -= 1
			table_created.emit(code)
		"joined", "spectating":
			var asked: Array = _asked[code]
			_asked.erase(code)
			if asked.is_empty():
				return  # left before this answer came (see leave_table)
			var session := _table(code)
			# Asked again (after a reconnect): the session's new guest takes over its signals.
			var lost := session.multiplayer.server_disconnected
			if lost.is_connected(session.connection_lost.emit):
				lost.disconnect(session.connection_lost.emit)
			session.join_table(asked[0], asked[1])
		"refused":
			# The lobby says which refusals answer a create (others have the code "" too).
			if reply.get("of") == "create":
				_creates_asked = maxi(_creates_asked - 1, 0)
			if _asked.has(code):
				_asked.erase(code)
				_drop_unused(code)
			lobby_refused.emit(code, reply["reason"])


# What is wrong with a lobby reply from the server ("" if nothing): its [code]op[/code] one of
# the lobby's answers, its [code]code[/code] a table's code (in a refusal also ""), a listing's
# [code]tables[/code] an Array of Dictionaries, a refusal's [code]reason[/code] a String, a
# joined or spectating table one this client asked for (and not answered yet), and a created
# table one of those this client asked the lobby to create.
func _reply_problem(reply: Dictionary) -> String:
	var op: Variant = reply.get("op")
	if (
		typeof(op) != TYPE_STRING
		or not op in ["list", "created", "joined", "spectating", "refused"]
	):
		return "no op the lobby answers with"
	if op == "list":
		return _listing_problem(reply.get("tables"))
	var code: Variant = reply.get("code", "")
	var none: bool = op == "refused" and typeof(code) == TYPE_STRING and code == ""
	if not RulesServerLobby.is_code(code) and not none:
		return (
			"its code is not a table's code (a String of %d characters of %s)"
			% [RulesServerLobby.CODE_LENGTH, RulesServerLobby.CODE_ALPHABET]
		)
	if op == "refused" and typeof(reply.get("reason")) != TYPE_STRING:
		return "the refusal's reason is not a String"
	return _unasked_problem(op, code)


# What is wrong with a lobby answer [param op] about table [param code] ("" if nothing): a table
# created, joined or watched that this client did not ask for (or that was already answered).
func _unasked_problem(op: String, code: String) -> String:
	var asked: bool = _creates_asked > 0 if op == "created" else _asked.has(code)
	if op in ["created", "joined", "spectating"] and not asked:
		return (
			"%s table %s, which this client did not ask for (or was already answered)" % [op, code]
		)
	return ""


# Tells the lobby this client leaves table [param code] (see [method leave_table]).
func _tell_left(code: String) -> void:
	if _lobby == null and _connection_status() == MultiplayerPeer.CONNECTION_CONNECTED:
		_send({"op": "leave", "code": code})
		_asked.erase(code)


# The table [param code] refused this client's request for [param reason]: one for a seat or a
# place to watch (before the session ever joined) is the refusal of the join, as the lobby's is.
func _on_table_refused(reason: String, code: String) -> void:
	var session := get_node_or_null(NodePath(code)) as RulesSession
	if session and session.get_player_id() == -1 and session.get_snapshot().is_empty():
		_drop_unused.call_deferred(code)  # not while its own signal is being emitted
		lobby_refused.emit(code, reason)


# Frees the session made for table [param code] if it never joined (the lobby refused it) and
# is not asked for again (a [signal lobby_refused] handler may join or watch again at once: the
# session it was given stays, for the lobby's answer).
func _drop_unused(code: String) -> void:
	var session := get_node_or_null(NodePath(code)) as RulesSession
	var unused := session and session.get_player_id() == -1 and session.get_snapshot().is_empty()
	if unused and not _asked.has(code):
		remove_child(session)
		session.queue_free()


# What peers send arrives untyped and is checked by the lobby.
@rpc("any_peer", "call_remote", "reliable")
func _rpc_lobby(message: Variant = null) -> void:
	if _lobby:
		_lobby.on_lobby(multiplayer.get_remote_sender_id(), message)


@rpc("authority", "call_remote", "reliable")
func _rpc_lobby_reply(reply: Dictionary) -> void:
	if not _lobby:
		_on_lobby_reply(reply)
