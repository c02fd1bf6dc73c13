extends TestSuite
## A [RulesServer] called the way a careless script would, over real ENet on 127.0.0.1 (the
## server and each client on a branch of the tree with a multiplayer API of its own): connecting
## or hosting twice, lobby requests before the connection is up, a seat the table refuses, and
## tables opened on a node that does not host; and a lobby whose replies are not what the lobby
## sends. Each is an error or a refusal that says why, and nothing that worked stops working.

const Loopback := preload("res://net/loopback.gd")
## An answer must come within this (a liveness bound).
const ANSWER_WAIT_MSEC := 5000

## The branches of the server and of every client, freed after each test.
var _branches: Array[Node] = []
var _server: RulesServer
var _port := 0


func test_a_host_or_a_connected_client_refuses_to_connect_or_host_again() -> void:
	# connect_to_server on a seated client returned OK and dropped its connection silently; on
	# the hosting node it returned OK and the server stopped serving everyone.
	if not _host():
		return
	var client := await _client("Client")
	if client == null:
		return
	var refused: Variant = expect_error(
		client.connect_to_server.bind("127.0.0.1", _port), "already hosts or is connected"
	)
	check_equal(refused, ERR_ALREADY_IN_USE, "a connected client connecting again")
	check_equal(
		expect_error(client.host_server.bind(0, "127.0.0.1"), "already hosting or connected"),
		ERR_ALREADY_IN_USE,
		"a connected client hosting"
	)
	refused = expect_error(
		_server.connect_to_server.bind("127.0.0.1", _port), "already hosts or is connected"
	)
	check_equal(refused, ERR_ALREADY_IN_USE, "the host connecting")
	check(_server.multiplayer.is_server(), "the host still hosts")
	var listed: Array = []
	client.tables_listed.connect(func(tables: Array) -> void: listed.append(tables))
	client.list_tables()
	check(
		await wait_until(func() -> bool: return not listed.is_empty(), "a listing"),
		"the client's connection still works"
	)
	_close_all()


func test_lobby_requests_before_the_connection_is_up_are_errors_and_leave_no_session() -> void:
	# They were lost with an engine error about RPCs and left an empty session per join.
	if not _host():
		return
	var client := RulesServer.new()
	client.name = "Server"
	Loopback.branch(self, "Early", _branches).add_child(client)
	expect_error(client.list_tables, "not connected to a server")
	check_equal(
		expect_error(client.join_table.bind("ABCDEF", "Ada"), "not connected to a server"),
		null,
		"no session before connecting"
	)
	check_equal(client.connect_to_server("127.0.0.1", _port), OK, "connecting")
	expect_error(client.create_table.bind({}), "not connected to a server")
	expect_error(client.spectate.bind("ABCDEF"), "not connected to a server")
	check_equal(client.get_child_count(), 0, "no session left behind")
	_close_all()


func test_a_seat_the_table_refuses_comes_by_lobby_refused_and_its_session_goes() -> void:
	# An unknown rejoin token (or a full table) was refused on the session's request_refused
	# only, and the session that never joined stayed under the server node.
	var table := await _table_and_client()
	if table.is_empty():
		return
	var client: RulesServer = table[0]
	var code: String = table[1]
	var refusals: Array = []
	client.lobby_refused.connect(
		func(refused: String, reason: String) -> void: refusals.append([refused, reason])
	)
	client.join_table(code, "Ada", "0123456789abcdef0123456789abcdef")
	await wait_until(func() -> bool: return not refusals.is_empty(), "the refusal")
	if refusals.size() == 1:
		check_equal(refusals[0][0], code, "the refusal names the table")
		check("token is unknown" in refusals[0][1], "and says why: %s" % refusals[0][1])
	await get_tree().process_frame
	await get_tree().process_frame
	check_equal(client.get_child_count(), 0, "the session that never joined went")
	_close_all()


func test_asking_again_from_the_refusal_handler_keeps_the_session_it_returns() -> void:
	# lobby_refused says a table refused a seat or a watch "for now"; a handler that asked again
	# at once got the session the refusal was about to free, and the seat it asked for was lost.
	var table := await _table_and_client()
	if table.is_empty():
		return
	var client: RulesServer = table[0]
	var code: String = table[1]
	var again: Array = []
	client.lobby_refused.connect(
		func(_refused: String, _reason: String) -> void:
			again.append(client.join_table(code, "Ada")),
		CONNECT_ONE_SHOT
	)
	client.join_table(code, "Ada", "0123456789abcdef0123456789abcdef")
	await wait_until(func() -> bool: return not again.is_empty(), "the refusal")
	var seated := func() -> bool:
		return is_instance_valid(again[0]) and again[0].get_player_id() >= 0
	await wait_until(seated, "a seat on the session asked for again")
	_close_all()


