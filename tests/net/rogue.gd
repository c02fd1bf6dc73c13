extends SceneTree
## The rogue client of the network abuse test, against the bundled game's dedicated server. It
## connects three times:
##
## 1. A probe that never holds a seat: a request and a checkpoint before any hello, malformed
##    hellos (wrong types, a 100 000-character name, missing and extra arguments), then a hello
##    with a rejoin token nobody holds, which must get it disconnected.
## 2. A seat, taken with an ordinary hello. It takes two mulligans and then never keeps (the
##    server's deadline must keep its hand), and, paced under the server's rate limit, sends a
##    battery of bad requests: a second hello, requests for other seats, forged and wrong-typed
##    player ids, wrong types in every field, StringName values and keys, objects, a 100 000-entry
##    Dictionary, a 100 000-element Array, a 1 MB String, a Variant nested 1 000 deep (as deep as
##    Godot encodes) and one nested 10 000 deep (a hand-made RPC packet), wrong argument counts,
##    calls of the server-only RPCs, and bogus checkpoints. Once a round, in another player's
##    activation, it acts for that player and out of turn, and replays a request the server
##    applied earlier; in its first own activation it sends actions with StringName values and
##    keys (through the real path, to [method GameRules.perform_action]), too deep, too large and
##    wrong-typed, then a real one. After round 1 it reports a forged digest for its checkpoint
##    five times (one snapshot may come back, no more). Once --flood-round has started and the
##    battery is out, it floods the server with --flood requests and as many checkpoints at once,
##    and must be disconnected.
## 3. Back in its seat with its rejoin token, it plays the first legal action each activation to
##    the end and audits every round.
##
## Beside them, from the start, a silent connection (a multiplayer API of its own on a branch of
## the tree) connects and never says hello: the server must drop it after its hello timeout.
##
## Prints one `ROGUE RESULT` line with what it sent and the bytes it received; exits 0 only if
## it was disconnected for the bogus token, for the flood and for its silence, received at most a
## bounded number of refusals, and verified every round.
##
## Arguments after `--`: --port N --name S --token-file PATH --flood-round R --flood N

## Messages the rogue sends at once, and per second after that, outside the flood: under the
## server's rate limit (see [RulesSessionHost]), so that each one is read and judged.
const PACE_BURST := 30.0
const PACE_PER_SEC := 8.0
## The server's refusal bucket (see [RulesSessionHost]).
const REFUSAL_BURST := 10
const REFUSALS_PER_SEC := 2.0
## Times the rogue reports a forged digest for one checkpoint.
const FORGED_CHECKPOINTS := 5
## The whole game must be over by then; the process ends itself either way.
const WATCHDOG_SEC := 150.0
## After the flood, the server must have disconnected the rogue by then.
const KICK_WAIT_MSEC := 10000
## The silent connection must have been dropped by then (the server's hello timeout is 10 s).
const SILENCE_WAIT_MSEC := 20000

var _options := {"port": 0, "name": "rogue", "token_file": "", "flood_round": 2, "flood": 1250}
var _session: RulesSession
## 1: the probe, 2: the seat, 3: back in the seat.
var _connection := 0
var _queue: Array[Callable] = []
var _pace := PACE_BURST
var _sent := {"hello": 0, "request": 0, "checkpoint": 0, "raw": 0, "flood": 0}
var _refusals := 0
var _received_bytes := 0
var _started_msec := 0
## Set when --flood-round starts: the flood leaves once the battery is out.
var _flood_due := false
var _battery_out := false
var _flooded_at := 0
var _kicked := {"bogus token": false, "flood": false, "silence": false}
var _token := ""
## Activations already answered (by "round.drawn") and rounds already attacked (by number).
var _handled := {}
var _own_battery_sent := false
## Requests the server applied for this seat, replayed later.
var _applied: Array[Dictionary] = []
## The requests this seat sent in its own activations, in order (to know what was applied).
var _own_requests: Array[Dictionary] = []
var _round_closed := false
var _checkpoint_forged := false
var _failures: PackedStringArray = []
var _finished := false


