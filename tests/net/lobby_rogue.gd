extends SceneTree
## The lobby rogue of the crash test: attacks the bundled game's server
## ([code]game_server.gd[/code], a [RulesServer]) through its lobby RPC over real ENet on
## 127.0.0.1, from many connections at once (each a [code]lobby_probe.gd[/code] on a branch of
## the tree with a multiplayer API of its own), and checks every answer.
##
## 1. Junk, from one connection paced under the server's limits: every Variant type as the
##    message (StringName, NodePath, Callable, RID, objects, every packed array, NAN, INF,
##    negative and huge ints), StringName and NodePath keys, ops and codes, codes of no table,
##    NAN, INF and out-of-bounds values in every option, containers nested 1 000 deep and as deep
##    as Godot encodes, an oversized op, wrong argument counts, and hand-made packets Godot would
##    not encode (nested 10 000 deep, a whole object), calls of the server-only reply RPC and
##    messages to the node of a table that does not exist. Each must be refused with its reason
##    (or, what the engine itself cannot decode or route, dropped without an answer), and the
##    lobby's listing must be the same after each as before.
## 2. Tables: rapid creates (the fourth refused), a join and a spectate of a table the peer is
##    already at, a spectate then a join, a watch beyond the server's limit of tables a peer,
##    a join of a full table (refused by the table; the peer keeps its connection and the lobby
##    still answers it), a create and a join
##    from peers that leave at once; the listing checked after every refusal.
## 3. Limits: a peer flooding the lobby with messages, and one sending a 1 MB op, must each be
##    disconnected.
##
## Prints `LOBBY ROGUE RESULT ok` (or `FAILED`, with a `LOBBY ROGUE FAILURE` line each) and exits
## 0 only if everything above held and the server still answers at the end.
##
## Arguments after `--`: --port N --max-tables-per-peer N (the server's)

const Probe := preload("res://net/lobby_probe.gd")
## The whole attack must be over by then; the process ends itself either way.
const WATCHDOG_SEC := 60.0
## An answer (or a disconnect) must come within this (a liveness bound, not a timed assertion).
const ANSWER_WAIT_MSEC := 10000
## Messages a second each connection sends (outside the flood): under the server's 50 a peer
## (see [RulesServerLobby]), so that each is read and judged.
const PACE_PER_SEC := 45.0
## What a refusal's reason starts with, by what was wrong.
const NOT_A_MESSAGE := "a lobby message is"
const BAD_OP := "op is list, create, join, spectate or leave"
const NO_TABLE := "no table has this code"
const BAD_OPTIONS := "options are"
const ALREADY := "this peer already"
## No answer: the engine drops what it cannot decode or route before any script sees it.
const NO_ANSWER := ""
## Options of the rogue's tables: no deadline, so that they wait for ever and stay as they are.
const TABLE := {"players": 2, "rounds": 1, "deadline": 0.0, "entropy": 0}

var _options := {"port": 0, "max_tables_per_peer": 1}
## The connection that lists the tables after each case (a peer of its own, with limits of its
## own).
var _lister: Probe
var _probes := 0
var _sent := 0
var _refused := 0
var _failures: PackedStringArray = []
## Probe -> when it last sent (msec).
var _paced_at := {}


static func _packed_arrays() -> Array:
	return [
		PackedByteArray([1, 2]),
		PackedInt32Array([-1]),
		PackedInt64Array([1 << 62]),
		PackedFloat32Array([NAN]),
		PackedFloat64Array([INF]),
		PackedStringArray(["op", "list"]),
		PackedVector2Array([Vector2.ONE]),
		PackedVector3Array([Vector3.ONE]),
		PackedColorArray([Color.RED]),
		PackedVector4Array([Vector4.ONE]),
		PackedByteArray(),
	]


## [param depth] Arrays, each the only element of the one around it.
static func _nested_array(depth: int) -> Array:
	var value: Array = []
	for _level in depth - 1:
		value = [value]
	return value


static func _nested_dictionary(key: String, depth: int) -> Dictionary:
	var value := {}
	for _level in depth - 1:
		value = {key: value}
	return value


