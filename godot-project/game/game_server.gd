extends SceneTree
## The bundled game's server: many tables on one port, through a [RulesServer] (at
## [code]/root/Server[/code], where clients put theirs). Clients create tables on the starter set
## with their options (seats, rounds, deadline, player entropy), join them by code or watch them;
## every table is journaled in [code]--journal[/code], and a server started again on the same
## folder resumes every table where it was. Prints a line per table opened, resumed or closed,
## per seat taken or left, per round and game over, and per peer disconnected.
## [codeblock]
## godot --headless --path godot-project -s res://game/game_server.gd -- --port 7000
## [/codeblock]
## ([code]cargo xtask server[/code] builds the extension and runs exactly this.) Options after
## [code]--[/code]: [code]--port N[/code] (7000), [code]--journal FOLDER[/code]
## ([code]user://journal[/code]; [code]""[/code] for none), [code]--reconnect-timeout S[/code]
## (60), [code]--linger S[/code] (30: seconds a finished table stays before its journal is
## archived), [code]--archive-days N[/code] (30: days an archive is kept; 0: forever),
## [code]--max-tables-per-peer N[/code] (4), [code]--tables-per-address N[/code] (10: tables
## the peers of one IP may create at once; see [member RulesServer.tables_per_address]),
## [code]--idle-per-address N[/code] (32: connections of one IP at no table at once; see
## [member RulesServer.idle_per_address]),
## [code]--quit-after S[/code] (0: run until
## stopped) and [code]--agones 0|1[/code] (0; 1: tell the Agones SDK sidecar, when there is
## one, that the server is ready once it listens, healthy every 2 s, allocated once its first
## table opens, and shut down when it quits; see [AgonesSdk]) and [code]--adopt-after S[/code]
## (0: off; else the server touches [constant HEARTBEAT_FILE] in its journal folder every
## [constant HEARTBEAT_SEC] s, and at start takes over the journals and archives of every
## sibling folder whose heartbeat is older than S seconds: a dead server's tables, resumed here).

## The game it plays: the starter set and its deck ([code]starter_game.gd[/code]).
const StarterGame := preload("res://game/starter_game.gd")
## The server node's name under the root; clients use the same.
const SERVER_NAME := "Server"
## Written in the journal folder every [constant HEARTBEAT_SEC] s with --adopt-after.
const HEARTBEAT_FILE := "alive"
## Seconds between two heartbeats.
const HEARTBEAT_SEC := 10.0
## The command line's options ([code]command_line.gd[/code]).
const CommandLine := preload("res://game/command_line.gd")
## The addon's checks of settings, whose limits the options share.
const SettingCheck := preload("res://addons/horizons_edge/setting_check.gd")
## The options and their defaults.
const DEFAULTS := {
	"port": 7000,
	"journal": "user://journal",
	"reconnect_timeout": 60.0,
	"linger": 30.0,
	"archive_days": 30,
	"max_tables_per_peer": 4,
	"tables_per_address": 10,
	"idle_per_address": 32,
	"quit_after": 0.0,
	"agones": 0,
	"adopt_after": 0.0,
}
## What each number option takes (the settings' own ranges, see [RulesServer]).
const LIMITS := {
	"port": [1, 65535],
	"reconnect_timeout": [0, SettingCheck.MAX_NETWORK_SECONDS],
	"linger": [0, SettingCheck.MAX_NETWORK_SECONDS],
	"archive_days": [0, 3650],
	"max_tables_per_peer": [1, 64],
	"tables_per_address": [1, 100000],
	"idle_per_address": [1, 100000],
	"quit_after": [0, SettingCheck.MAX_NETWORK_SECONDS],
	"agones": [0, 1],
	"adopt_after": [0, SettingCheck.MAX_NETWORK_SECONDS],
}

var _server := RulesServer.new()
## With --agones 1: the sidecar's client (inert where there is no sidecar).
var _agones: AgonesSdk
var _listening := false


## A table's rules on the starter set, for [param options] as [RulesServerLobby] checked them.
static func make_rules(options: Dictionary) -> GameRules:
	var rules := GameRules.new()
	rules.player_entropy = options["entropy"] == 1
	if (
		rules.setup(StarterGame.seats(options["players"]), StarterGame.config(options["rounds"]))
		!= OK
	):
		rules.free()
		return null
	return rules


