extends SceneTree
## The load generator of [code]cargo xtask loadtest[/code]: one process, many bot clients of the
## game server (a [RulesServer]), each its own ENet connection to 127.0.0.1 and its own
## [SceneMultiplayer] (on its own branch of the tree, [code]/root/BotN/Server[/code]). Bots come
## four to a table: the first creates it through the lobby (4 seats, 30 rounds), the other three
## join it by its code. Each bot keeps its hand and answers every decision with a random legal
## action after --think-ms milliseconds (2000: a table plays one action every 2 s, a human pace;
## 0: full speed).[br][br]
## Once every bot is seated (or --setup-seconds have passed) it prints `LOAD measuring`, counts
## for --seconds the time from each request of an action to the update that resolves it, and
## prints `LOAD RESULT` with the count and the exact percentiles (nearest rank over the sorted
## samples), then quits. Bots connect --per-frame at a time, so the server is not flooded.
##
## Arguments after `--`: --port N --tables N --think-ms N --seconds S --setup-seconds S
## --per-frame N

const SEATS := 4
const ROUNDS := 30

var _options := {
	"port": 0,
	"tables": 10,
	"think_ms": 2000,
	"seconds": 30.0,
	"setup_seconds": 60.0,
	"per_frame": 20,
}
var _bots: Array[LoadBot] = []
var _waiting: Array[LoadBot] = []
var _seated := 0
var _measuring := false
## Request-to-update latencies in microseconds, while measuring.
var _latencies: PackedInt64Array = []
var _refusals := 0
var _lost := 0
var _games_over := 0


## The sample of rank ceil(p * n) (nearest rank) of the sorted [param sorted], in ms.
static func percentile_ms(sorted: PackedInt64Array, p: float) -> float:
	if sorted.is_empty():
		return NAN
	var rank := clampi(ceili(p * sorted.size()), 1, sorted.size())
	return sorted[rank - 1] / 1000.0


func _process(_delta: float) -> bool:
	for _index in mini(_options["per_frame"], _waiting.size()):
		var bot: LoadBot = _waiting.pop_front()
		bot.server.connect_to_server("127.0.0.1", _options["port"])
	return false


func _initialize() -> void:
	_options = NetOptions.parse(OS.get_cmdline_user_args(), _options)
	var count: int = _options["tables"] * SEATS
	for index in count:
		var bot := LoadBot.new(index)
		bot.creator = index % SEATS == 0
		root.add_child(bot.branch)
		set_multiplayer(SceneMultiplayer.new(), NodePath("/root/%s" % bot.branch.name))
		bot.server.lobby_connected.connect(_on_lobby_connected.bind(bot))
		bot.server.table_created.connect(_on_table_created.bind(bot))
		bot.server.lobby_refused.connect(func(_code: String, _reason: String): _refusals += 1)
		bot.server.connection_lost.connect(func(): _lost += 1)
		_bots.append(bot)
		if bot.creator:
			_waiting.append(bot)
	create_timer(_options["setup_seconds"]).timeout.connect(_start_measuring)
	print("LOAD %d bots for %d tables" % [count, _options["tables"]])


func _on_lobby_connected(bot: LoadBot) -> void:
	if bot.creator:
		bot.server.create_table({"players": SEATS, "rounds": ROUNDS})
	else:
		_sit(bot)


func _on_table_created(code: String, bot: LoadBot) -> void:
	var first := _bots.find(bot)
	for index in range(first, first + SEATS):
		_bots[index].code = code
		if index != first:
			_waiting.append(_bots[index])
	_sit(bot)


func _sit(bot: LoadBot) -> void:
	bot.session = bot.server.join_table(bot.code, bot.branch.name)
	bot.session.joined.connect(_on_joined.unbind(1))
	bot.session.snapshot_received.connect(_on_snapshot.bind(bot))
	bot.session.event_received.connect(_on_event.bind(bot))
	bot.session.request_refused.connect(func(_reason: String): _refusals += 1)


func _on_joined() -> void:
	_seated += 1
	if _seated == _bots.size():
		_start_measuring()


func _start_measuring() -> void:
	if _measuring:
		return
	_measuring = true
	print("LOAD measuring: %d of %d bots seated" % [_seated, _bots.size()])
	create_timer(_options["seconds"]).timeout.connect(_report)


func _on_snapshot(snapshot: Dictionary, bot: LoadBot) -> void:
	if snapshot["phase"]["phase"] == "game_over":
		if bot.creator:
			_games_over += 1
		return
	match bot.session.get_decision():
		"mulligan":
			_answer(bot, "keep", func(): bot.session.request_keep())
		"activation":
			var actions := bot.session.get_legal_actions()
			var pick: Dictionary = actions[bot.rng.randi_range(0, actions.size() - 1)]
			var activation := "act %d.%d" % [snapshot["round"], snapshot["bag"]["drawn"].size()]
			_answer(bot, activation, func(): _request_action(bot, pick))


func _answer(bot: LoadBot, decision: String, request: Callable) -> void:
	if decision == bot.answered:
		return
	bot.answered = decision
	if _options["think_ms"] > 0:
		await create_timer(_options["think_ms"] / 1000.0).timeout
	request.call()


func _request_action(bot: LoadBot, action: Dictionary) -> void:
	bot.requested_usec = Time.get_ticks_usec()
	bot.session.request_action(action)


func _on_event(event: Dictionary, bot: LoadBot) -> void:
	if bot.requested_usec == 0 or event["type"] != "action_resolved":
		return
	if event.get("player") != bot.session.get_player_id():
		return
	if _measuring:
		_latencies.append(Time.get_ticks_usec() - bot.requested_usec)
	bot.requested_usec = 0


func _report() -> void:
	var sorted := _latencies.duplicate()
	sorted.sort()
	var result := (
		"LOAD RESULT tables=%d seated=%d actions=%d p50_ms=%.2f p99_ms=%.2f max_ms=%.2f"
		% [
			_options["tables"],
			_seated,
			sorted.size(),
			percentile_ms(sorted, 0.5),
			percentile_ms(sorted, 0.99),
			percentile_ms(sorted, 1.0),
		]
	)
	print("%s refusals=%d lost=%d games_over=%d" % [result, _refusals, _lost, _games_over])
	for bot in _bots:
		bot.server.close()
	quit()


## One bot client: its own multiplayer branch, lobby node and table session.
class LoadBot:
	extends RefCounted

	var branch := Node.new()
	var server := RulesServer.new()
	var session: RulesSession
	var creator := false
	var code := ""
	var rng := RandomNumberGenerator.new()
	var answered := ""
	## When the pending action was requested (usec), or 0.
	var requested_usec := 0

	func _init(index: int) -> void:
		branch.name = "Bot%d" % index
		server.name = "Server"
		branch.add_child(server)
		rng.seed = index + 1