static func _nested(depth: int) -> Array:
	var value: Array = []
	for _level in depth:
		value = [value]
	return value


static func _wide(size: int) -> Dictionary:
	var value := {}
	for key in size:
		value[key] = key
	return value


func _process(delta: float) -> bool:
	_count_traffic()
	_pace = minf(PACE_BURST, _pace + delta * PACE_PER_SEC)
	while not _queue.is_empty() and _pace >= 1.0 and _connected():
		_pace -= 1.0
		_queue.pop_front().call()
	if _flood_due and _battery_out and _connected():
		_flood_due = false
		_flood()
	var now := Time.get_ticks_msec()
	if _flooded_at > 0 and not _kicked["flood"] and now - _flooded_at > KICK_WAIT_MSEC:
		_fail("the server did not disconnect the rogue within %d ms of the flood" % KICK_WAIT_MSEC)
	return false


func _initialize() -> void:
	_options = NetOptions.parse(OS.get_cmdline_user_args(), _options)
	_started_msec = Time.get_ticks_msec()
	create_timer(WATCHDOG_SEC).timeout.connect(_on_watchdog)
	# The multiplayer API is there once the root is in the tree: after this method.
	_probe.call_deferred()
	_keep_silent.call_deferred()


## Connection 1: no seat, only malformed messages, then a bogus rejoin token.
func _probe() -> void:
	_connection = 1
	_session = _new_session()
	var peer := ENetMultiplayerPeer.new()
	if peer.create_client("127.0.0.1", _options["port"]) != OK:
		quit(2)
		return
	root.multiplayer.multiplayer_peer = peer
	root.multiplayer.connected_to_server.connect(_on_probe_connected, CONNECT_ONE_SHOT)
	root.multiplayer.server_disconnected.connect(_on_probe_dropped, CONNECT_ONE_SHOT)


## A connection that never says hello, on a branch of the tree with a multiplayer API of its
## own.
func _keep_silent() -> void:
	var branch := Node.new()
	branch.name = "Silent"
	root.add_child(branch)
	var api := SceneMultiplayer.new()
	set_multiplayer(api, branch.get_path())
	var peer := ENetMultiplayerPeer.new()
	if peer.create_client("127.0.0.1", _options["port"]) != OK:
		quit(2)
		return
	api.multiplayer_peer = peer
	var connected_at := Time.get_ticks_msec()
	api.server_disconnected.connect(
		func():
			_kicked["silence"] = true
			var after := Time.get_ticks_msec() - connected_at
			print("ROGUE silent connection dropped by the server after %d ms" % after),
		CONNECT_ONE_SHOT
	)


func _on_probe_connected() -> void:
	print("ROGUE probe connected")
	var pass_action := {"type": "pass"}
	_queue.append_array(
		[
			func(): _request({"command": "act", "player_id": 0, "action": pass_action}),
			func(): _checkpoint(1, "0".repeat(64)),
			func(): _hello(42, "", 0),
			func(): _hello("rogue", 42, 0),
			func(): _hello("rogue", "", "0"),
			func(): _hello(&"rogue", "", 0),
			func(): _hello("rogue", &"", 0),
			func(): _hello("x".repeat(100000), "", 0),
			func(): _hello("rogue", "0".repeat(31), 0),
			func(): _call_raw(&"_rpc_hello"),
			func(): _call_raw(&"_rpc_hello", ["rogue", "", 0, "extra"]),
			# Last: a well-formed hello with a token nobody holds.
			func(): _hello("rogue", "0123456789abcdef0123456789abcdef", 0),
		]
	)


func _on_probe_dropped() -> void:
	_kicked["bogus token"] = true
	print("ROGUE probe disconnected by the server")
	_reconnect.call_deferred(2)