## Moves into [param folder] the journals and archives of every sibling folder whose server
## stopped beating ([constant HEARTBEAT_FILE]) more than [param after_sec] seconds ago. Each file
## is one rename, so two servers starting at once split the tables, never share one.
static func adopt_orphans(folder: String, after_sec: float) -> void:
	DirAccess.make_dir_recursive_absolute(folder)
	var parent := folder.get_base_dir()
	var now := Time.get_unix_time_from_system()
	for sibling in DirAccess.get_directories_at(parent):
		var orphan := parent.path_join(sibling)
		var heartbeat := orphan.path_join(HEARTBEAT_FILE)
		if orphan == folder or not FileAccess.file_exists(heartbeat):
			continue
		if now - FileAccess.get_modified_time(heartbeat) < after_sec:
			continue
		for file in DirAccess.get_files_at(orphan):
			if not (file.ends_with(".journal") or file.ends_with(".replay.gz")):
				continue
			if DirAccess.rename_absolute(orphan.path_join(file), folder.path_join(file)) == OK:
				print("server: adopted %s from %s" % [file, orphan])


func _initialize() -> void:
	var options := CommandLine.parse(OS.get_cmdline_user_args(), DEFAULTS, LIMITS)
	var journal: String = options.get("journal", "")
	var problem := "" if journal == "" else RulesTableJournal.folder_problem(journal)
	if problem != "":
		printerr("server: --journal %s: %s" % [journal, problem])
	if options.is_empty() or problem != "":
		_server.free()
		quit(2)
		return
	_server.name = SERVER_NAME
	_server.table_setup = make_rules
	_server.reconnect_timeout = options["reconnect_timeout"]
	_server.finished_linger = options["linger"]
	_server.archive_max_age_days = options["archive_days"]
	_server.max_tables_per_peer = options["max_tables_per_peer"]
	_server.tables_per_address = options["tables_per_address"]
	_server.idle_per_address = options["idle_per_address"]
	_server.journal_folder = ProjectSettings.globalize_path(journal) if journal != "" else ""
	if options["adopt_after"] > 0.0 and _server.journal_folder != "":
		adopt_orphans(_server.journal_folder, options["adopt_after"])
		_beat()
	_server.table_opened.connect(_on_table_opened)
	_server.table_closed.connect(
		func(code: String, archive: String): print("server: table %s closed · %s" % [code, archive])
	)
	_server.peer_kicked.connect(
		func(peer_id: int, reason: String):
			print("server: disconnected peer %d: %s" % [peer_id, reason])
	)
	root.add_child(_server)
	if options["agones"] == 1:
		_agones = AgonesSdk.new()
		root.add_child(_agones)
	if options["quit_after"] > 0.0:
		create_timer(options["quit_after"]).timeout.connect(_shut_down)
	# The root enters the tree only after _initialize returns, and hosting needs the tree's
	# multiplayer API.
	_listen.call_deferred(options)


func _listen(options: Dictionary) -> void:
	if _server.host_server(options["port"]) != OK:
		quit(2)
		return
	print("server: listening on port %d · journal %s" % [options["port"], _server.journal_folder])
	_listening = true
	if _agones and _agones.is_enabled():
		print("server: Agones SDK on port %s" % OS.get_environment(AgonesSdk.PORT_VARIABLE))
		_agones.mark_ready()
		# Resumed tables have players coming back: the server is taken from the start.
		if not _server.get_tables().is_empty():
			_agones.allocate()


func _on_table_opened(code: String, session: RulesSession, rules: GameRules) -> void:
	if _agones and _listening and _server.get_tables().size() == 1:
		_agones.allocate()
	var table := "server: table %s" % code
	print(
		"%s open · %d seats · round %d" % [table, rules.get_player_ids().size(), rules.get_round()]
	)
	session.peer_seated.connect(
		func(player_id: int, peer_id: int):
			print("%s: seat %d taken by peer %d" % [table, player_id, peer_id])
	)
	session.peer_left.connect(func(player_id: int): print("%s: seat %d left" % [table, player_id]))
	session.activation_timed_out.connect(
		func(player_id: int): print("%s: player %d ran out of time and passed" % [table, player_id])
	)
	rules.round_ended.connect(
		func(round_number: int): print("%s: round %d complete" % [table, round_number])
	)
	rules.game_over.connect(func(winner: int): print("%s: game over · winner %d" % [table, winner]))


func _beat() -> void:
	var file := FileAccess.open(_server.journal_folder.path_join(HEARTBEAT_FILE), FileAccess.WRITE)
	if file:
		file.store_string("%d\n" % Time.get_unix_time_from_system())
	create_timer(HEARTBEAT_SEC).timeout.connect(_beat)


func _shut_down() -> void:
	_server.close()
	if _agones and _agones.is_enabled():
		_agones.shutdown()
		var finished: Array = []
		while finished.is_empty() or finished[0] != "shutdown":
			finished = await _agones.request_finished
	quit()