## An Array nested [param depth] deep, encoded by hand (Godot encodes at most 1 024 levels).
static func _deep_bytes(depth: int) -> PackedByteArray:
	var bytes := PackedByteArray()
	for _level in depth:
		bytes.append_array([28, 0, 0, 0, 1, 0, 0, 0])  # Array of 1.
	bytes.append_array([0, 0, 0, 0])  # null.
	return bytes


## A whole object, encoded (which the server must not decode).
static func _object_bytes() -> PackedByteArray:
	var object := Resource.new()
	object.resource_name = "rogue"
	return var_to_bytes_with_objects(object)


## An answer of the server, short.
static func _shown_reply(reply: Variant) -> String:
	return str(reply).left(160)


## What [param value] is, short (never the whole of a deep or large value).
static func _describe(value: Variant) -> String:
	if value is Call:
		return value.shown
	var type := type_string(typeof(value))
	if value is Array or value is Dictionary or typeof(value) >= TYPE_PACKED_BYTE_ARRAY:
		var first: Variant = value.keys()[0] if value is Dictionary and not value.is_empty() else ""
		var key := " (%s %s)" % [type_string(typeof(first)), first] if value is Dictionary else ""
		var op := (
			" op %s" % type_string(typeof(value["op"]))
			if value is Dictionary and value.has("op")
			else ""
		)
		return "%s of %d%s%s" % [type, value.size(), key.left(40), op]
	var text := "%s %s" % [type, str(value)]
	return text.left(60) + ("…" if text.length() > 60 else "")


func _initialize() -> void:
	_options = NetOptions.parse(OS.get_cmdline_user_args(), _options)
	create_timer(WATCHDOG_SEC).timeout.connect(
		func():
			_fail("the attack was not over within %d s" % WATCHDOG_SEC)
			_finish()
	)
	_attack.call_deferred()


func _attack() -> void:
	var junk: Probe = await _open("junk")
	_lister = await _open("lister")
	if junk == null or _lister == null:
		_finish()
		return
	var before: Variant = await _listing(_lister)
	for case: Array in _junk_cases():
		await _expect(junk, case[0], case[1], before)
	await _tables(junk)
	await _limits()
	var after: Variant = await _listing(_lister)
	if after == null:
		_fail("the server no longer answers at the end")
	_finish()