## Connection 2 (a fresh seat) or 3 (the seat back, with its token).
func _reconnect(connection: int) -> void:
	_count_traffic()
	_drop_session()
	_connection = connection
	_queue.clear()
	_session = _new_session()
	_session.joined.connect(_on_joined)
	_session.snapshot_received.connect(_on_snapshot)
	_session.event_received.connect(_on_event)
	_session.request_refused.connect(_on_refused)
	_session.round_audited.connect(_on_round_audited)
	_session.connection_lost.connect(_on_connection_lost)
	var token := _token if connection == 3 else ""
	if _session.join_game("127.0.0.1", _options["port"], _options["name"], token) != OK:
		quit(2)


func _on_joined(player_id: int) -> void:
	print("ROGUE seated as player %d (connection %d)" % [player_id, _connection])
	_token = _session.get_rejoin_token()
	if _connection == 2:
		_queue_seated_battery(player_id)


func _on_event(event: Dictionary) -> void:
	var me := _session.get_player_id()
	match event["type"]:
		"round_ended":
			_round_closed = true
		"round_started":
			if _connection == 2 and event["round"] >= _options["flood_round"] and _flooded_at == 0:
				_flood_due = true
		"action_resolved":
			if event["player"] == me and event["depth"] == 0 and _connection == 2:
				_note_applied(event["action"])
		"hand_kept":
			if event["player"] == me:
				print("ROGUE the server kept this seat's hand, %d bottomed" % event["bottomed"])


func _on_snapshot(snapshot: Dictionary) -> void:
	if _finished:
		return
	if snapshot["phase"]["phase"] == "game_over":
		_finish()
		return
	if _round_closed:
		_round_closed = false
		_forge_checkpoint(snapshot)
	if _connection == 3:
		_play_honestly()
		return
	if snapshot["phase"]["phase"] == "mulligan" and not _handled.has("mulligan"):
		_handled["mulligan"] = true
		# Two mulligans of its own (ahead of the battery), then silence: the deadline keeps.
		var me := _session.get_player_id()
		var mulligan := func(): _request({"command": "mulligan", "player_id": me})
		var first: Array[Callable] = [mulligan, mulligan]
		first.append_array(_queue)
		_queue = first
	var activation := "%d.%d" % [snapshot["round"], snapshot["bag"]["drawn"].size()]
	if snapshot["active"] == null or _handled.has(activation):
		return
	_handled[activation] = true
	if snapshot["active"] == _session.get_player_id():
		_own_activation()
	elif not _handled.has(snapshot["round"]):
		_handled[snapshot["round"]] = true
		_other_activation(snapshot["active"])


## The first own activation: bad actions through the real path, then a real one, ahead of
## anything queued; later ones: a real action after everything queued.
func _own_activation() -> void:
	var me := _session.get_player_id()
	if _session.get_legal_actions().is_empty():
		return
	var real: Dictionary = _session.get_legal_actions()[0]
	if _own_battery_sent:
		# A slow player: it acts once everything queued before has left.
		_queue.append(func(): _own(real))
		return
	_own_battery_sent = true
	# Each bad action is refused and leaves the activation open, up to the last two (StringName
	# keys, then a StringName pass), which the rules may accept as a pass.
	var actions: Array = [
		{"type": 42},
		{"type": "play_card", "hand_index": "0", "context": null},
		{"type": "play_card", "hand_index": 1 << 62, "context": null},
		{"type": "play_card", "hand_index": -1, "context": null},
		{"type": "build", "structure": &"nowhere", "context": null},
		{"type": "nonsense"},
		{"type": "pass", "context": "x".repeat(1000000)},
		{"type": "pass", "context": _nested(1000)},
		{"type": "pass", "context": range(100000)},
		{"type": &"play_card", "hand_index": 99, "context": null},
		{&"type": &"play_card", &"hand_index": 99, &"context": null},
	]
	var first: Array[Callable] = []
	for action: Dictionary in actions:
		first.append(func(): _own_request({"command": "act", "player_id": me, "action": action}))
	var all_names := {&"command": &"act", &"player_id": me, &"action": {&"type": &"pass"}}
	first.append(func(): _request(all_names))
	first.append(func(): _own(real))
	# Ahead of the battery still queued: the activation has a deadline.
	first.append_array(_queue)
	_queue = first


