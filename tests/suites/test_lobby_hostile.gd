extends TestSuite
## The lobby of a [RulesServer] under hostile input, in one process: its checks called with every
## Variant type (containers 10 000 deep among them), a real server and client over ENet on
## 127.0.0.1 (each on a branch of the tree with a multiplayer API of its own) where every Variant
## type the engine encodes goes through the lobby's RPC, a [member RulesServer.table_setup] hook
## that returns anything but fresh rules (the server used to free rules already in a tree under
## their owner, whose own free then crashed Godot with a double free), and a handler that closes
## the server while a table opens. Nothing may crash, log an error it was not expected to, or
## change the tables.

const Probe := preload("res://net/lobby_probe.gd")
const Loopback := preload("res://net/loopback.gd")
const RequestChecks := preload("res://addons/horizons_edge/net/request_checks.gd")
## Deeper than any stack would survive if a check recursed without a limit.
const VERY_DEEP := 10000
## An answer must come within this (a liveness bound).
const ANSWER_WAIT_MSEC := 5000

var _server: RulesServer
var _probe: Probe
var _port := 0
## The branches of the server and of every connection, each with a multiplayer API of its own.
var _branches: Array[Node] = []
## A freed object, for a hook to return.
var _freed: Object


static func _rules(options: Dictionary) -> GameRules:
	return StarterGame.rules(1, options["players"], {"round_limit": options["rounds"]})


## One value of every Variant type the engine sends (objects go as their id, callables and
## signals as nothing), odd numbers and strings among them.
static func _every_variant() -> Array:
	var values: Array = [null, true, -1, 1 << 62, -(1 << 63), NAN, INF, -INF, "", "x".repeat(300)]
	values.append_array([&"list", NodePath("list"), Vector2(NAN, INF), Vector2i(-1, 1 << 30)])
	values.append_array([Rect2(), Rect2i(), Vector3(), Vector3i(), Transform2D(), Vector4()])
	values.append_array([Vector4i(), Plane(), Quaternion(), AABB(), Basis(), Transform3D()])
	values.append_array([Projection(), Color(NAN, 0, 0), RID(), RefCounted.new(), Callable()])
	values.append_array([Signal(), [1, "list"], _nested_array(1000), _nested_dictionary(1000)])
	values.append_array([PackedByteArray([1]), PackedInt32Array([-1]), PackedInt64Array([-1])])
	values.append_array([PackedFloat32Array([NAN]), PackedFloat64Array([INF])])
	values.append_array([PackedStringArray(["list"]), PackedVector2Array([Vector2.ONE])])
	values.append_array([PackedVector3Array([Vector3.ONE]), PackedColorArray([Color.RED])])
	values.append(PackedVector4Array([Vector4.ONE]))
	return values


static func _nested_array(depth: int) -> Array:
	var value: Array = []
	for _level in depth - 1:
		value = [value]
	return value


static func _nested_dictionary(depth: int) -> Dictionary:
	var value := {}
	for _level in depth - 1:
		value = {"players": value}
	return value


static func _describe(value: Variant) -> String:
	if value is Dictionary:
		return "Dictionary %s" % [value.keys().map(func(key): return type_string(typeof(key)))]
	return type_string(typeof(value))


func test_the_lobby_checks_take_every_variant_type_without_an_error() -> void:
	var values := _every_variant()
	values.append_array([_nested_array(VERY_DEEP), _nested_dictionary(VERY_DEEP)])
	var object := Node.new()
	values.append_array([object, Callable(object, "free"), Signal(object, "ready")])
	for value: Variant in values:
		var shown := type_string(typeof(value))
		check_equal(RulesServerLobby.check_options(value), {}, "options %s" % shown)
		check_equal(RulesServerLobby.check_options({"players": value}), {}, "players %s" % shown)
		if not (value is Array or value is Dictionary):
			check_equal(RulesServerLobby.check_options({value: 2}), {}, "a key %s" % shown)
	# Numbers the rules could not read as JSON, and keys written alike, would be quoted in the
	# server's error log with the client's own text: a table refuses them first.
	var unreadable: Array = [NAN, {"a": [INF]}, {1: 1, "1": 2}, Vector2(NAN, 0)]
	unreadable.append_array(
		[PackedFloat64Array([1.0, -INF]), PackedVector2Array([Vector2(0, NAN)])]
	)
	unreadable.append_array([{1.5: 1}, {Vector2(): 1}, Rect2(), Transform2D()])
	# Long text in a NodePath or inside a PackedStringArray passed the 256-character limit: a
	# client put a megabyte in the log every seat and spectator is sent.
	var long_text := "x".repeat(RequestChecks.MAX_STRING_LENGTH + 1)
	var big: Array = [NodePath(long_text), PackedStringArray(["ok", long_text])]
	big.append_array([_nested_array(VERY_DEEP), _nested_dictionary(VERY_DEEP), object])
	check(RulesSessionHost.is_small(PackedStringArray(["x".repeat(256)])), "256 characters fit")
	check(RulesSessionHost.is_small(NodePath("a/b")), "a short NodePath fits")
	for value: Variant in big:
		check(not RulesSessionHost.is_small(value), "%s is not small" % type_string(typeof(value)))
	for value: Variant in unreadable:
		check(not RequestChecks.is_readable({"context": value}), "%s" % [value])
	check(RequestChecks.is_readable({"context": {"x": 1.5, "at": Vector2i(1, 2)}}), "plain")
	object.free()