## Every malformed lobby message and what it must get: [message, reason the refusal starts
## with]; a [Call] is sent as it says instead (raw packets, other arities, other nodes).
func _junk_cases() -> Array:
	var cases: Array = []
	var not_messages: Array = [
		"not a Dictionary",
		null,
		42,
		-1,
		1 << 62,
		-(1 << 63),
		NAN,
		INF,
		-INF,
		true,
		&"list",
		NodePath("list"),
		Vector2(NAN, INF),
		Color(1, 0, 0),
		RID(),
		Callable(),
		["op", "list"],
		RefCounted.new(),
		_nested_array(1000),
		_nested_array(1025),
		_nested_dictionary("op", 1000),
		{&"op": "list"},
		{NodePath("op"): "list"},
		{"op": "list", &"code": "A"},
		{"op": "list", "padding": "x".repeat(10000)},
		{"op": "x".repeat(300)},
		{"op": "list", "object": RefCounted.new()},
		{"op": "list", "callable": Callable()},
		{"op": "create", "options": {"players": RefCounted.new()}},
		{"op": "create", "options": _nested_dictionary("players", 1000)},
		{"op": "list", "many": range(300)},
	]
	not_messages.append_array(_packed_arrays())
	for message: Variant in not_messages:
		cases.append([message, NOT_A_MESSAGE])
	var ops: Array = [
		5, -1, 1 << 62, NAN, INF, &"list", NodePath("list"), "", "LIST", "x".repeat(200)
	]
	ops.append_array([PackedStringArray(["list"]), ["list"], {"op": "list"}, null])
	for op: Variant in ops:
		cases.append([{"op": op}, BAD_OP])
	cases.append([{"code": "A"}, BAD_OP])
	var codes: Array = [
		7, -7, 1 << 62, NAN, &"NOPE99", NodePath("NOPE99"), "NOPE99", "", "..", null
	]
	codes.append_array([PackedByteArray([65]), ["NOPE99"], "Server", "/root/Server"])
	for code: Variant in codes:
		cases.append([{"op": "join", "code": code}, NO_TABLE])
		cases.append([{"op": "spectate", "code": code}, NO_TABLE])
	cases.append([{"op": "join"}, NO_TABLE])
	var values: Array = [NAN, INF, -INF, -1, -(1 << 62), 1 << 62, 1000, "2", &"2", NodePath("2")]
	values.append_array([true, PackedInt64Array([2]), [2], {"players": 2}, null])
	for key: String in ["players", "rounds", "deadline", "entropy"]:
		for value: Variant in values:
			cases.append([{"op": "create", "options": {key: value}}, BAD_OPTIONS])
	for options: Variant in ["five rounds", null, 5, [], PackedByteArray(), {"seed": 7}]:
		cases.append([{"op": "create", "options": options}, BAD_OPTIONS])
	cases.append([{"op": "create", "options": {&"players": 2}}, BAD_OPTIONS])
	cases.append([{"op": "create", "options": {2: 2}}, BAD_OPTIONS])
	cases.append([Call.new(func(probe): probe.send_arguments([]), "no argument"), NOT_A_MESSAGE])
	for count in [2, 5]:
		var arguments: Array = range(count)
		arguments[0] = {"op": "list"}
		var shown := "%d arguments" % count
		cases.append([Call.new(func(probe): probe.send_arguments(arguments), shown), NO_ANSWER])
	var deep := Call.new(func(probe): probe.send_raw(_deep_bytes(10000)), "10 000 deep, by hand")
	var object := Call.new(func(probe): probe.send_raw(_object_bytes()), "an encoded object")
	var reply := Call.new(
		func(probe): probe._rpc_lobby_reply.rpc_id(1, {"op": "created"}), "the reply RPC"
	)
	# What the engine cannot decode reaches the lobby as null.
	cases.append_array([[deep, NOT_A_MESSAGE], [object, NOT_A_MESSAGE], [reply, NO_ANSWER]])
	for method: StringName in [&"_rpc_hello", &"_rpc_request", &"_rpc_checkpoint"]:
		var call := Call.new(
			func(probe): _table_call(probe, "ZZZZZZ", method), "%s of no table" % method
		)
		cases.append([call, NO_ANSWER])
	return cases


## Tables: creates, joins and spectates out of order, a full table, peers that leave at once.
func _tables(junk: Probe) -> void:
	var owner: Probe = await _open("owner")
	var codes: Array = []
	for _index in 3:
		var reply: Variant = await _ask(owner, {"op": "create", "options": TABLE})
		if not (reply is Dictionary and reply.get("op") == "created"):
			_fail("owner: a create within the burst got %s" % [reply])
			return
		codes.append(reply["code"])
	var listing: Variant = await _listing(_lister)
	await _expect(owner, {"op": "create", "options": TABLE}, "one table every", listing)
	var code: String = codes[0]
	await _expect(owner, {"op": "join", "code": code}, "joined", listing)
	await _expect(owner, {"op": "join", "code": code}, ALREADY, listing)
	await _expect(owner, {"op": "spectate", "code": code}, ALREADY, listing)
	if _options["max_tables_per_peer"] == 1:
		await _expect(owner, {"op": "spectate", "code": codes[1]}, "a peer joins at most", listing)
	await _sit(owner, code, "rogue owner", "seated")
	listing = await _listing(_lister)
	var watcher: Probe = await _open("watcher")
	await _expect(watcher, {"op": "spectate", "code": code}, "spectating", listing)
	await _sit(watcher, code, "", "seated")
	listing = await _listing(_lister)
	await _expect(watcher, {"op": "join", "code": code}, ALREADY, listing)
	var second: Probe = await _open("second")
	await _expect(second, {"op": "join", "code": code}, "joined", listing)
	await _sit(second, code, "rogue second", "seated")
	listing = await _listing(_lister)
	var full := _seated(listing, code)
	if full != 2:
		_fail("table %s lists %d seated after two seats were taken" % [code, full])
	var third: Probe = await _open("third")
	await _expect(third, {"op": "join", "code": code}, "joined", listing)
	await _sit(third, code, "rogue third", "the table is full")
	# Its connection also carries the lobby and any other table: it stays.
	await _expect(third, {"op": "list"}, "list", listing)
	if third.dropped:
		_fail("third: the server disconnected it for a seat it refused")
	await _expect(junk, {"op": "list"}, "list", listing)
	# Peers that leave as soon as they asked: the server must not answer into the void.
	var creator: Probe = await _open("creator")
	creator.send({"op": "create", "options": TABLE})
	creator.leave_later()
	var joiner: Probe = await _open("joiner")
	joiner.send({"op": "join", "code": code})
	joiner.send({"op": "spectate", "code": codes[1]})
	joiner.leave_later()
	await _until(func(): return creator.dropped and joiner.dropped, "the leavers did not leave")
	var reply: Variant = await _ask(junk, {"op": "list"})
	if not (reply is Dictionary and reply.get("op") == "list"):
		_fail("the lobby did not answer a list after the leavers: %s" % [reply])


