@icon("res://addons/horizons_edge/icons/server_lobby.svg")
class_name RulesServerLobby
extends RefCounted
## The server side of a [RulesServer]: its tables (each a [RulesSession] child of the server node
## with its own [GameRules], [RulesSessionHost] and [RulesTableJournal]), the lobby's answers,
## which peer may talk to which table, and the limits every peer lives within whatever table it
## talks to. Created by [method RulesServer.host_server].[br][br]
## Every message, lobby or table, costs its peer a token from a bucket of
## [member RulesServer.messages_per_sec] (twice that at once) and its size (its arguments as
## [method @GlobalScope.var_to_bytes] encodes them) from a bucket of
## [member RulesServer.bytes_per_sec] (four times that at once); without, it is dropped unread,
## and a peer [constant DEBT_SECONDS] seconds' worth in debt is disconnected. A peer joins or
## watches at most [member RulesServer.max_tables_per_peer] tables, creates one every
## [constant CREATE_INTERVAL_SEC] seconds (three at once), and must say something within
## [constant RulesSessionHost.HELLO_TIMEOUT_MSEC]. The peers of one address (IP) together create
## [member RulesServer.tables_per_address] tables at once and one every
## [constant CREATE_INTERVAL_SEC] seconds after that, however often they connect again; and the
## events their spectators are sent on arrival (a catch-up, up to the whole log) count against
## [member RulesServer.bytes_per_sec] ([constant CATCH_UP_SECONDS] times that at once): one comes
## only while those bytes are not overdrawn, so however often a peer watches again, leaves and
## watches, the catch-ups average out at that rate.

## Table options a client may give, each [min, max, default]: seats, rounds, the turn deadline
## in seconds ([member RulesSession.turn_deadline]) and player entropy (0 or 1).
const OPTIONS := {
	"players": [2, 8, 2],
	"rounds": [1, 30, 10],
	"deadline": [0.0, 600.0, RulesSession.DEFAULT_TURN_DEADLINE],
	"entropy": [0, 1, 1],
}
## The shortest turn deadline a table takes, in seconds (0: none): a shorter one would play
## the table by itself, passing for players who had no time to answer.
const MIN_DEADLINE := 1.0
## A table's code: this many characters of [constant CODE_ALPHABET].
const CODE_LENGTH := 6
## No 0/O or 1/I, so a code read aloud is not misheard.
const CODE_ALPHABET := "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
## Why a join or watch is refused when no table has its code.
const NO_TABLE := "no table has this code"
## A peer this many seconds of its rate in debt is disconnected.
const DEBT_SECONDS := 10.0
## The spectators of one address may be sent this many seconds of
## [member RulesServer.bytes_per_sec] at once on arrival (their catch-ups): at the default,
## 2 MiB, the whole log of the longest game a table plays (8 players, 30 rounds: about 1.5 MB).
const CATCH_UP_SECONDS := 64.0
## Seconds between tables one peer may create (after three at once).
const CREATE_INTERVAL_SEC := 10.0
## At most this many tables in one list.
const MAX_LISTED := 100
## The tables' clocks (deadlines, reconnects, closing) run this often, not every frame: a
## table's tick costs the same whether anything is due or not.
const TICK_MSEC := 100
## Seconds between two prunings of the archives.
const PRUNE_INTERVAL_MSEC := 3600 * 1000

var _server: RulesServer
# code -> {"session", "host", "rules", "journal", "options", "opened_at", "over_at" (msec, 0
# while on), "unattended_since" (msec: since when it has not started and no seated player is
# connected; 0 otherwise)}.
var _tables := {}
# peer_id -> {"tables" ({code: when it was joined or watched, msec}), "messages", "bytes",
# "creates" ([RulesSessionHost.Bucket]s),
# "address", "connected_at", "spoke", "kicked"}.
var _peers := {}
# address -> {"creates": the [RulesSessionHost.Bucket] of the tables its peers may create,
# "catch_ups": of the bytes its spectators may be sent on arrival} (made at first use, forgotten
# once both are full again and no peer of it is connected).
var _addresses := {}
var _crypto := Crypto.new()
# When the archives were last pruned, and the tables last ticked (msec).
var _pruned_at := 0
var _ticked_at := 0


