extends SceneTree
## A bot client of the game server (a [RulesServer]) for the crash test. With --create N it asks
## the lobby for a table of N seats (--rounds, --deadline, --entropy) and prints
## `LOBBY created CODE`; otherwise it joins (or, with --spectate 1, watches) table --code, after
## checking the lobby lists it. It keeps its hand, plays a random legal action each activation
## and audits every round, taking --think-ms milliseconds over each decision (so that a test's
## games last long enough to be caught in the middle).[br][br]
## When the server goes away (it is killed), the client connects again until the server is back
## and takes its seat back with its rejoin token (a spectator just watches again), on a fresh
## session that asks for the whole log: every event it had received before must come again, the
## same (so no action the server acknowledged was lost), and the fresh auditor checks every round
## from the start. Prints `MARK round=R draws=D` as tokens are drawn (the test driver kills the
## server on one), then one `LOBBY RESULT` line; exits 0 only if every round verified, every
## event seen before a crash came back unchanged, and (with --expect-crash 1) the server did go
## away at least once. With --junk 1 it first sends the lobby malformed messages (not a
## Dictionary, none at all, unknown ops, codes of the wrong type or of no table, options out of
## bounds, NaN or of the wrong type, an oversized field), each of which must be refused; and
## once seated, it asks to watch another table, which a server that lets a peer join one table
## (--max-tables-per-peer 1) must refuse.
##
## Arguments after `--`: --port N --name S --create N --rounds N --deadline S --entropy 0|1
## --code CODE --spectate 0|1 --seed N --expect-crash 0|1 --junk 0|1 --think-ms N

const QUIT_DELAY_SEC := 2.0
## The whole game must be over by then; the process ends itself either way.
const WATCHDOG_SEC := 150.0
## Seconds between attempts to reach a server that is gone.
const RETRY_SEC := 0.5
## ENet gives up on a silent server after this many milliseconds (its default is 30 s).
const SERVER_TIMEOUT_MSEC := 3000

var _options := {
	"port": 0,
	"name": "client",
	"create": 0,
	"rounds": 3,
	"deadline": 10.0,
	"entropy": 1,
	"code": "",
	"spectate": 0,
	"seed": 1,
	"expect_crash": 0,
	"junk": 0,
	"think_ms": 0,
}
var _server := RulesServer.new()
var _session: RulesSession
var _rng := RandomNumberGenerator.new()
var _token := ""
## seq -> the event as JSON, as first received.
var _seen := {}
## Events seen before the last crash that have not come back yet (seq -> true).
var _unconfirmed := {}
## Events seen before a crash that came back unchanged, and those that differed.
var _rechecked := 0
var _differed := 0
## Actions of this seat the server acknowledged (their events arrived) before the last crash.
var _acknowledged := 0
## How many times the server went away.
var _crashes := 0
## Malformed lobby messages sent and not refused yet.
var _junk_left := 0
## With --junk 1: the tables listed besides this client's own, and whether asking to watch one
## beyond the server's limit was refused (null: not asked yet).
var _others: Array = []
var _over_limit_refused: Variant = null
var _answered := ""
var _draws := 0
var _failures: PackedStringArray = []
var _finished := false


func _initialize() -> void:
	_options = NetOptions.parse(OS.get_cmdline_user_args(), _options)
	_rng.seed = _options["seed"]
	create_timer(WATCHDOG_SEC).timeout.connect(_on_watchdog)
	_server.name = "Server"
	root.add_child(_server)
	_server.lobby_connected.connect(_on_lobby_connected)
	_server.connection_lost.connect(_on_connection_lost)
	_server.table_created.connect(_on_table_created)
	_server.tables_listed.connect(_on_tables_listed)
	_server.lobby_refused.connect(_on_lobby_refused)
	_connect.call_deferred()


func _connect() -> void:
	if _finished:
		return
	if _server.connect_to_server("127.0.0.1", _options["port"]) != OK:
		create_timer(RETRY_SEC).timeout.connect(_connect)


func _on_lobby_connected() -> void:
	var peer := _server.multiplayer.multiplayer_peer as ENetMultiplayerPeer
	peer.get_peer(MultiplayerPeer.TARGET_PEER_SERVER).set_timeout(4, 1000, SERVER_TIMEOUT_MSEC)
	if _options["code"] != "" and _crashes > 0:
		_sit()
	elif _options["create"] > 0:
		var table := {"players": _options["create"], "rounds": _options["rounds"]}
		table.merge({"deadline": _options["deadline"], "entropy": _options["entropy"]})
		_server.create_table(table)
	elif _options["junk"] == 1 and _crashes == 0:
		_send_junk()
	else:
		_server.list_tables()


## Sends the lobby one malformed message of each kind; each must come back refused.
func _send_junk() -> void:
	var junk: Array = [
		"not a Dictionary",
		null,
		{"op": 5},
		{"op": "shout"},
		{"op": "join", "code": 7},
		{"op": "spectate", "code": "NOPE99"},
		{"op": "create", "options": {"players": 1000}},
		{"op": "create", "options": {"rounds": NAN}},
		{"op": "create", "options": "five rounds"},
		{"op": "create", "options": {"seed": 7}},
		{"op": "list", "padding": "x".repeat(10000)},
	]
	_junk_left = junk.size()
	for message: Variant in junk:
		_server._rpc_lobby.rpc_id(MultiplayerPeer.TARGET_PEER_SERVER, message)


func _on_table_created(code: String) -> void:
	print("LOBBY created %s" % code)
	_options["code"] = code
	_sit()