## Limits: a flood of messages, and one 1 MB message, each get their peer disconnected.
func _limits() -> void:
	var flood: Probe = await _open("flood")
	for _index in 1000:
		flood.send({"op": "list"})
	var huge: Probe = await _open("huge")
	huge.send({"op": "x".repeat(1000000)})
	await _until(func(): return flood.dropped, "flood: the server did not disconnect it")
	await _until(func(): return huge.dropped, "huge: the server did not disconnect it")
	print("LOBBY ROGUE the flood and the 1 MB op got their peers disconnected")


## Sends [param message] (or, a [Call], as it says) from [param probe], checks
## the answer is [param expected] (a refusal whose reason starts with it, or that op; with
## [constant NO_ANSWER], none: the next answer is to a list sent after it), then that the
## lobby's listing is still [param listing].
func _expect(probe: Probe, message: Variant, expected: String, listing: Variant) -> void:
	await _pace(probe)
	var shown := _describe(message)
	if message is Call:
		message.send.call(probe)
	else:
		probe.send(message)
	_sent += 1
	if expected == NO_ANSWER:
		probe.send({"op": "list"})
	var reply: Variant = await _next_reply(probe)
	var op: Variant = reply.get("op") if reply is Dictionary else null
	var reason: Variant = reply.get("reason") if reply is Dictionary else null
	if expected == NO_ANSWER:
		if op != "list":
			_fail("%s: answered %s, expected nothing" % [shown, _shown_reply(reply)])
			await _next_reply(probe)  # The list's answer, so the next case reads its own.
	elif expected in ["joined", "spectating", "list", "created"]:
		if op != expected:
			_fail("%s: answered %s, expected %s" % [shown, _shown_reply(reply), expected])
	elif op != "refused" or not (reason is String and reason.begins_with(expected)):
		_fail("%s: answered %s, expected a refusal `%s…`" % [shown, _shown_reply(reply), expected])
	else:
		_refused += 1
	if expected != NO_ANSWER and expected != "list":
		var now: Variant = await _listing(_lister)
		if now != listing:
			_fail("%s changed the listing: %s, was %s" % [shown, now, listing])


## Takes a seat at (or, with an empty name, watches) table [param code] from [param probe];
## [param outcome] is "seated", or how the refusal's reason goes on.
func _sit(probe: Probe, code: String, player_name: String, outcome: String) -> void:
	var session := RulesSession.new()
	session.name = code
	probe.add_child(session)
	var answer := {}
	session.joined.connect(func(player_id: int): answer["seated"] = player_id)
	session.request_refused.connect(func(reason: String): answer["refused"] = reason)
	session.join_table(player_name, "")
	await _until(func(): return not answer.is_empty(), "%s: no answer to its hello" % probe.label)
	if outcome == "seated" and not answer.has("seated"):
		_fail("%s was not seated at %s: %s" % [probe.label, code, answer])
	elif outcome != "seated" and not String(answer.get("refused", "")).contains(outcome):
		_fail("%s at %s: %s, expected a refusal `%s`" % [probe.label, code, answer, outcome])
	else:
		print("LOBBY ROGUE %s at %s: %s" % [probe.label, code, answer])