func test_closing_one_table_s_session_leaves_the_connection_to_the_lobby_and_other_tables() -> void:
	# close() on a table's session closed the connection the lobby and every table share: the
	# next lobby call was an engine error, and nobody was told.
	if not _host():
		return
	var codes := [_server.open_table({"players": 2}), _server.open_table({"players": 2})]
	var client := await _client("Client")
	if client == null:
		return
	var lost: Array[bool] = [false]
	client.connection_lost.connect(func() -> void: lost[0] = true)
	var first := client.join_table(codes[0], "Ada")
	var second := client.spectate(codes[1])
	var seated := func() -> bool: return first.get_player_id() == 0
	var watching := func() -> bool: return not second.get_snapshot().is_empty()
	if not (await wait_until(seated, "a seat") and await wait_until(watching, "the watch")):
		_close_all()
		return
	var token := first.get_rejoin_token()
	var left: Array[int] = []
	var table: RulesSession = _server.get_tables()[codes[0]]
	table.peer_left.connect(left.append)
	first.close()
	var listed: Array = []
	client.tables_listed.connect(func(tables: Array) -> void: listed.append(tables))
	client.list_tables()
	check(await wait_until(func() -> bool: return not listed.is_empty(), "a listing"), "listed")
	check(not lost[0], "the connection was not lost")
	# The table took the seat as gone, and it may be taken back on the same connection (the
	# lobby refused a second join, and the seat waited for a peer that no longer answered).
	check(await wait_until(func() -> bool: return left == [0], "the seat left"), "seat 0 left")
	client.leave_table(codes[0])  # the closed session goes with it
	var back := client.join_table(codes[0], "Ada", token)
	check(await wait_until(func() -> bool: return back.get_player_id() == 0, "seat 0 back"), "")
	check(not second.get_snapshot().is_empty(), "still watching the other table")
	_close_all()


func test_leave_table_on_the_host_or_before_the_join_is_answered_leaves_no_seat_behind() -> void:
	# On the hosting node it freed the table's own session and game (every tick then a script
	# error); right after join_table the lobby's answer seated the client anyway.
	if not _host():
		return
	var code := _server.open_table({"players": 2})
	expect_error(_server.leave_table.bind(code), "this node hosts")
	check(_server.get_node_or_null(code) != null, "the host's table kept")
	var client := await _client("Client")
	if client == null:
		return
	var seated: Array[int] = []
	var table: RulesSession = _server.get_tables()[code]
	table.peer_seated.connect(func(player_id: int, _peer: int) -> void: seated.append(player_id))
	client.join_table(code, "Ada")
	client.leave_table(code)
	for _frame in 30:
		await get_tree().process_frame
	check_equal(seated, [], "no seat taken")
	check_equal(client.get_child_count(), 0, "no session left")
	var back := client.join_table(code, "Ada")
	check(await wait_until(func() -> bool: return back.get_player_id() >= 0, "a seat"), "joined")
	_close_all()


func test_open_table_on_a_node_that_does_not_host_or_with_bad_options_is_an_error() -> void:
	var idle := RulesServer.new()
	check_equal(expect_error(idle.open_table.bind({}), "host_server() first"), "", "not hosting")
	idle.free()
	if not _host():
		return
	# 2.5 players made a table of 2, entropy 0.5 one without player entropy, and a deadline of
	# a millisecond a table that played itself before anyone could answer.
	var odd: Array[Dictionary] = [{"players": 12}, {"players": "3"}, {"colour": 1}]
	odd.append_array([{"players": 2.5}, {"entropy": 0.5}, {"deadline": 0.001}])
	for options: Dictionary in odd:
		var code: Variant = expect_error(_server.open_table.bind(options), "out of bounds")
		check_equal(code, "", "%s" % [options])
	check_equal(_server.get_tables().size(), 0, "no table opened")
	check(_server.open_table({"players": 3.0, "deadline": 0.0}) != "", "3.0 players, no deadline")
	_close_all()