## Another player's activation, once a round: act for them, act out of turn, replay a request
## the server applied earlier.
func _other_activation(active: int) -> void:
	var me := _session.get_player_id()
	var for_them := {"command": "act", "player_id": active, "action": {"type": "pass"}}
	var card_not_held := {"type": "play_card", "hand_index": 99, "context": null}
	var out_of_turn := {"command": "act", "player_id": me, "action": card_not_held}
	_queue.append(func(): _request(for_them))
	_queue.append(func(): _request(out_of_turn))
	if not _applied.is_empty():
		var replayed: Dictionary = _applied.pick_random()
		_queue.append(func(): _request(replayed))


## Connection 3: answers each decision once, with the first legal action.
func _play_honestly() -> void:
	match _session.get_decision():
		"mulligan":
			_session.request_keep()
		"activation":
			_session.request_action(_session.get_legal_actions()[0])


## Right after a round closed, before this client's own checkpoint leaves: the same seq with a
## forged digest, several times. The server may resend one snapshot, no more.
func _forge_checkpoint(snapshot: Dictionary) -> void:
	if _checkpoint_forged or _connection != 2:
		return
	_checkpoint_forged = true
	for _attempt in FORGED_CHECKPOINTS:
		_checkpoint(snapshot["seq"], "f".repeat(64))
	print(
		"ROGUE forged the digest of checkpoint %d %d times" % [snapshot["seq"], FORGED_CHECKPOINTS]
	)


## Everything at once: requests for other seats and bogus checkpoints (what is still queued is
## dropped; back in its seat the rogue plays honestly).
func _flood() -> void:
	_flooded_at = Time.get_ticks_msec()
	_queue.clear()
	var me := _session.get_player_id()
	var forged := {"command": "act", "player_id": me + 1, "action": {"type": "pass"}}
	for index in _options["flood"]:
		_session._rpc_request.rpc_id(MultiplayerPeer.TARGET_PEER_SERVER, forged)
		_session._rpc_checkpoint.rpc_id(MultiplayerPeer.TARGET_PEER_SERVER, index, "0")
	_sent["flood"] += 2 * _options["flood"]
	print("ROGUE flooded %d requests and %d checkpoints" % [_options["flood"], _options["flood"]])


func _queue_seated_battery(me: int) -> void:
	var other := 0 if me != 0 else 1
	var pass_action := {"type": "pass"}
	var battery: Array[Callable] = [
		func(): _hello("rogue", "", 0),
		func(): _request({"command": "keep", "player_id": other, "bottom": []}),
		func(): _request({"command": "mulligan", "player_id": other}),
		func(): _request({"command": "entropy", "player_id": other, "nonce": "a".repeat(64)}),
		func(): _request({"command": "act", "player_id": other, "action": pass_action}),
	]
	for forged_id: Variant in [str(me), float(me), null, &"0", [me], {"id": me}, -1, 1 << 62, true]:
		battery.append(func(): _request({"command": "mulligan", "player_id": forged_id}))
	for command: Variant in [42, null, "ACT", "x".repeat(300), &"nonsense"]:
		battery.append(func(): _request({"command": command, "player_id": me}))
	battery.append(func(): _request({"player_id": me}))
	var bottoms: Array = [
		"abc", [1.5], [&"x"], [-1], [1 << 40], PackedInt64Array([0]), range(10), {"a": 1}
	]
	for bottom: Variant in bottoms:
		battery.append(func(): _request({"command": "keep", "player_id": me, "bottom": bottom}))
	var nonces: Array = [42, StringName("a".repeat(64)), "g".repeat(64), "0".repeat(63)]
	nonces.append("0".repeat(10000))
	for nonce: Variant in nonces:
		battery.append(func(): _request({"command": "entropy", "player_id": me, "nonce": nonce}))
	var shapes: Array = [42, "act", [1, 2], null, PackedByteArray([1, 2, 3]), Vector3.ONE]
	shapes.append_array([RefCounted.new(), _nested(1000), _wide(100000), range(100000)])
	for shape: Variant in shapes:
		battery.append(func(): _request(shape))
	battery.append_array(
		[
			func(): _request({"command": "act", "player_id": me, "action": _nested(20)}),
			func(): _raw_deep_request(me, 10000),
			func(): _call_raw(&"_rpc_request"),
			func(): _call_raw(&"_rpc_request", [{}, 2]),
			func(): _call_raw(&"_rpc_checkpoint"),
			func(): _call_raw(&"_rpc_checkpoint", ["1", 42]),
			func(): _call_raw(&"_rpc_update", [{"snapshot": {}, "events": []}]),
			func(): _call_raw(&"_rpc_welcome", [me, "x"]),
			func(): _checkpoint(123456, "0".repeat(64)),
			func(): _checkpoint(-1, ""),
			func(): _checkpoint(1 << 62, "x".repeat(100000)),
			func(): _checkpoint(&"1", &"x"),
			func(): _battery_out = true,
		]
	)
	_queue.append_array(battery)


