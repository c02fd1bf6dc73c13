extends SceneTree
## A client of the multiplayer test: joins (or rejoins with the token in --token-file), keeps its
## hand, plays a random legal action each activation, and audits every round. With --cheat 1 it
## also, once a round, asks to act for the active player and to act out of turn, and expects both
## refused. With --sleep-round R it lets its first activation of round R run out the server's
## deadline; with --withhold-nonce-round R it never sends its nonce for round R. With
## --leave-round R --withhold-nonce-round R it leaves for good when round R starts. With
## --silent-after-mulligans N it takes N mulligans and then never keeps, so the server's deadline
## must keep its hand. Prints `MARK round=R draws=D` as tokens are drawn (the test driver kills
## it on one), then one `CLIENT RESULT` line with the bytes it received; exits 0 only if every
## round verified, every cheat and nothing else was refused, and every action the server applied
## for its seat since it joined was one it asked for (or a pass after a deadline it let run out).
##
## Arguments after `--`: --port N --name S --token-file PATH --seed N --cheat 0|1 --sleep-round R
## --leave-round R --withhold-nonce-round R --silent-after-mulligans N

const QUIT_DELAY_SEC := 2.0
## The whole game must be over by then; the process ends itself either way.
const WATCHDOG_SEC := 180.0

var _options := {
	"port": 0,
	"name": "client",
	"token_file": "",
	"seed": 1,
	"cheat": 0,
	"sleep_round": 0,
	"leave_round": 0,
	"withhold_nonce_round": 0,
	"silent_after_mulligans": 0,
}
var _session := RulesSession.new()
var _rng := RandomNumberGenerator.new()
## The decision point last answered ("keep", or the round and draw of an activation): each is
## answered once, however many snapshots show it.
var _answered := ""
var _cheats := 0
var _refused := 0
var _cheated_round := 0
var _slept := false
var _draws := 0
var _failures: PackedStringArray = []
var _finished := false
## The actions this process asked for and the server has not applied yet, oldest first.
var _asked: Array[Dictionary] = []
## Activations this client let run out, whose passes the server applies for it.
var _passes_owed := 0
## Set by the first snapshot: the events before it are the past of a rejoined seat.
var _live := false
## Bytes this client's ENet host received (everything the server sent it, with ENet's own).
var _received_bytes := 0
## Token prediction: the owners of the next draws this seat's last private_peek foretold, still
## to come; the peeks received; whether a snapshot showed this seat foresight.
var _foretold: Array = []
var _peeks := 0
var _has_foresight := false


func _process(_delta: float) -> bool:
	_count_traffic()
	return false


func _initialize() -> void:
	_options = NetOptions.parse(OS.get_cmdline_user_args(), _options)
	_rng.seed = _options["seed"]
	_session.name = "Session"
	root.add_child(_session)
	_session.joined.connect(_on_joined)
	_session.snapshot_received.connect(_on_snapshot)
	_session.event_received.connect(_on_event)
	_session.request_refused.connect(_on_refused)
	_session.round_audited.connect(_on_round_audited)
	_session.connection_lost.connect(_on_connection_lost)
	create_timer(WATCHDOG_SEC).timeout.connect(_on_watchdog)
	# The multiplayer API is there once the root is in the tree: after this method.
	_join.call_deferred()


func _join() -> void:
	var token := ""
	if FileAccess.file_exists(_options["token_file"]):
		token = FileAccess.get_file_as_string(_options["token_file"]).strip_edges()
		print("CLIENT %s rejoining" % _options["name"])
	if _session.join_game("127.0.0.1", _options["port"], _options["name"], token) != OK:
		quit(2)


func _on_joined(player_id: int) -> void:
	print("CLIENT %s seated as player %d" % [_options["name"], player_id])
	var file := FileAccess.open(_options["token_file"], FileAccess.WRITE)
	file.store_string(_session.get_rejoin_token())
	file.close()


func _on_event(event: Dictionary) -> void:
	if event["type"] == "round_started":
		_draws = 0
		_session.auto_entropy = event["round"] != _options["withhold_nonce_round"]
		if event["round"] == _options["leave_round"] and not _finished:
			print("CLIENT RESULT ok: %s left in round %d" % [_options["name"], event["round"]])
			_finished = true
			_session.close()
			quit(0)
	elif event["type"] == "private_peek":
		_peeks += 1
		_foretold = Array(event["upcoming"])
	elif event["type"] == "token_drawn":
		if not _foretold.is_empty() and _foretold.pop_front() != event["player"]:
			_failures.append("a peek foretold another owner for draw %s" % event["seq"])
		_draws += 1
		print("MARK round=%d draws=%d" % [event["round"], _draws])
	elif event["type"] == "action_resolved" and _live:
		_check_own_action(event)