func test_every_variant_type_through_the_lobby_rpc_is_refused_and_opens_no_table() -> void:
	if not await _loopback():
		return
	var messages: Array = []
	for value: Variant in _every_variant():
		messages.append_array([value, {"op": value}, {"op": "join", "code": value}])
		messages.append({"op": "spectate", "code": value})
		if not (value is Array or value is Dictionary):
			messages.append({value: "list"})
		messages.append({"op": "create", "options": {"players": value}})
		messages.append({"op": "create", "options": value})
	var refused := 0
	# A leave of what is no table of this peer's is taken without a word (only a message too
	# big to read is refused, as any is): none may fail, or put the replies below out of step.
	var too_big := 0
	for value: Variant in _every_variant():
		var leave := {"op": "leave", "code": value}
		too_big += int(not RulesSessionHost.is_small(leave))
		_probe.send(leave)
	for reply: Variant in await _replies(too_big):
		check(reply is Dictionary and reply.get("op") == "refused", "too big: %s" % [reply])
	for message: Variant in messages:
		_probe.send(message)
	var replies: Array = await _replies(messages.size())
	for index in replies.size():
		var reply: Variant = replies[index]
		if reply is Dictionary and reply.get("op") == "refused" and reply.get("reason") is String:
			refused += 1
		else:
			check(false, "message %d (%s): %s" % [index, _describe(messages[index]), reply])
	check_equal(refused, messages.size(), "refusals")
	check_equal(_server.get_tables().size(), 0, "tables opened")
	_probe.send({"op": "list"})
	var listed: Array = await _replies(1)
	check(listed.size() == 1 and listed[0].get("op") == "list", "the lobby still lists")
	_close_loopback()


func test_a_table_setup_hook_returning_anything_but_fresh_rules_refuses_the_table() -> void:
	if not await _loopback():
		return
	var hosted := GameRules.new()
	add_child(hosted)
	var node := Node.new()
	var made: Array = [5, "rules", RefCounted.new(), node, hosted, Callable()]
	for result: Variant in made:
		_server.table_setup = func(_options: Dictionary) -> Variant: return result
		var code: Variant = expect_error(func(): return _server.open_table({}), "table_setup")
		check_equal(code, "", "a table for %s" % type_string(typeof(result)))
	# Held by a member, not a lambda's capture (which would pass null for a freed object).
	_freed = GameRules.new()
	_freed.free()
	_server.table_setup = _return_freed
	check_equal(expect_error(func(): return _server.open_table({}), "table_setup"), "", "freed")
	check(is_instance_valid(hosted), "rules in the tree are the caller's: the server left them")
	_server.table_setup = func(_options: Dictionary) -> Variant: return null
	check_equal(_server.open_table({}), "", "null refuses the table, with no error")
	check_equal(_server.get_tables().size(), 0, "tables opened")
	_server.table_setup = func(options: Dictionary) -> GameRules: return _rules(options)
	check(_server.open_table({}) != "", "fresh rules open a table")
	node.free()
	hosted.free()
	_close_loopback()


func test_a_handler_that_closes_the_server_as_a_table_opens() -> void:
	if not await _loopback():
		return
	var server := _server
	server.table_opened.connect(func(_c: String, _s: RulesSession, _r: GameRules): server.close())
	var code := server.open_table({})
	check(code != "", "the table opened before the server closed")
	check_equal(server.get_tables(), {}, "a closed server has no tables")
	check_equal(expect_error(server.open_table.bind({}), "does not host"), "", "and opens none")
	await get_tree().process_frame
	_close_loopback()


