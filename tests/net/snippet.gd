extends SceneTree
## Runs the README's multiplayer snippet as it stands: the test driver copies it out of README.md
## into the file at --script, and this loads it onto a node under the root ([code]Table[/code],
## the same path in every process). With --role host it calls [code]host(rules, port)[/code] for
## a seeded starter-set game of --players seats and --rounds rounds with player entropy; with
## --role join, [code]join("127.0.0.1", port, name)[/code]. Nothing else plays: the snippet must
## answer every decision itself. The host fails if any request was refused (each decision is
## answered once); a player fails unless the game ends with every round audited fair. Prints one
## `SNIPPET RESULT` line.
##
## Arguments after `--`: --port N --role host|join --script PATH --name S --players N --rounds N

## The whole game must be over by then; the process ends itself either way.
const WATCHDOG_SEC := 90.0
## The host's wait after game over, so the last updates reach the players.
const QUIT_DELAY_SEC := 2.0

var _options := {
	"port": 0, "role": "join", "script": "", "name": "player", "players": 2, "rounds": 2
}
var _table: Node
var _refusals := 0
var _finished := false


func _initialize() -> void:
	_options = NetOptions.parse(OS.get_cmdline_user_args(), _options)
	var snippet := load(_options["script"]) as GDScript
	if snippet == null:
		_finish(["cannot load the snippet from %s" % _options["script"]])
		return
	_table = snippet.new()
	_table.name = "Table"
	root.add_child(_table)
	create_timer(WATCHDOG_SEC).timeout.connect(
		func(): _finish(["the game was not over within %d s" % WATCHDOG_SEC])
	)
	# The snippet's _ready (which adds its session) runs once the root enters the tree.
	_start.call_deferred()


func _start() -> void:
	var session: RulesSession = _table.session
	if _options["role"] == "host":
		var overrides := {"round_limit": _options["rounds"], "player_entropy": true}
		var rules := StarterGame.rules(7, _options["players"], overrides)
		root.add_child(rules)
		session.request_rejected.connect(func(_peer: int, _reason: String): _refusals += 1)
		rules.game_over.connect(func(_winner: int): _on_host_game_over(rules))
		_table.host(rules, _options["port"])
		print("SNIPPET host listening on %d" % _options["port"])
	else:
		session.request_refused.connect(func(_reason: String): _refusals += 1)
		session.snapshot_received.connect(_on_snapshot)
		_table.join("127.0.0.1", _options["port"], _options["name"])


func _on_host_game_over(rules: GameRules) -> void:
	await create_timer(QUIT_DELAY_SEC).timeout
	var failures: PackedStringArray = []
	if rules.get_round() != _options["rounds"]:
		failures.append("the game ended in round %d" % rules.get_round())
	_finish(failures)


func _on_snapshot(snapshot: Dictionary) -> void:
	if snapshot["phase"]["phase"] != "game_over":
		return
	var failures: PackedStringArray = []
	var verified: PackedInt64Array = _table.session.get_auditor().get_verified_rounds()
	if verified != PackedInt64Array(range(1, _options["rounds"] + 1)):
		failures.append("verified rounds %s of %d" % [verified, _options["rounds"]])
	_finish(failures)


func _finish(failures: PackedStringArray) -> void:
	if _finished:
		return
	_finished = true
	if _refusals > 0:
		failures.append("%d requests refused" % _refusals)
	var verdict := "ok" if failures.is_empty() else "FAILED"
	var who := "host" if _options["role"] == "host" else "player %s" % _options["name"]
	print("SNIPPET RESULT %s: %s" % [verdict, who])
	for failure in failures:
		print("SNIPPET FAILURE %s" % failure)
	if _table and _table.session:
		_table.session.close()
	quit(0 if failures.is_empty() else 1)