func _on_tables_listed(tables: Array) -> void:
	var codes := tables.map(func(table: Dictionary): return table["code"])
	if not _options["code"] in codes:
		_fail("the lobby does not list table %s" % _options["code"])
	_others = codes.filter(func(code: String): return code != _options["code"])
	_sit()


## Takes the seat (back), or watches, on a fresh session.
func _sit() -> void:
	var code: String = _options["code"]
	if _options["spectate"] == 1:
		_session = _server.spectate(code)
	else:
		_session = _server.join_table(code, _options["name"], _token)
	_session.joined.connect(_on_joined)
	_session.snapshot_received.connect(_on_snapshot)
	_session.event_received.connect(_on_event)
	_session.round_audited.connect(_on_round_audited)
	_session.request_refused.connect(func(reason: String): _fail("refused: %s" % reason))
	_answered = ""


func _on_lobby_refused(_code: String, reason: String) -> void:
	if _over_limit_refused == false and reason.contains("at most"):
		_over_limit_refused = true
		print("LOBBY %s over its limit, refused: %s" % [_options["name"], reason])
		return
	if _junk_left > 0:
		_junk_left -= 1
		print("LOBBY %s junk refused: %s" % [_options["name"], reason])
		if _junk_left == 0:
			_server.list_tables()
		return
	_fail("the lobby refused: %s" % reason)
	_finish()


func _on_joined(player_id: int) -> void:
	print("LOBBY %s seated as player %d at %s" % [_options["name"], player_id, _options["code"]])
	_token = _session.get_rejoin_token()
	if _options["junk"] == 1 and _over_limit_refused == null and not _others.is_empty():
		_over_limit_refused = false
		_server.spectate(_others[0])


func _on_connection_lost() -> void:
	if _finished:
		return
	_crashes += 1
	print("LOBBY %s lost the server; connecting again" % _options["name"])
	for seq in _seen:
		_unconfirmed[seq] = true
	_server.close.call_deferred()
	_session = null
	create_timer(RETRY_SEC).timeout.connect(_connect)


func _on_event(event: Dictionary) -> void:
	var text := JSON.stringify(event)
	var seq: int = event["seq"]
	if _seen.has(seq):
		if _seen[seq] == text:
			_rechecked += 1
		else:
			_differed += 1
			_fail("event %d came back different after the crash" % seq)
	_seen[seq] = text
	_unconfirmed.erase(seq)
	var own: bool = event.get("player") == _session.get_player_id()
	if event["type"] == "action_resolved" and own and _crashes == 0:
		_acknowledged += 1
	if event["type"] == "round_started":
		_draws = 0
	elif event["type"] == "token_drawn":
		_draws += 1
		print("MARK round=%d draws=%d" % [event["round"], _draws])


func _on_snapshot(snapshot: Dictionary) -> void:
	if _finished:
		return
	if snapshot["phase"]["phase"] == "game_over":
		_finish()
		return
	match _session.get_decision():
		"mulligan":
			_answer("keep", func(): _session.request_keep())
		"activation":
			var actions := _session.get_legal_actions()
			var pick: Dictionary = actions[_rng.randi_range(0, actions.size() - 1)]
			var activation := "act %d.%d" % [snapshot["round"], snapshot["bag"]["drawn"].size()]
			_answer(activation, func(): _session.request_action(pick))


## Answers [param decision] once, after thinking; not at all if the session changed meanwhile
## (the server went away: the fresh session answers again).
func _answer(decision: String, request: Callable) -> void:
	if decision == _answered:
		return
	_answered = decision
	var session := _session
	if _options["think_ms"] > 0:
		await create_timer(_options["think_ms"] / 1000.0).timeout
	if session == _session and not _finished:
		request.call()


func _on_round_audited(round_number: int, fair: bool, detail: String) -> void:
	print("LOBBY %s round %d audited: %s" % [_options["name"], round_number, detail])
	if not fair:
		_fail("round %d failed its audit: %s" % [round_number, detail])


func _on_watchdog() -> void:
	_fail("the game was not over within %d s" % WATCHDOG_SEC)
	_finish()


func _fail(failure: String) -> void:
	_failures.append(failure)


func _finish() -> void:
	if _finished:
		return
	_finished = true
	var verified: PackedInt64Array = []
	var rounds := 0
	if _session and _session.get_auditor():
		verified = _session.get_auditor().get_verified_rounds()
		rounds = _session.get_snapshot().get("round", 0)
	if rounds == 0 or verified != PackedInt64Array(range(1, rounds + 1)):
		_fail("verified rounds %s, expected 1 to %d" % [verified, rounds])
	if not _unconfirmed.is_empty():
		_fail("%d events seen before the crash never came back" % _unconfirmed.size())
	if _options["junk"] == 1 and _over_limit_refused != true:
		_fail("the lobby let this peer watch more tables than its limit")
	if _options["expect_crash"] == 1 and _crashes == 0:
		_fail("the server never went away")
	var verdict := "ok" if _failures.is_empty() else "FAILED"
	print(
		(
			(
				"LOBBY RESULT %s: %s at %s, rounds verified %s, %d crashes, %d actions acknowledged "
				+ "before the first, %d earlier events came back unchanged, %d differed"
			)
			% [
				verdict,
				_options["name"],
				_options["code"],
				verified,
				_crashes,
				_acknowledged,
				_rechecked,
				_differed,
			]
		)
	)
	for failure in _failures:
		print("LOBBY FAILURE %s" % failure)
	await create_timer(QUIT_DELAY_SEC).timeout
	_server.close()
	quit(0 if _failures.is_empty() else 1)