func test_a_table_nobody_sits_at_closes_after_the_unclaimed_timeout() -> void:
	if not await _loopback():
		return
	if not "unclaimed_timeout" in _server:
		check(false, "RulesServer has no unclaimed_timeout: tables created and left stay for ever")
		_close_loopback()
		return
	_server.set("unclaimed_timeout", 0.2)
	var closed: Array = []
	_server.table_closed.connect(func(code: String, _archive: String): closed.append(code))
	var claimed := _server.open_table({})
	var left := _server.open_table({})
	_probe.send({"op": "join", "code": claimed})
	await _replies(1)
	var session := RulesSession.new()
	session.name = claimed
	_probe.add_child(session)
	session.join_table("sitter")
	var started := Time.get_ticks_msec()
	while closed.is_empty() and Time.get_ticks_msec() - started < ANSWER_WAIT_MSEC:
		await get_tree().process_frame
	check_equal(closed, [left], "tables closed")
	check(_server.get_tables().has(claimed), "the table with a seat taken stays")
	check_equal(session.get_player_id(), 0, "its seat")
	_close_loopback()


func test_a_table_everyone_left_before_it_started_closes_after_the_unclaimed_timeout() -> void:
	# A seat taken and left (the connection dropped) before the other seats are: the game never
	# starts, so the table would stay for ever. The one its player still waits at stays.
	if not await _loopback():
		return
	_server.unclaimed_timeout = 0.3
	var closed: Array = []
	_server.table_closed.connect(func(code: String, _archive: String): closed.append(code))
	var left := _server.open_table({})
	var waiting := _server.open_table({})
	var leaver: Probe = await _connect("Leaver")
	if leaver == null:
		_close_loopback()
		return
	var seated: Array = [await _sit(leaver, left, "leaver"), await _sit(_probe, waiting, "waiter")]
	check_equal(seated, [true, true], "seats taken")
	leaver.multiplayer.multiplayer_peer.close()
	var started := Time.get_ticks_msec()
	while closed.is_empty() and Time.get_ticks_msec() - started < ANSWER_WAIT_MSEC:
		await get_tree().process_frame
	await get_tree().create_timer(0.5).timeout
	check_equal(closed, [left], "tables closed")
	check(_server.get_tables().has(waiting), "the table its player waits at stays")
	_close_loopback()


func test_a_started_table_everyone_left_closes_after_the_unclaimed_timeout() -> void:
	# A game waits while none of its players is there (passing them all played the rest of it
	# in one frame): a table every player left for good would then stay for ever, so a started
	# one closes after the unclaimed timeout too, counted once the players' reconnect timeout
	# has run out (their seats are theirs until then).
	if not await _loopback():
		return
	_server.unclaimed_timeout = 0.3
	_server.reconnect_timeout = 2.0
	var closed: Array = []
	_server.table_closed.connect(func(code: String, _archive: String): closed.append(code))
	var code := _server.open_table({})
	var second: Probe = await _connect("Second")
	if second == null:
		_close_loopback()
		return
	var seated: Array = [await _sit(_probe, code, "first"), await _sit(second, code, "second")]
	check_equal(seated, [true, true], "seats taken")
	var table: RulesSession = _server.get_tables().get(code)
	var rules: GameRules = table.find_children("*", "GameRules", false, false).front()
	check_equal(rules.get_phase(), GameRules.PHASE_MULLIGAN, "the game started")
	for probe: Probe in [_probe, second]:
		probe.multiplayer.multiplayer_peer.close()
	await get_tree().create_timer(1.0).timeout
	check_equal(closed, [], "open while the players may still come back")
	var started := Time.get_ticks_msec()
	while closed.is_empty() and Time.get_ticks_msec() - started < ANSWER_WAIT_MSEC:
		await get_tree().process_frame
	check_equal(closed, [code], "tables closed")
	_close_loopback()