## [param raw] as table options: every key one of [constant OPTIONS], a number within its
## bounds (a whole one for the counts, a deadline of 0 or at least [constant MIN_DEADLINE]),
## converted to its default's type, the missing ones at their defaults; {} if not.
static func check_options(raw: Variant) -> Dictionary:
	if not raw is Dictionary:
		return {}
	var options := {}
	for key: String in OPTIONS:
		options[key] = OPTIONS[key][2]
	for key: Variant in raw:
		var value: Variant = raw[key]
		if not (key is String and OPTIONS.has(key)) or not (value is int or value is float):
			return {}
		var bounds: Array = OPTIONS[key]
		if not (value >= bounds[0] and value <= bounds[1]):  # NAN fails both.
			return {}
		if bounds[2] is int and value != floorf(value):  # 2.5 players, entropy 0.5
			return {}
		if key == "deadline" and value > 0.0 and value < MIN_DEADLINE:
			return {}
		options[key] = type_convert(value, typeof(bounds[2]))
	return options


# Whether [param message] may be read as a lobby message: a small Dictionary (see
# [method RulesSessionHost.is_small]) whose keys are all Strings (not StringNames, which a
# Dictionary finds under the same String).
static func _is_message(message: Variant) -> bool:
	if not (message is Dictionary and RulesSessionHost.is_small(message)):
		return false
	return message.keys().all(func(key: Variant) -> bool: return key is String)


## Whether [param value] is a table code: [constant CODE_LENGTH] characters of
## [constant CODE_ALPHABET].
static func is_code(value: Variant) -> bool:
	return RulesSessionHost.RequestChecks.is_spelled(value, CODE_LENGTH, CODE_ALPHABET)


func _init(server: RulesServer) -> void:
	_server = server


## Opens every table whose journal is in [member RulesServer.journal_folder], as it was last
## recorded; returns how many. A torn last record is dropped (and said so); a journal with no
## record past its header, whole or not (a table the server stopped while opening, before
## anyone was told of it), is removed; a damaged journal, or one whose code is not a table code,
## is left alone, with an error logged.
func resume_tables() -> int:
	var folder := _server.journal_folder
	if folder == "":
		return 0
	DirAccess.make_dir_recursive_absolute(folder)
	_prune()
	var resumed := 0
	for file in DirAccess.get_files_at(folder):
		if file.get_extension() != RulesTableJournal.EXTENSION:
			continue
		var journal := RulesTableJournal.open(folder.path_join(file))
		if journal == null:
			continue
		if journal.note != "":
			print("RulesServer: journal %s: %s" % [file, journal.note])
		if journal.records <= 1 and is_code(file.get_basename()):
			# The server stopped while opening the table, before its code went to anyone.
			journal.close()
			DirAccess.remove_absolute(journal.path)
			var never := "a table never opened (no record past its header); removed"
			print("RulesServer: journal %s: %s" % [file, never])
			continue
		if _resume(journal):
			resumed += 1
	return resumed


## Opens a table with [param options] (checked, see [constant OPTIONS]); returns its code, or ""
## (with an error logged) if the game refused the options or the journal cannot be written.
func open_table(options: Dictionary) -> String:
	var code := _new_code()
	var rules := _setup_rules(options)
	if rules == null:
		return ""
	if rules.rekey_from_os() != OK:
		rules.free()
		return ""
	var journal: RulesTableJournal = null
	if _server.journal_folder != "":
		journal = RulesTableJournal.create(_server.journal_folder, code, options)
		if journal == null or journal.append(rules, {}) != OK:
			rules.free()
			return ""
	_add_table(code, options, rules, journal)
	return code


## A lobby message from [param peer_id]: list, create, join, spectate or leave. Anything else, or
## anything malformed (not a small Dictionary of String keys, an op that is not one of those
## Strings, a second join or watch of a table), is refused with its reason.
func on_lobby(peer_id: int, message: Variant) -> void:
	if not admit(peer_id, "", [message]):
		return
	if not _is_message(message):
		var reason := "a lobby message is a small Dictionary with String keys"
		_reply(peer_id, {"op": "refused", "reason": reason})
		return
	var code: Variant = message.get("code", "")
	var op: Variant = message.get("op")
	# A StringName or NodePath op would match a String pattern: only a String is an op.
	match op if op is String else null:
		"list":
			_list(peer_id)
		"create":
			_create(peer_id, message.get("options", {}))
		"leave":
			_leave(peer_id, code)
		"join", "spectate":
			if code is String and _tables.has(code):
				_enter(peer_id, code, op == "spectate")
			else:
				# The code is named back only if it is one (6 letters of the alphabet), so that
				# the client can tell which of its requests failed; anything else stays unread.
				var named := code if is_code(code) else ""
				_reply(peer_id, {"op": "refused", "reason": NO_TABLE, "code": named})
		_:
			var ops := "op is list, create, join, spectate or leave"
			_reply(peer_id, {"op": "refused", "reason": ops})