func test_lobby_replies_the_lobby_never_sends_are_dropped_with_an_error() -> void:
	if not _host():
		return
	var client := await _client("Client")
	if client == null:
		return
	var heard: Array = []
	client.tables_listed.connect(func(tables: Array): heard.append(["listed", tables]))
	client.table_created.connect(func(code: String): heard.append(["created", code]))
	client.lobby_refused.connect(func(code: String, why: String): heard.append([code, why]))
	var bad: Array = [
		{"op": "list", "tables": 5},
		{"op": "list", "tables": "x"},
		{"op": "list", "tables": [5]},
		{"op": "created", "code": 12345},
		{"op": "created", "code": ""},
		{"op": "joined", "code": ["A"]},
		{"op": "refused", "code": "", "reason": 5},
		{"op": "refused", "code": "/root", "reason": "no"},
		{"op": 5},
	]
	for code: String in ["..", "/root", "", "../..", "ABCDE/", "abcdef"]:
		bad.append({"op": "joined", "code": code})
		bad.append({"op": "spectating", "code": code})
	# A table this client never asked to create (README's handler joins every one: a flood of
	# 20 000 made as many sessions).
	bad.append({"op": "created", "code": _server.open_table({"players": 2})})
	var children := client.get_child_count()
	for reply: Dictionary in bad:
		expect_error(func() -> void: client._rpc_lobby_reply(reply), "dropped a lobby reply")
	check_equal(heard, [], "signals of dropped replies")
	check_equal(client.get_child_count(), children, "tables made for dropped replies")
	# A listing's code means nothing: one that was not a String stopped on a script error.
	client._rpc_lobby_reply({"op": "list", "tables": [], "code": 5})
	var errors := error_log.take()
	check(errors.is_empty(), "no error for a listing's stray code: %s" % [errors])
	check_equal(heard, [["listed", []]], "the listing is heard")
	# A table asked for is heard once; the same reply again is not. A refusal of something else
	# with the code "" (a listing refused for its bytes) coming first does not use the create up
	# (it did, and the real reply was then dropped as never asked for).
	client.create_table({"players": 2})
	var listing := "a listing counts against the bytes a second a peer may send"
	client._rpc_lobby_reply({"op": "refused", "reason": listing, "code": ""})
	if await wait_until(func() -> bool: return heard.size() == 3, "the table created"):
		check_equal(heard[1], ["", listing], "the listing's refusal")
		check_equal(heard[2][0], "created", "the reply")
		var again := {"op": "created", "code": heard[2][1]}
		expect_error(func() -> void: client._rpc_lobby_reply(again), "did not ask for")
	_close_all()


func test_a_second_joined_for_a_table_this_client_sits_at_keeps_its_seat_and_token() -> void:
	var sides: Array = await _table_and_client()
	if sides.is_empty():
		return
	var client: RulesServer = sides[0]
	var code: String = sides[1]
	var session := client.join_table(code, "Ada")
	if not await wait_until(func() -> bool: return session.get_player_id() >= 0, "the seat"):
		_close_all()
		return
	var seat := session.get_player_id()
	var token := session.get_rejoin_token()
	var again := {"op": "joined", "code": code}
	expect_error(func() -> void: client._rpc_lobby_reply(again), "did not ask for")
	check_equal(session.get_player_id(), seat, "the seat")
	check_equal(session.get_rejoin_token(), token, "the rejoin token")
	_close_all()


func test_a_join_or_watch_of_what_is_not_a_table_code_is_refused_naming_it_and_leaves_nothing(
) -> void:
	# The lobby cannot name back what is not a code, so the client refuses it itself: named, and
	# the session it returned goes with the refusal (it stayed, a child nothing would ever join).
	if not _host():
		return
	var client := await _client("Client")
	if client == null:
		return
	var heard: Array = []
	client.lobby_refused.connect(func(code: String, why: String): heard.append([code, why]))
	var children := client.get_child_count()
	var asked: Array = [
		client.join_table("abc", "Ada"),
		client.spectate(".."),
		client.join_table("", "Bob"),
		client.spectate("ABCDE/"),
	]
	check(asked.all(func(session: Variant) -> bool: return session is RulesSession), "sessions")
	if not await wait_until(func() -> bool: return heard.size() == 4, "four refusals"):
		_close_all()
		return
	await get_tree().process_frame
	check_equal(
		heard.map(func(refusal: Array) -> String: return refusal[0]),
		["abc", "..", "", "ABCDE/"],
		"named"
	)
	check_equal(heard[0][1], "no table has this code", "why")
	check_equal(client.get_child_count(), children, "sessions left behind")
	_close_all()


## Hosts [member _server] on a port of [code]loopback.gd[/code]; false (with a failure) if it
## could not listen.
func _host() -> bool:
	_close_all()
	_server = RulesServer.new()
	_server.name = "Server"
	_server.table_setup = func(options: Dictionary) -> GameRules:
		return StarterGame.rules(1, options["players"], {"round_limit": options["rounds"]})
	Loopback.branch(self, "Host", _branches).add_child(_server)
	_port = Loopback.take(func(port: int) -> Error: return _server.host_server(port, "127.0.0.1"))
	check(_port != 0, "the server could not listen")
	return _port != 0


## A server hosting a table of 2 seats and a client connected to its lobby:
## [code][client, code][/code]; empty (all closed, with a failure) if either is missing.
func _table_and_client() -> Array:
	if not _host():
		return []
	var code := _server.open_table({"players": 2})
	var client := await _client("Client")
	if client == null or code == "":
		check(code != "", "a table opened")
		_close_all()
		return []
	return [client, code]


## A [RulesServer] client on branch [param branch_name], connected to the lobby; null (all
## closed, with a failure) if it did not connect.
func _client(branch_name: String) -> RulesServer:
	var client := RulesServer.new()
	client.name = "Server"
	Loopback.branch(self, branch_name, _branches).add_child(client)
	var connected: Array[bool] = [false]
	client.lobby_connected.connect(func() -> void: connected[0] = true)
	client.connect_to_server("127.0.0.1", _port)
	if not await wait_until(func() -> bool: return connected[0], "the lobby"):
		_close_all()
		return null
	return client


func _close_all() -> void:
	Loopback.close(get_tree(), _branches)
	_server = null