func test_the_connections_of_one_address_share_its_table_creations() -> void:
	# Connecting again gave a fresh allowance of three tables: from one address, hundreds of
	# tables in seconds. The address's allowance is shared by all its connections, past and new.
	if not await _loopback():
		return
	_server.set("tables_per_address", 4)
	var created := 0
	for round_number in 3:
		var creator: Probe = await _connect("Creator%d" % round_number)
		if creator == null:
			break
		for _index in 3:
			creator.send({"op": "create", "options": {}})
		var started := Time.get_ticks_msec()
		while creator.replies.size() < 3 and Time.get_ticks_msec() - started < ANSWER_WAIT_MSEC:
			await get_tree().process_frame
		for reply: Dictionary in creator.replies:
			created += 1 if reply.get("op") == "created" else 0
			if reply.get("op") == "refused":
				check("address" in str(reply.get("reason")), "why: %s" % reply)
		creator.multiplayer.multiplayer_peer.close()
	check_equal(created, 4, "tables created from 127.0.0.1")
	check_equal(_server.get_tables().size(), 4, "tables open")
	_close_loopback()


func test_spectators_get_one_update_built_for_them_all_up_to_the_tables_limit() -> void:
	# The public view is the same for every spectator: built once per broadcast, not once each;
	# and a table takes max_spectators_per_table of them.
	if not await _loopback():
		return
	_server.set("max_spectators_per_table", 3)
	var code := _server.open_table({})
	var table: RulesSession = _server.get_tables()[code]
	var watchers: Array = []
	for index in 3:
		var watcher: Probe = await _connect("Watcher%d" % index)
		if watcher == null or not await _sit(watcher, code, ""):
			check(false, "watcher %d could not watch" % index)
			_close_loopback()
			return
		watchers.append(watcher)
	var updates: Array[Dictionary] = []
	table.update_sent.connect(
		func(viewer: int, update: Dictionary) -> void:
			if viewer == GameRules.SPECTATOR:
				updates.append(update)
	)
	check(await _sit(_probe, code, "sitter"), "a seat taken")
	check_equal(updates.size(), watchers.size(), "updates for the spectators")
	check(
		updates.all(func(update: Dictionary) -> bool: return is_same(update, updates[0])),
		"one update"
	)
	var late: Probe = await _connect("Late")
	if late != null:
		late.send({"op": "spectate", "code": code})
		var started := Time.get_ticks_msec()
		while late.replies.is_empty() and Time.get_ticks_msec() - started < ANSWER_WAIT_MSEC:
			await get_tree().process_frame
		var answer: Dictionary = late.replies[0] if not late.replies.is_empty() else {}
		check_equal(answer.get("op"), "refused", "a fourth spectator")
		check("spectators" in str(answer.get("reason")), "why: %s" % answer)
	_close_loopback()


func test_listings_count_against_the_bytes_a_peer_may_send() -> void:
	# A list request of a few bytes draws a listing of kilobytes: without a limit of its own, a
	# peer within its message rate could make the server send far more than it receives.
	if not await _loopback():
		return
	_server.bytes_per_sec = 1024.0
	for table in 15:
		_server.open_table({})
	_probe.send({"op": "list"})
	var first: Array = await _replies(1)
	check_equal(first[0].get("op"), "list", "the first listing")
	var size := var_to_bytes(first[0]).size()
	check(size > 2048, "the listing (%d bytes) is over half the burst of 4 096 bytes" % size)
	_probe.send({"op": "list"})
	var second: Array = await _replies(1)
	check_equal(second[0].get("op"), "refused", "the second listing at once")
	check("bytes" in str(second[0].get("reason")), "and why: %s" % second[0])
	_close_loopback()


func test_a_spectator_s_catch_up_counts_against_the_bytes_its_address_may_draw() -> void:
	# Watch from the log's start, leave, watch again: three small messages drew the whole log
	# each time (about 140 times what the peer sent), however often the peer came back.
	if not await _loopback():
		return
	_server.bytes_per_sec = 1024.0
	var code := _server.open_table({"players": 8, "entropy": 0})
	var rules: GameRules = _server.get_tables()[code].get_child(0)
	rules.start_game()
	StarterGame.keep_all(rules)
	rules.play_rounds(10, GameRules.AUTOPLAY_PASS)
	var size := var_to_bytes(rules.get_events_for(GameRules.SPECTATOR, 0)).size()
	var burst := int(_server.bytes_per_sec * RulesServerLobby.CATCH_UP_SECONDS)
	check(size > burst, "the log (%d bytes) is over the burst of %d bytes" % [size, burst])
	check(await _sit(_probe, code, ""), "the first watch is caught up, the log whole")
	_probe.send({"op": "leave", "code": code})
	var first := _probe.get_node(code)
	_probe.remove_child(first)
	first.free()
	var refusals: Array[String] = []
	var again := RulesSession.new()
	again.name = code
	again.request_refused.connect(refusals.append)
	_probe.send({"op": "spectate", "code": code})
	_probe.add_child(again)
	await wait_until(func(): return _probe.replies.size() >= 2, "the lobby lets it watch again")
	again.join_table("")
	await wait_until(func(): return not refusals.is_empty(), "the second catch-up refused")
	check(again.get_snapshot().is_empty(), "and nothing sent")
	check(refusals.size() == 1 and "bytes" in refusals[0], "why: %s" % [refusals])
	# Refused for now, not for good: the lobby lets the peer ask again (it answered "already
	# watches", for as long as the connection lasted, and the table kept its place).
	_probe.send({"op": "spectate", "code": code})
	await wait_until(func(): return _probe.replies.size() >= 3, "an answer")
	check_equal(_probe.replies.back().get("op"), "spectating", "asked again: %s" % [_probe.replies])
	_close_loopback()