## Whether a message of [param peer_id] with [param arguments] may be read: the peer is within
## its limits and, for a table ([param code] not ""), joined or watches it.
func admit(peer_id: int, code: String, arguments: Array) -> bool:
	var peer := _peer(peer_id)
	if peer["kicked"]:
		return false
	peer["spoke"] = true
	# Each argument on its own: the engine decodes a Variant as deep as it encodes one, so one
	# level more (the arguments' Array) could fail to encode, with an error a level.
	var size := 0
	for argument: Variant in arguments:
		size += var_to_bytes(argument).size()
	var messages: RulesSessionHost.Bucket = peer["messages"]
	var bytes: RulesSessionHost.Bucket = peer["bytes"]
	if not (messages.take() and bytes.take(size)):
		if messages.tokens <= messages.lowest or bytes.tokens <= bytes.lowest:
			kick(peer_id, "over %d messages or %d bytes a second" % [messages.rate, bytes.rate])
		return false
	return code == "" or peer["tables"].has(code)


## Disconnects [param peer_id]; what it still sends is dropped unread.
func kick(peer_id: int, reason: String) -> void:
	_peer(peer_id)["kicked"] = true
	_server.peer_kicked.emit(peer_id, reason)
	RulesSessionHost.disconnect_peer(_server.multiplayer, peer_id)


## Every [constant TICK_MSEC]: disconnects peers silent too long, runs each table's clock (see
## [method RulesSessionHost.tick]), closes tables whose [GameRules] a script freed (with an
## error, once), tables finished long enough (see
## [member RulesServer.finished_linger]) and those not started whose seated players were all
## away too long (see [member RulesServer.unclaimed_timeout]); once an hour, prunes the archives
## and forgets the addresses that may create as many tables as they may at once.
func tick(now_msec: int) -> void:
	if now_msec - _ticked_at < TICK_MSEC:
		return
	_ticked_at = now_msec
	if now_msec - _pruned_at > PRUNE_INTERVAL_MSEC:
		_prune()
		_forget_addresses()
	for peer_id in _peers.keys():
		var peer: Dictionary = _peers[peer_id]
		var silent: bool = (
			now_msec - int(peer["connected_at"]) > RulesSessionHost.HELLO_TIMEOUT_MSEC
		)
		if silent and not peer["spoke"] and not peer["kicked"]:
			kick(peer_id, "no message within %d ms" % RulesSessionHost.HELLO_TIMEOUT_MSEC)
	for code in _tables.keys():
		var table: Dictionary = _tables[code]
		if not table["host"].has_rules():
			push_error("RulesServer: table %s closed: its GameRules was freed" % code)
			_close(code)
			continue
		table["host"].tick(now_msec)
		if table["over_at"] == 0 and table["rules"].get_phase() == GameRules.PHASE_GAME_OVER:
			table["over_at"] = now_msec
		var linger := int(_server.finished_linger * 1000.0)
		if table["over_at"] > 0 and now_msec - table["over_at"] > linger:
			_close(code)
		elif _is_unclaimed(table, now_msec):
			print("RulesServer: table %s closed: none of its players is here" % code)
			_close(code)


## A peer connected: it must say something soon, and if more than
## [member RulesServer.idle_per_address] peers of its address are at no table (neither seated
## nor watching: a join or watch asked for counts while its hello may be on its way, and once
## it is taken), the one of them connected longest goes.
func on_peer_connected(peer_id: int) -> void:
	var address: String = _peer(peer_id)["address"]
	var idle: Array = _peers.keys().filter(
		func(other: int) -> bool:
			var peer: Dictionary = _peers[other]
			return peer["address"] == address and not peer["kicked"] and not _is_at_a_table(other)
	)
	if idle.size() <= _server.idle_per_address:
		return
	var oldest: int = idle[0]
	for other: int in idle:
		if _peers[other]["connected_at"] < _peers[oldest]["connected_at"]:
			oldest = other
	var reason := "more than %d connections of this address are at no table"
	kick(oldest, reason % _server.idle_per_address)