## An action the server applied for this seat must be one this process asked for, or a pass for
## an activation this client let run out.
func _check_own_action(event: Dictionary) -> void:
	if event["player"] != _session.get_player_id() or event["depth"] != 0:
		return
	var asked := _asked.find(event["action"])
	if asked >= 0:
		_asked = _asked.slice(asked + 1)  # The ones before it were refused.
	elif _passes_owed > 0 and event["action"] == {"type": "pass"}:
		_passes_owed -= 1
	else:
		_failures.append("the server applied %s for this seat unasked" % event["action"])


func _on_snapshot(snapshot: Dictionary) -> void:
	if _finished:
		return
	_live = true
	var me := _session.get_player_id()
	var mine: Dictionary = snapshot["players"].filter(func(seat): return seat["id"] == me)[0]
	_has_foresight = _has_foresight or mine.get("foreseen") != null
	if snapshot["phase"]["phase"] == "game_over":
		_finish()
	elif snapshot["phase"]["phase"] == "mulligan" and not mine["kept"]:
		var mulligans: int = mine["mulligans"]
		if mulligans < _options["silent_after_mulligans"]:
			_answer("mulligan %d" % mulligans, func(): _session.request_mulligan())
		elif _options["silent_after_mulligans"] == 0:
			_answer("keep", func(): _session.request_keep())
	elif not _session.get_legal_actions().is_empty():
		if snapshot["round"] == _options["sleep_round"] and not _slept:
			_slept = true
			_passes_owed += 1
			print("CLIENT %s sleeping through an activation" % _options["name"])
			return
		var actions := _session.get_legal_actions()
		var pick: Dictionary = actions[_rng.randi_range(0, actions.size() - 1)]
		var activation := "act %d.%d" % [snapshot["round"], snapshot["bag"]["drawn"].size()]
		_answer(activation, func(): _ask(pick))
	elif _options["cheat"] and snapshot["active"] != null and _cheated_round < snapshot["round"]:
		_cheat(snapshot)


## Once a round: act for the active player, then act out of turn; both must be refused. (The
## second plays a card this client does not hold, so it is refused even if this client's own
## activation has begun by the time it arrives.)
func _cheat(snapshot: Dictionary) -> void:
	_cheated_round = snapshot["round"]
	var active: int = snapshot["active"]
	var pass_action := {"type": "pass"}
	_session.send_request({"command": "act", "player_id": active, "action": pass_action})
	_session.request_action({"type": "play_card", "hand_index": 99, "context": null})
	_cheats += 2


func _ask(action: Dictionary) -> void:
	_asked.append(action)
	_session.request_action(action)


func _answer(decision: String, request: Callable) -> void:
	if decision != _answered:
		_answered = decision
		request.call()


func _on_refused(reason: String) -> void:
	_refused += 1
	print("CLIENT %s refused: %s" % [_options["name"], reason])


func _on_round_audited(round_number: int, fair: bool, detail: String) -> void:
	print("CLIENT %s round %d audited: %s" % [_options["name"], round_number, detail])
	if not fair:
		_failures.append("round %d failed its audit: %s" % [round_number, detail])


func _on_watchdog() -> void:
	_failures.append("the game was not over within %d s" % WATCHDOG_SEC)
	_finish()


func _on_connection_lost() -> void:
	if not _finished:
		_failures.append("the connection was lost before the game ended")
		_finish()


## Adds what this client's ENet host received since the last call.
func _count_traffic() -> void:
	var peer := _session.multiplayer.multiplayer_peer as ENetMultiplayerPeer
	if peer and peer.host:
		_received_bytes += peer.host.pop_statistic(ENetConnection.HOST_TOTAL_RECEIVED_DATA)


func _finish() -> void:
	if _finished:
		return
	_finished = true
	var verified := _session.get_auditor().get_verified_rounds()
	var rounds: int = _session.get_snapshot().get("round", 0)
	if verified != PackedInt64Array(range(1, rounds + 1)):
		_failures.append("verified rounds %s, expected 1 to %d" % [verified, rounds])
	if _refused != _cheats:
		_failures.append("%d cheats, %d refusals" % [_cheats, _refused])
	var me := _session.get_player_id()
	var seats: Array = _session.get_snapshot().get("players", [])
	var shown: Array = (
		seats.filter(func(seat): return seat["id"] == me).map(func(seat): return seat["name"])
	)
	if _has_foresight and _peeks == 0:
		_failures.append("this seat has foresight but received no peek")
	if shown != [_options["name"]]:
		_failures.append("this seat shows as %s, not as %s" % [shown, _options["name"]])
	_count_traffic()
	var verdict := "ok" if _failures.is_empty() else "FAILED"
	print(
		(
			"CLIENT RESULT %s: %s player %d, rounds verified %s, cheats refused %d/%d, received %d bytes"
			% [
				verdict,
				_options["name"],
				_session.get_player_id(),
				verified,
				_refused,
				_cheats,
				_received_bytes,
			]
		)
	)
	for failure in _failures:
		print("CLIENT FAILURE %s" % failure)
	# Let the last checkpoint leave before the connection closes.
	await create_timer(QUIT_DELAY_SEC).timeout
	_session.close()
	quit(0 if _failures.is_empty() else 1)