## Calls [param method] of a session node at [param code], a table this server does not have.
func _table_call(probe: Probe, code: String, method: StringName) -> void:
	var session := probe.get_node_or_null(NodePath(code)) as RulesSession
	if session == null:
		session = RulesSession.new()
		session.name = code
		probe.add_child(session)
	var arguments: Array = {
		&"_rpc_hello": ["rogue", "", 0],
		&"_rpc_request": [{"command": "mulligan", "player_id": 0}],
		&"_rpc_checkpoint": [1, "0".repeat(64)],
	}[method]
	probe.multiplayer.rpc(MultiplayerPeer.TARGET_PEER_SERVER, session, method, arguments)


## A new connection, once connected (null, with a failure, if it cannot).
func _open(label: String) -> Probe:
	_probes += 1
	var branch := Node.new()
	branch.name = "Rogue%d" % _probes
	root.add_child(branch)
	var probe := Probe.new()
	probe.name = "Server"
	probe.label = label
	branch.add_child(probe)
	if probe.open(_options["port"]) != OK:
		_fail("%s: cannot connect" % label)
		return null
	await _until(func(): return probe.connected or probe.dropped, "%s: no connection" % label)
	if not probe.connected:
		_fail("%s: not connected" % label)
	return probe


## The lobby's listing, as [param probe] gets it (null if no answer).
func _listing(probe: Probe) -> Variant:
	var reply: Variant = await _ask(probe, {"op": "list"})
	if reply is Dictionary and reply.get("op") == "list":
		return reply.get("tables")
	_fail("%s: a list got %s" % [probe.label, _describe(reply)])
	return null


func _ask(probe: Probe, message: Variant) -> Variant:
	await _pace(probe)
	probe.send(message)
	return await _next_reply(probe)


## The next answer [param probe] gets (null after [constant ANSWER_WAIT_MSEC] without one).
func _next_reply(probe: Probe) -> Variant:
	var started := Time.get_ticks_msec()
	while probe.replies.is_empty() and not probe.dropped:
		if Time.get_ticks_msec() - started > ANSWER_WAIT_MSEC:
			break
		await process_frame
	return probe.replies.pop_front() if not probe.replies.is_empty() else null


## Waits until [param done] holds; fails with [param failure] after [constant ANSWER_WAIT_MSEC].
func _until(done: Callable, failure: String) -> void:
	var started := Time.get_ticks_msec()
	while not done.call():
		if Time.get_ticks_msec() - started > ANSWER_WAIT_MSEC:
			_fail(failure)
			return
		await process_frame


## Keeps [param probe]'s messages under [constant PACE_PER_SEC].
func _pace(probe: Probe) -> void:
	var wait: int = _paced_at.get(probe, 0) + int(1000.0 / PACE_PER_SEC) - Time.get_ticks_msec()
	if wait > 0:
		await create_timer(wait / 1000.0).timeout
	_paced_at[probe] = Time.get_ticks_msec()


func _seated(listing: Variant, code: String) -> int:
	for table: Dictionary in listing if listing is Array else []:
		if table["code"] == code:
			return table["seated"]
	return -1


func _fail(failure: String) -> void:
	_failures.append(failure)


func _finish() -> void:
	var verdict := "ok" if _failures.is_empty() else "FAILED"
	print(
		(
			"LOBBY ROGUE RESULT %s: %d messages checked, %d refused with their reason, %d peers"
			% [verdict, _sent, _refused, _probes]
		)
	)
	for failure in _failures:
		print("LOBBY ROGUE FAILURE %s" % failure)
	for branch in root.get_children():
		var probe := branch.get_node_or_null("Server")
		if probe and probe.multiplayer.multiplayer_peer:
			probe.multiplayer.multiplayer_peer.close()
	quit(0 if _failures.is_empty() else 1)


## A case sent otherwise than as one message: [member send] is called with the probe.
class Call:
	extends RefCounted
	var send: Callable
	var shown: String

	func _init(how: Callable, description: String) -> void:
		send = how
		shown = description