## A peer left: it no longer counts at any table (each table's seat waits for it).
func on_peer_disconnected(peer_id: int) -> void:
	_peers.erase(peer_id)


## The tables open now (code -> [RulesSession]).
func get_tables() -> Dictionary:
	var sessions := {}
	for code in _tables:
		sessions[code] = _tables[code]["session"]
	return sessions


## Closes every table's journal (the server stops).
func close() -> void:
	for table: Dictionary in _tables.values():
		if table["journal"]:
			table["journal"].close()


# Whether [param peer_id] holds a seat at a table or watches one (its hello taken there), or
# asked the lobby to less than [constant RulesSessionHost.HELLO_TIMEOUT_MSEC] ago (its hello on
# its way): a join never followed by a hello leaves a connection idle.
func _is_at_a_table(peer_id: int) -> bool:
	var joined: Dictionary = _peers[peer_id]["tables"]
	var now := Time.get_ticks_msec()
	for code: String in joined:
		if not _tables.has(code):
			continue
		if _tables[code]["host"].is_present(peer_id):
			return true
		if now - int(joined[code]) < RulesSessionHost.HELLO_TIMEOUT_MSEC:
			return true
	return false


func _peer(peer_id: int) -> Dictionary:
	if not _peers.has(peer_id):
		var rate := _server.messages_per_sec
		var bytes := _server.bytes_per_sec
		_peers[peer_id] = {
			"tables": {},
			"messages": RulesSessionHost.Bucket.new(rate * 2.0, rate, -rate * DEBT_SECONDS),
			"bytes": RulesSessionHost.Bucket.new(bytes * 4.0, bytes, -bytes * DEBT_SECONDS),
			"creates": RulesSessionHost.Bucket.new(3.0, 1.0 / CREATE_INTERVAL_SEC),
			"address": _address_of(peer_id),
			"connected_at": Time.get_ticks_msec(),
			"spoke": false,
			"kicked": false,
		}
	return _peers[peer_id]


# Sends [param peer_id] the listing, its size taken from the peer's bytes as if it had sent it:
# a request of a few bytes may not draw kilobytes faster than the peer may send them.
func _list(peer_id: int) -> void:
	var reply := {"op": "list", "tables": _listing()}
	var bytes: RulesSessionHost.Bucket = _peer(peer_id)["bytes"]
	if bytes.take(var_to_bytes(reply).size()):
		_reply(peer_id, reply)
	else:
		var reason := "a listing counts against the %d bytes a second a peer may send" % bytes.rate
		_reply(peer_id, {"op": "refused", "reason": reason})


func _create(peer_id: int, raw: Variant) -> void:
	var options := check_options(raw)
	var refusal := ""
	if options.is_empty():
		refusal = "options are %s, numbers within bounds" % ", ".join(OPTIONS.keys())
	elif _tables.size() >= _server.max_tables:
		refusal = "this server hosts as many tables as it may"
	elif not _peer(peer_id)["creates"].take():
		refusal = "one table every %d s" % CREATE_INTERVAL_SEC
	elif not _address(_peer(peer_id)["address"])["creates"].take():
		refusal = "one table every %d s from this address" % CREATE_INTERVAL_SEC
	var code := open_table(options) if refusal == "" else ""
	if refusal == "" and code == "":
		refusal = "the server could not open this table"
	if refusal != "":
		# "of": which request it refuses, for a client that counts its creates.
		_reply(peer_id, {"op": "refused", "reason": refusal, "code": "", "of": "create"})
	else:
		_reply(peer_id, {"op": "created", "code": code})


func _enter(peer_id: int, code: String, watch: bool) -> void:
	var joined: Dictionary = _peer(peer_id)["tables"]
	if joined.has(code):
		# A seat or a watch: the table refuses a second hello from the same peer either way.
		var already := "this peer already joined or watches table %s" % code
		_reply(peer_id, {"op": "refused", "reason": already, "code": code})
		return
	if joined.size() >= _server.max_tables_per_peer:
		var reason := "a peer joins at most %d tables" % _server.max_tables_per_peer
		_reply(peer_id, {"op": "refused", "reason": reason, "code": code})
		return
	var host: RulesSessionHost = _tables[code]["host"]
	if watch and host.get_spectator_count() >= _server.max_spectators_per_table:
		var full := "table %s has as many spectators as it takes" % code
		_reply(peer_id, {"op": "refused", "reason": full, "code": code})
		return
	joined[code] = Time.get_ticks_msec()
	if watch:
		host.add_spectator(peer_id)
	_reply(peer_id, {"op": "spectating" if watch else "joined", "code": code})