## A request of this seat's own activation, remembered to tell what the server applied.
func _own_request(request: Dictionary) -> void:
	_own_requests.append(request)
	_request(request)


func _own(action: Dictionary) -> void:
	_own_request({"command": "act", "player_id": _session.get_player_id(), "action": action})


## The server applied [param action] for this seat: the request that asked for it is replayed
## in later activations of other players.
func _note_applied(action: Dictionary) -> void:
	for request in _own_requests:
		if request["action"] == action:
			_applied.append(request)
			return


func _hello(player_name: Variant, token: Variant, since: Variant) -> void:
	_sent["hello"] += 1
	_session._rpc_hello.rpc_id(MultiplayerPeer.TARGET_PEER_SERVER, player_name, token, since)


func _request(request: Variant) -> void:
	_sent["request"] += 1
	_session._rpc_request.rpc_id(MultiplayerPeer.TARGET_PEER_SERVER, request)


func _checkpoint(seq: Variant, digest: Variant) -> void:
	_sent["checkpoint"] += 1
	_session._rpc_checkpoint.rpc_id(MultiplayerPeer.TARGET_PEER_SERVER, seq, digest)


## Calls the session's [param method] on the server with [param args], however many (and
## whatever its RPC mode).
func _call_raw(method: StringName, args: Array = []) -> void:
	_sent["raw"] += 1
	root.multiplayer.rpc(MultiplayerPeer.TARGET_PEER_SERVER, _session, method, args)


## A request whose action is nested [param depth] deep, deeper than Godot encodes, sent as a
## hand-made RPC packet (the format of Godot 4's SceneMultiplayer: meta byte, node given by
## path, method id, argument count, arguments, path).
func _raw_deep_request(me: int, depth: int) -> void:
	var request := PackedByteArray([27, 0, 0, 0, 3, 0, 0, 0])  # Dictionary of 3 pairs.
	for part: Variant in ["command", "act", "player_id", me, "action"]:
		request.append_array(var_to_bytes(part))
	for _level in depth:
		request.append_array([28, 0, 0, 0, 1, 0, 0, 0])  # Array of 1.
	request.append_array([0, 0, 0, 0])  # null.
	var methods: Array = _session.get_script().get_rpc_config().keys().map(
		func(method: StringName) -> String: return str(method)
	)
	methods.sort()
	var packet := PackedByteArray([0x20, 0, 0, 0, 0, methods.find("_rpc_request"), 1])
	packet.append_array(request)
	packet.encode_u32(1, 0x80000000 | packet.size())
	packet.append_array("Session".to_utf8_buffer())
	packet.append(0)
	var peer := root.multiplayer.multiplayer_peer
	peer.set_target_peer(MultiplayerPeer.TARGET_PEER_SERVER)
	peer.transfer_mode = MultiplayerPeer.TRANSFER_MODE_RELIABLE
	peer.transfer_channel = 0
	peer.put_packet(packet)
	_sent["raw"] += 1