func test_connections_of_one_address_at_no_table_cannot_fill_the_server() -> void:
	# A peer that said one thing and joined no table stayed for ever, and one address could hold
	# as many such connections as the server has slots (1 640 were held); 32 by default. A join
	# or watch never followed by a hello counted as a table's (held as many connections again):
	# it counts while its hello may be on its way only.
	if not await _loopback():
		return
	_server.idle_per_address = 8
	var code := _server.open_table({"entropy": 0})
	var idle: Array[Probe] = [_probe]
	_probe.send({"op": "list"})
	for index in _server.idle_per_address - 1:
		var probe: Probe = await _connect("Idle%d" % index)
		if probe == null:
			_close_loopback()
			return
		var asks: String = ["list", "join", "spectate"][index % 3]
		probe.send({"op": asks, "code": code} if asks != "list" else {"op": "list"})
		idle.append(probe)
	await get_tree().create_timer(RulesSessionHost.HELLO_TIMEOUT_MSEC / 1000.0 + 0.5).timeout
	var extra := 4
	for index in extra:
		var probe: Probe = await _connect("Late%d" % index)
		if probe != null:
			idle.append(probe)
	var dropped := func() -> int:
		return idle.filter(func(probe: Probe): return probe.dropped).size()
	await wait_until(func(): return dropped.call() >= extra, "connections dropped")
	for index in idle.size():
		var expected := index < extra
		check_equal(idle[index].dropped, expected, "connection %d dropped" % index)
	_close_loopback()


func test_a_refused_join_names_the_code_it_was_for_when_that_is_a_code() -> void:
	# Named back only when it is a code (six letters of the alphabet), so a client can tell which
	# request failed and drop the session it made for it; anything else is not echoed.
	if not await _loopback():
		return
	_probe.send({"op": "join", "code": "ZZZZZZ"})
	_probe.send({"op": "spectate", "code": "<b>hi</b>"})
	# Every refusal has its code, "" when it is for no table (an unknown op, one that is no String):
	# README's lobby protocol says so, and these came without one.
	_probe.send({"op": "nope", "code": "ABCDEF"})
	_probe.send({"op": 42})
	var replies: Array = await _replies(4)
	if replies.size() == 4:
		check_equal(replies[0].get("code"), "ZZZZZZ", "a code, named")
		check_equal(replies[1].get("code"), "", "not a code, not echoed")
		check_equal(replies[2].get("code"), "", "an unknown op: for no table")
		check_equal(replies[3].get("code"), "", "an op that is no String: for no table")
	_close_loopback()


func test_a_join_refused_for_a_full_table_keeps_the_peer_s_other_tables() -> void:
	# A peer's one connection carries the lobby and every table it sits at: a seat refused at a
	# full table disconnected it from all of them.
	if not await _loopback():
		return
	var first := await _connect("FirstClient")
	var second := await _connect("SecondClient")
	var kept := _server.open_table({})
	var full := _server.open_table({})
	var filled := first != null and second != null
	filled = filled and await _sit(first, full, "first") and await _sit(second, full, "second")
	if not filled:
		check(false, "the full table's seats were taken")
		_close_loopback()
		return
	check(await _sit(_probe, kept, "keeper"), "seated at the other table")
	check(not await _sit(_probe, full, "latecomer"), "no seat at the full table")
	check(not _probe.dropped, "the peer is still connected")
	var session := _probe.get_node(kept) as RulesSession
	check_equal(session.get_player_id(), 0, "and still holds its seat at the other table")
	# The lobby forgot the refused join: the peer may watch that table instead.
	_probe.replies.clear()
	_probe.send({"op": "spectate", "code": full})
	var replies := await _replies(1)
	check_equal(
		replies.map(func(reply: Dictionary) -> Variant: return reply.get("op")),
		["spectating"],
		"watch the full table"
	)
	_close_loopback()