# [param peer_id] leaves table [param code] it joined or watches, its connection kept for the
# others: the table takes it as gone (a seat waits for it as for a dropped connection), and it
# may join again. Leaving a table it is not at says nothing: the answer could only be "not
# there".
func _leave(peer_id: int, code: Variant) -> void:
	if not (code is String and _peer(peer_id)["tables"].has(code)):
		return
	_forget_join(peer_id, code)
	if _tables.has(code):
		_tables[code]["host"].on_peer_disconnected(peer_id)


# [param peer_id] was refused a seat at table [param code]: it may join again, watch that table
# or join another instead.
func _forget_join(peer_id: int, code: String) -> void:
	if _peers.has(peer_id):
		_peers[peer_id]["tables"].erase(code)


func _listing() -> Array:
	var listing := []
	for code in _tables:
		var table: Dictionary = _tables[code]
		if not table["host"].has_rules():
			continue  # Freed by a script: closed at the next tick.
		var rules: GameRules = table["rules"]
		var tokens: Dictionary = table["host"].get_tokens()
		listing.append(
			{
				"code": code,
				"options": table["options"],
				"seated": tokens.values().filter(func(token): return token != "").size(),
				"phase": rules.get_phase(),
				"round": rules.get_round(),
			}
		)
		if listing.size() >= MAX_LISTED:
			break
	return listing


func _resume(journal: RulesTableJournal) -> bool:
	var options := check_options(journal.options)
	var rules := _setup_rules(options) if not options.is_empty() else null
	var why := ""
	if not is_code(journal.code):
		why = "its code is not a table code (%d of %s)" % [CODE_LENGTH, CODE_ALPHABET]
	elif rules == null:
		why = "the game refused its options"
	elif rules.load_replay(journal.replay) != OK:
		why = "its replay does not load"
	elif str(rules.get_state_hash()) != journal.state_hash:
		why = "its replay does not reach the recorded state"
	if why != "":
		push_error("RulesServer: table %s not resumed: %s" % [journal.code, why])
		if rules:
			rules.free()
		journal.close()
		return false
	var host := _add_table(journal.code, options, rules, journal)
	host.restore_tokens(journal.tokens)
	print(
		(
			"RulesServer: table %s resumed: %d records, round %d, state hash %s as recorded"
			% [journal.code, journal.records, rules.get_round(), journal.state_hash]
		)
	)
	return true


# What [member RulesServer.table_setup] made for [param options]: null if it refused them (it
# returned null), or, with an error logged, if it returned anything but a fresh [GameRules]
# (another type, a freed object, rules already in a tree), which the server must not take.
func _setup_rules(options: Dictionary) -> GameRules:
	var made: Variant = _server.table_setup.call(options)
	if typeof(made) == TYPE_NIL:
		return null
	var rules: GameRules = made if is_instance_valid(made) and made is GameRules else null
	if rules == null or rules.get_parent() != null:
		var what := "rules already in a tree" if rules else type_string(typeof(made))
		push_error("RulesServer: table_setup returned %s, not a fresh GameRules" % what)
		return null
	return rules


func _add_table(
	code: String, options: Dictionary, rules: GameRules, journal: RulesTableJournal
) -> RulesSessionHost:
	var session := RulesSession.new()
	session.name = code
	session.turn_deadline = options["deadline"]
	session.reconnect_timeout = _server.reconnect_timeout
	session.add_child(rules)
	_server.add_child(session)
	var gate := func(peer_id: int, arguments: Array) -> bool: return admit(peer_id, code, arguments)
	var host := session.host_table(rules, journal, gate)
	host.seat_refused.connect(_forget_join.bind(code))
	host.catch_up_limit = _may_catch_up
	_tables[code] = {
		"session": session,
		"host": host,
		"rules": rules,
		"journal": journal,
		"options": options,
		"opened_at": Time.get_ticks_msec(),
		"over_at": 0,
		"unattended_since": Time.get_ticks_msec(),
	}
	_server.table_opened.emit(code, session, rules)
	return host