func _on_refused(_reason: String) -> void:
	_refusals += 1


func _on_round_audited(round_number: int, fair: bool, detail: String) -> void:
	if not fair:
		_fail("round %d failed its audit: %s" % [round_number, detail])


func _on_connection_lost() -> void:
	if _finished:
		return
	if _connection == 2 and _flooded_at > 0:
		_kicked["flood"] = true
		var after := Time.get_ticks_msec() - _flooded_at
		print("ROGUE disconnected by the server %d ms after the flood; rejoining" % after)
		_reconnect.call_deferred(3)
	else:
		_fail("connection %d lost unexpectedly" % _connection)


func _on_watchdog() -> void:
	_fail("the game was not over within %d s" % WATCHDOG_SEC)


func _connected() -> bool:
	var peer := root.multiplayer.multiplayer_peer
	return peer != null and peer.get_connection_status() == MultiplayerPeer.CONNECTION_CONNECTED


## A fresh session node at /root/Session, the path the server's has.
func _new_session() -> RulesSession:
	var session := RulesSession.new()
	session.name = "Session"
	root.add_child(session)
	return session


func _drop_session() -> void:
	if _session == null:
		return
	_session.close()
	root.remove_child(_session)
	_session.queue_free()
	_session = null


## Adds what this process's ENet host received since the last call.
func _count_traffic() -> void:
	var peer := root.multiplayer.multiplayer_peer as ENetMultiplayerPeer
	if peer and peer.host:
		_received_bytes += peer.host.pop_statistic(ENetConnection.HOST_TOTAL_RECEIVED_DATA)


func _fail(failure: String) -> void:
	if not _finished:
		_failures.append(failure)
		_finish()


func _finish() -> void:
	if _finished:
		return
	_finished = true
	while not _kicked["silence"] and Time.get_ticks_msec() - _started_msec < SILENCE_WAIT_MSEC:
		await create_timer(0.1).timeout
	_count_traffic()
	var seconds := (Time.get_ticks_msec() - _started_msec) / 1000.0
	var verified := PackedInt64Array()
	var rounds := 0
	if _session and _session.get_auditor():
		verified = _session.get_auditor().get_verified_rounds()
		rounds = _session.get_snapshot().get("round", 0)
	if _failures.is_empty() and verified != PackedInt64Array(range(1, rounds + 1)):
		_failures.append("verified rounds %s, expected 1 to %d" % [verified, rounds])
	for what: String in _kicked:
		if not _kicked[what]:
			_failures.append("the server did not disconnect the rogue for the %s" % what)
	var refusal_bound := REFUSAL_BURST * 3 + int(REFUSALS_PER_SEC * seconds) + 1
	if _refusals > refusal_bound:
		_failures.append("%d refusals came back, more than %d" % [_refusals, refusal_bound])
	var verdict := "ok" if _failures.is_empty() else "FAILED"
	print(
		(
			(
				"ROGUE RESULT %s: sent %d hellos, %d requests, %d checkpoints, %d raw calls and"
				+ " a flood of %d; %d refusals came back; received %d bytes; rounds verified %s;"
				+ " %.1f s"
			)
			% [
				verdict,
				_sent["hello"],
				_sent["request"],
				_sent["checkpoint"],
				_sent["raw"],
				_sent["flood"],
				_refusals,
				_received_bytes,
				verified,
				seconds,
			]
		)
	)
	for failure in _failures:
		print("ROGUE FAILURE %s" % failure)
	await create_timer(1.0).timeout
	_drop_session()
	quit(0 if _failures.is_empty() else 1)