func test_a_table_whose_rules_a_script_frees_closes_with_one_error() -> void:
	# A re-review: the server's script freed a table's GameRules, and its clock logged two script
	# errors every 100 ms for ever (the table never closed, its clients stayed in the round).
	if not await _loopback():
		return
	var closed: Array = []
	_server.table_closed.connect(func(code: String, _archive: String): closed.append(code))
	_server.table_opened.connect(
		func(_code: String, _session: RulesSession, rules: GameRules): rules.free()
	)
	check(error_log.take().is_empty(), "no error before")
	var code := _server.open_table({})
	var started := Time.get_ticks_msec()
	while closed.is_empty() and Time.get_ticks_msec() - started < ANSWER_WAIT_MSEC:
		await get_tree().process_frame
	check_equal(closed, [code], "the table closed")
	check(not _server.get_tables().has(code), "and is gone")
	for frame in 10:
		await get_tree().process_frame
	var errors := error_log.take()
	check(errors.size() == 1 and "its GameRules was freed" in errors[0], "errors: %s" % [errors])
	_close_loopback()


func _return_freed(_options: Dictionary) -> Variant:
	return _freed


## A server and a client connected on 127.0.0.1; false (with a failure) if they could not be.
func _loopback() -> bool:
	var server_branch := _branch("LobbyServer")
	get_tree().set_multiplayer(SceneMultiplayer.new(), server_branch.get_path())
	_server = RulesServer.new()
	_server.name = "Server"
	_server.messages_per_sec = 1000.0
	_server.bytes_per_sec = 1048576.0
	_server.table_setup = func(options: Dictionary) -> GameRules: return _rules(options)
	server_branch.add_child(_server)
	_port = Loopback.take(func(port: int) -> Error: return _server.host_server(port, "127.0.0.1"))
	_probe = await _connect("LobbyClient")
	return _probe != null


## Another connection to the server, on a branch named [param branch_name]; null (with a
## failure) if it could not connect.
func _connect(branch_name: String) -> Probe:
	var branch := _branch(branch_name)
	var probe := Probe.new()
	probe.name = "Server"
	branch.add_child(probe)
	if _port == 0 or probe.open(_port) != OK:
		check(false, "no loopback connection")
		return null
	var started := Time.get_ticks_msec()
	while not probe.connected and Time.get_ticks_msec() - started < ANSWER_WAIT_MSEC:
		await get_tree().process_frame
	check(probe.connected, "the client connected")
	return probe if probe.connected else null


## A node under this suite, to hold a multiplayer API of its own.
func _branch(branch_name: String) -> Node:
	var branch := Node.new()
	branch.name = branch_name
	add_child(branch)
	_branches.append(branch)
	return branch


func _close_loopback() -> void:
	Loopback.close(get_tree(), _branches)
	_server = null
	_probe = null


## Takes a seat at table [param code] from [param probe] as [param player_name] (or, with "",
## watches it); whether its first update came within [constant ANSWER_WAIT_MSEC].
func _sit(probe: Probe, code: String, player_name: String) -> bool:
	probe.replies.clear()
	probe.send({"op": "join" if player_name != "" else "spectate", "code": code})
	var session := RulesSession.new()
	session.name = code
	probe.add_child(session)
	var started := Time.get_ticks_msec()
	while probe.replies.is_empty() and Time.get_ticks_msec() - started < ANSWER_WAIT_MSEC:
		await get_tree().process_frame
	session.join_table(player_name)
	var welcomed := func() -> bool: return not session.get_snapshot().is_empty()
	while not welcomed.call() and Time.get_ticks_msec() - started < ANSWER_WAIT_MSEC:
		await get_tree().process_frame
	return welcomed.call()


## The next [param count] answers of the lobby (fewer, with a failure, if they do not come).
func _replies(count: int) -> Array:
	var started := Time.get_ticks_msec()
	while _probe.replies.size() < count and Time.get_ticks_msec() - started < ANSWER_WAIT_MSEC:
		await get_tree().process_frame
	check_equal(_probe.replies.size(), count, "answers")
	var replies := _probe.replies.slice(0, count)
	_probe.replies = _probe.replies.slice(count)
	return replies