# Whether no seated player has been connected to [param table] for
# [member RulesServer.unclaimed_timeout]: nobody sat at it, or everyone who did left. Once the
# game started, only while it waits for everyone still in it, each away past the reconnect
# timeout (their seats are theirs until then; see table_flow.gd's advance()).
func _is_unclaimed(table: Dictionary, now_msec: int) -> bool:
	var timeout := int(_server.unclaimed_timeout * 1000.0)
	var host: RulesSessionHost = table["host"]
	var started: bool = table["rules"].get_phase() != GameRules.PHASE_SETUP
	if timeout <= 0 or host.has_seated_peer() or (started and not host.is_abandoned()):
		table["unattended_since"] = 0
		return false
	if table["unattended_since"] == 0:
		table["unattended_since"] = now_msec
	return now_msec - int(table["unattended_since"]) > timeout


func _close(code: String) -> void:
	var table: Dictionary = _tables[code]
	_tables.erase(code)
	for peer: Dictionary in _peers.values():
		peer["tables"].erase(code)
	var journal: RulesTableJournal = table["journal"]
	var archive := journal.archive() if journal else ""
	table["session"].queue_free()
	_server.table_closed.emit(code, archive)


# A code no table has had (32^6, about a billion: a handful of tries at most).
func _new_code() -> String:
	var code := ""
	while code == "" or _tables.has(code) or _journal_exists(code):
		code = ""
		for byte in _crypto.generate_random_bytes(CODE_LENGTH):
			code += CODE_ALPHABET[byte % CODE_ALPHABET.length()]
	return code


func _journal_exists(code: String) -> bool:
	var folder := _server.journal_folder
	if folder == "":
		return false
	var base := folder.path_join(code)
	var archive := base + RulesTableJournal.ARCHIVE_SUFFIX
	return FileAccess.file_exists(base + ".journal") or FileAccess.file_exists(archive)


# The address (IP) of [param peer_id]; for a peer that is not ENet's, one of its own.
func _address_of(peer_id: int) -> String:
	var enet := _server.multiplayer.multiplayer_peer as ENetMultiplayerPeer
	var packet_peer := enet.get_peer(peer_id) if enet else null
	return packet_peer.get_remote_address() if packet_peer else "peer %d" % peer_id


# The buckets of [param address] (see [member _addresses]), made on first use.
func _address(address: String) -> Dictionary:
	if not _addresses.has(address):
		var burst := float(_server.tables_per_address)
		var bytes := _server.bytes_per_sec
		_addresses[address] = {
			"creates": RulesSessionHost.Bucket.new(burst, 1.0 / CREATE_INTERVAL_SEC),
			# Overdrawn by any amount: one catch-up larger than the burst still goes out.
			"catch_ups": RulesSessionHost.Bucket.new(bytes * CATCH_UP_SECONDS, bytes, -INF),
		}
	return _addresses[address]


# Whether [param peer_id]'s address may be sent a spectator's catch-up of [param size] bytes:
# while its catch-up bytes are not overdrawn; they are taken all the same.
func _may_catch_up(peer_id: int, size: int) -> bool:
	var catch_ups: RulesSessionHost.Bucket = _address(_peer(peer_id)["address"])["catch_ups"]
	catch_ups.take(0.0)  # Refills it up to now.
	if catch_ups.tokens < 0.0:
		return false
	catch_ups.take(size)
	return true


# Forgets the addresses whose buckets are full again and whose peers are all gone.
func _forget_addresses() -> void:
	var in_use := {}
	for peer: Dictionary in _peers.values():
		in_use[peer["address"]] = true
	for address in _addresses.keys():
		var full := true
		for bucket: RulesSessionHost.Bucket in _addresses[address].values():
			bucket.take(0.0)  # Refills it up to now.
			full = full and bucket.tokens >= bucket.capacity
		if not in_use.has(address) and full:
			_addresses.erase(address)


func _prune() -> void:
	_pruned_at = Time.get_ticks_msec()
	var folder := _server.journal_folder
	var max_age := _server.archive_max_age_days * 86400.0
	if folder != "" and max_age > 0.0:
		var removed := RulesTableJournal.prune(folder, max_age, Time.get_unix_time_from_system())
		if removed > 0:
			print(
				(
					"RulesServer: %d archives older than %d days removed"
					% [removed, _server.archive_max_age_days]
				)
			)


# Sends [param reply] to [param peer_id]; a refusal always has its [code]code[/code] ("" when
# it is for no table, as README's lobby protocol says).
func _reply(peer_id: int, reply: Dictionary) -> void:
	if reply.get("op") == "refused" and not reply.has("code"):
		reply["code"] = ""
	_server._rpc_lobby_reply.rpc_id(peer_id, reply)
