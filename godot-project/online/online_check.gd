extends SceneTree
## An end-to-end check of the bundled game's online mode, through its own UI. It opens
## [code]res://online/online.tscn[/code], hosts a one-seat game on a free port with the lobby's
## Host button (so the online scene starts [code]res://game/dedicated_server.gd[/code] as a
## separate process and joins it), then plays the whole game with the table's buttons: "Keep this
## hand" in the mulligan, then the first action offered in each activation (with the connection
## dropped once in round 2 and the seat taken back by Leave and Join, on the same session). At
## game over it
## checks that the audits show one fair round per round played and none unfair, that the event
## log is not empty and that no notice (a refusal, a lost connection) appeared during play; then
## it presses Leave and checks that the server process is gone, then Join on a port nobody
## listens on and, while the lobby says "Connecting…", its Back, which must open the hot-seat
## table without an error. Before all that it presses Host on a port something else holds: the
## lobby must say so within [constant TAKEN_PORT_SEC] seconds (it waited for the connection
## attempt to time out, 31 s). The name field takes at most the server's longest name. At every
## frame it checks that the token bag display agrees with the status line: the status never names
## a round the bag has not reached, the bag has caught up (and shows this seat's token) whenever a
## choice is offered, and it shows the end of the game as soon as the status does.
## [codeblock]
## godot --headless --path godot-project -s res://online/online_check.gd
## [/codeblock]
## ([code]cargo xtask test[/code] runs exactly this, with [code]$GODOT[/code] set to its engine.)
## Prints one [code]ONLINE CHECK ok: …[/code] or [code]ONLINE CHECK FAILED: …[/code] line and
## quits with 0 or 1; a watchdog ends it after [constant WATCHDOG_SEC] seconds whatever happens.

const Online := preload("res://online/online.gd")
const EventText := preload("res://online/event_text.gd")
const RequestChecks := preload("res://addons/horizons_edge/net/request_checks.gd")
## The whole check must be over by then.
const WATCHDOG_SEC := 120.0
## After game over, the last round's audit may come a little after the final snapshot.
const AUDIT_WAIT_SEC := 3.0
## The name typed in the lobby, which the table must show for this seat.
const PLAYER_NAME := "Ada Online"
## The table's mulligan choice (see [method OnlineTable.show_snapshot]).
const KEEP_TEXT := "Keep this hand"
## Cards in the hand of the crowded table (as the hot-seat check's large hand).
const HAND := 15
## The least height of the log (its scrolling part) on the crowded table, in pixels.
const LOG_MIN_HEIGHT := 100.0
## How long the lobby may take to say that the server it started could not listen.
const TAKEN_PORT_SEC := 10.0

var _online: Online
var _lobby: OnlineLobby
var _table: OnlineTable
var _round_pattern := RegEx.create_from_string("· round (\\d+) ·")
## The highest round the status showed.
var _rounds := 0
var _presses := 0
## The hosted server's process id, read once the table is shown.
var _server_pid := 0
## Msec since the engine started when game over was first seen (0: not yet).
var _game_over_at := 0
## Set once the outcome is decided (or Leave pressed): nothing more is played or checked.
var _done := false
## Set once the end of the game is being checked (which waits for frames): nothing more is played.
var _ending := false
## Set once the verdict is printed: there is only one.
var _finished := false
## Set while the connection is dropped and joined again (in round 2), and once it was.
var _reconnecting := false
var _reconnected := false

## The errors logged (the lobby's Back while connecting logged one).
var _errors := ErrorCount.new()


## A UDP port on 127.0.0.1 that was free a moment ago.
static func _free_port() -> int:
	var probe := PacketPeerUDP.new()
	probe.bind(0, "127.0.0.1")
	var port := probe.get_local_port()
	probe.close()
	return port


func _process(_delta: float) -> bool:
	if _done or _ending or _reconnecting or not _table.visible:
		return false
	if _server_pid == 0:
		_server_pid = _online.get_server_pid()
	var notice := _label(_table, "%Notice").text
	if notice != "":
		_fail("the table showed a notice during play: %s" % notice)
		return false
	var status := _label(_table, "%Status").text
	var problem := _bag_problem(status)
	if problem != "":
		_fail("%s; %s" % [problem, _bag_state()])
		return false
	if "game over" in status:
		_on_game_over(status)
		return false
	var found := _round_pattern.search(status)
	if found:
		_rounds = maxi(_rounds, found.get_string(1).to_int())
	if _rounds >= 2 and not _reconnected and not _offered().is_empty():
		_reconnect()
		return false
	_press_first_choice()
	return false


func _initialize() -> void:
	OS.add_logger(_errors)
	_online = (load("res://online/online.tscn") as PackedScene).instantiate()
	root.add_child(_online)
	# As when the game opens the scene: the lobby's Back replaces it.
	current_scene = _online
	_lobby = _online.get_node("%Lobby")
	_table = _online.get_node("%Table")
	create_timer(WATCHDOG_SEC).timeout.connect(_on_watchdog)
	var words := _event_text_problem()
	if words != "":
		_fail(words)
		return
	# The scene is ready (its buttons connected) once the root enters the tree: after this method.
	_host.call_deferred()


## Fills the lobby (one seat, a free port) and presses its Host button, after a Host on a port
## something else holds.
func _host() -> void:
	var name_field := _lobby.get_node("%PlayerName") as LineEdit
	if name_field.max_length != RequestChecks.MAX_NAME_LENGTH:
		_fail(
			"the name field takes %d characters, not the server's longest" % name_field.max_length
		)
		return
	(_lobby.get_node("%Seats") as SpinBox).value = 1
	name_field.text = PLAYER_NAME
	var holder := PacketPeerUDP.new()
	holder.bind(0, "127.0.0.1")
	(_lobby.get_node("%Port") as SpinBox).value = holder.get_local_port()
	(_lobby.get_node("%Host") as Button).pressed.emit()
	var started := Time.get_ticks_msec()
	while not "is taken on this machine" in _label(_lobby, "%Status").text:
		if Time.get_ticks_msec() - started > TAKEN_PORT_SEC * 1000.0:
			_fail(
				"Host on a taken port: the lobby still says '%s'" % _label(_lobby, "%Status").text
			)
			return
		await process_frame
	holder.close()
	(_lobby.get_node("%Port") as SpinBox).value = _free_port()
	(_lobby.get_node("%Host") as Button).pressed.emit()


## How the bag display disagrees with [param status] (the table's status line), or "".
func _bag_problem(status: String) -> String:
	var display := _table.get_node("%Bag") as TokenBagDisplay
	if "game over" in status:
		var late := _game_over_at == 0 and not display.is_game_over_shown()
		return "the status says game over, the bag display does not" if late else ""
	var found := _round_pattern.search(status)
	var shown := _label(display, "%RoundLabel").text.trim_prefix("Round ").to_int()
	if found and shown < found.get_string(1).to_int():
		return "the status is ahead of the bag display: %s" % status
	if _offered().is_empty():
		return ""
	if not display.is_caught_up():
		return "a choice is offered while the bag display is behind"
	var mine := _label(display, "%ActiveLabel").text.begins_with(PLAYER_NAME)
	if "your activation" in status and not mine:
		return "it is this seat's activation, the bag display says otherwise"
	return ""


## The choices the table offers.
func _offered() -> Array[Button]:
	var choices: Array[Button] = []
	for child in _table.get_node("%Actions").get_children():
		if not child.is_queued_for_deletion():
			choices.append(child as Button)
	return choices


## What the bag display shows, for a failure.
func _bag_state() -> String:
	var display := _table.get_node("%Bag") as TokenBagDisplay
	return (
		"the bag shows %s, %s, %d left"
		% [
			_label(display, "%RoundLabel").text,
			_label(display, "%ActiveLabel").text,
			display.get_remaining()
		]
	)


## Presses "Keep this hand" if offered, else the first choice offered (if any).
func _press_first_choice() -> void:
	var choices := _offered()
	if choices.is_empty():
		return
	var keep := choices.filter(func(button: Button) -> bool: return button.text == KEEP_TEXT)
	var chosen: Button = keep[0] if not keep.is_empty() else choices[0]
	_presses += 1
	chosen.pressed.emit()


## Drops the connection in the middle of the game, as a network would, then presses Leave and
## Join to the same server: the seat must be taken back on the same session (a new one could not
## check this seat's nonces in the history it catches up on, and the bundled client made one,
## clearing the audits: a round its first session failed showed "verified fair"), the audits
## shown before kept, and the game must go on.
func _reconnect() -> void:
	_reconnecting = true
	var session: RulesSession = _online.get("_session")
	var audits := _label(_table, "%Audits").text
	session.multiplayer.multiplayer_peer.close()
	var lost := func() -> bool: return "connection to the server is closed" in _notice()
	if not await _within(lost, 5.0):
		_fail("no notice of the lost connection: '%s'" % _notice())
		return
	(_table.get_node("%Leave") as Button).pressed.emit()
	var at: String = _online.get("_joined_at")
	(_lobby.get_node("%Address") as LineEdit).text = at.get_slice(":", 0)
	(_lobby.get_node("%Port") as SpinBox).value = at.get_slice(":", 1).to_int()
	# The first try fails (the connection drops again at once): the session must stay for the
	# next (a re-review: it was freed, and the next Join made a new one).
	(_lobby.get_node("%Join") as Button).pressed.emit()
	session.multiplayer.multiplayer_peer.close()
	var retry := func() -> bool: return "Join again" in _label(_lobby, "%Status").text
	if not await _within(retry, 5.0) or _online.get("_session") != session:
		_fail("a failed try to join again lost the session: %s" % _label(_lobby, "%Status").text)
		return
	(_lobby.get_node("%Join") as Button).pressed.emit()
	if not await _within(func() -> bool: return _table.visible, 10.0):
		_fail("not back at the table after Join: %s" % _label(_lobby, "%Status").text)
		return
	if _online.get("_session") != session:
		_fail("joined again on a new session, which cannot check the nonces it sent")
	elif audits == "" or not _label(_table, "%Audits").text.begins_with(audits):
		_fail("the audits before the lost connection are gone: '%s'" % audits)
	elif _notice() != "":
		_fail("the notice stays after joining again: %s" % _notice())
	_reconnected = true
	_reconnecting = false


## Waits until [param condition] holds, at most [param seconds]; whether it did.
func _within(condition: Callable, seconds: float) -> bool:
	var until := Time.get_ticks_msec() + int(seconds * 1000.0)
	while not condition.call():
		if Time.get_ticks_msec() > until:
			return false
		await process_frame
	return true


## The table's notice.
func _notice() -> String:
	return _label(_table, "%Notice").text


## Waits for every round's audit, checks the table, then leaves.
func _on_game_over(status: String) -> void:
	var now := Time.get_ticks_msec()
	if _game_over_at == 0:
		_game_over_at = now
	var audits := _label(_table, "%Audits").text
	var lines := Array(audits.split("\n"))
	var fair := lines.filter(func(line: String) -> bool: return " verified fair ✓ " in line).size()
	if fair < _rounds and now - _game_over_at < AUDIT_WAIT_SEC * 1000:
		return
	if _rounds == 0 or fair != _rounds or "NOT FAIR" in audits:
		_fail("%d fair audits for %d rounds: %s" % [fair, _rounds, audits.replace("\n", " | ")])
	elif _label(_table, "%Log").text == "":
		_fail("the event log is empty")
	elif not (_table.get_node("%Bag") as TokenBagDisplay).is_game_over_shown():
		if now - _game_over_at >= AUDIT_WAIT_SEC * 1000:
			_fail("the token bag display does not show the end of the game")
	elif not _log_in_words(_label(_table, "%Log").text):
		_fail("the event log is not in words: %s" % _label(_table, "%Log").text.left(300))
	elif _server_pid <= 0:
		_fail("the online scene started no server")
	elif not _shows_the_lobby_name(status):
		_fail("the table does not show the name typed in the lobby, %s: %s" % [PLAYER_NAME, status])
	else:
		_ending = true
		await _capture("online_game_over")
		var problem := _server_data_problem()
		if problem == "":
			problem = _long_text_problem()
		if problem == "":
			problem = await _crowded_table_problem()
		if problem != "":
			_fail(problem)
			return
		_leave(status)


## Feeds the table at game over what a broken or hostile server could send: snapshots with
## fields missing or of another type, legal actions that are not actions, events whose fields
## hold anything. Returns what went wrong ("" if the table refused every snapshot and kept
## showing the last good one, and put every event into words). A script error on the way fails
## the run by itself (the log is checked for one), as a bad snapshot's script error did before.
func _server_data_problem() -> String:
	var status := _label(_table, "%Status").text
	var phase := {"phase": "activation", "player": 0}
	var seat := {"id": 0, "name": "Ada", "eliminated": false, "kept": true, "hand": [1]}
	for field in ["energy", "resources", "victory_points", "command_tier", "hand_size"]:
		seat[field] = 1
	seat["deck_size"] = 1
	var good := {"viewer": 0, "round": 1, "phase": phase, "players": [seat], "bag": {}}
	var bad_snapshots: Array[Dictionary] = [{}]
	for change: Array in [
		["viewer", "0"],
		["phase", {"phase": "activation", "player": "Ada"}],
		["players", [5]],
		["players", [seat.merged({"name": 7}, true)]],
		["players", [seat.merged({"hand": ["x"]}, true)]],
		["players", [seat.merged({"id": 3}, true)]],
		[
			"players",
			Array(range(9)).map(func(id: int) -> Dictionary: return seat.merged({"id": id}, true))
		],
		["active", "0"],
	]:
		bad_snapshots.append(good.merged({change[0]: change[1]}, true))
	for snapshot in bad_snapshots:
		_table.show_snapshot(snapshot, [])
	# A spectator's snapshot (a null viewer) was refused as having no int viewer.
	var errors := _errors.count()
	_table.show_snapshot(good.merged({"viewer": null}, true), [])
	if _errors.count() != errors or not _label(_table, "%Status").text.contains("round 1"):
		return "a spectator's snapshot is refused: %s" % _label(_table, "%Status").text
	_table.show_snapshot(good.merged({"phase": {"phase": "game_over", "winner": 0}}, true), [])
	status = _label(_table, "%Status").text
	_table.show_snapshot(good, [{"type": "play_card", "hand_index": "0"}])
	_table.show_snapshot(good, [5])
	if _label(_table, "%Status").text != status:
		return "a bad snapshot changed the table: %s" % _label(_table, "%Status").text
	var events: Array[Dictionary] = [
		{"type": 5, "round": [1]},
		{"type": "card_played", "card": [1, 2], "player": "x", "round": 1},
		{"type": "game_started", "players": 3, "round": 0},
		{"type": "player_renamed"},
		{"type": "action_resolved", "action": {"type": "play_card", "hand_index": "a"}},
		{"type": "cards_drawn", "cards": "abc", "player": [0], "round": NAN},
		{"type": "token_drawn", "player": {}, "remaining": null},
	]
	var log_before := _label(_table, "%Log").text
	for event in events:
		_table.add_event(event)
	# Events show with the snapshot that follows them, as a session hands them over: shown at
	# once, they ran ahead of the status and panels, still on the snapshot before.
	if _label(_table, "%Log").text != log_before:
		return "events showed before the snapshot that follows them"
	_table.show_snapshot(good, [])
	# The log is newest first: the last event on top, the first (of type 5) below the others.
	var newest := _label(_table, "%Log").text.split("\n")
	if not newest[0].ends_with("'s token is drawn, <null> left") or newest[6] != "R[1] · 5":
		return "the table did not put every odd event into words: %s" % newest.slice(0, 7)
	# The empty peek at a round's end says so, rather than breaking off after a colon.
	_table.add_event({"type": "private_peek", "player": 0, "upcoming": [], "round": 1})
	_table.show_snapshot(good, [])
	var peek := _label(_table, "%Log").text.get_slice("\n", 0)
	if peek.strip_edges().ends_with(":"):
		return "an empty peek reads as a line cut off: %s" % peek
	return ""


## Feeds the table the text a hostile server could send: a 256 KiB name (in a snapshot and a
## rename) and a 1 MiB refusal. Returns what went wrong ("" if every line shown is cut to
## [constant OnlineTable.MAX_LINE_CHARS] characters: a 1 MiB notice froze the client for
## minutes, laid out in one frame).
func _long_text_problem() -> String:
	var long_name := "N".repeat(1 << 18)
	var seat := _table.get_node("%Players").get_child(0).get_child(0) as Label
	var snapshot := _online_snapshot()
	for player: Dictionary in snapshot["players"]:
		player["name"] = long_name
	_table.add_event({"type": "player_renamed", "player": 0, "name": long_name, "round": 1})
	_table.show_snapshot(snapshot, [])
	var crowd: Array = range(1 << 16).map(func(_i: int) -> int: return 1)
	var dealt := snapshot.duplicate(true)
	dealt["players"][0]["hand"] = crowd
	for round_number in 4000:
		_table.add_audit(round_number + 1, false, "junk")
	_table.show_snapshot(dealt, [])
	var audit_lines := _label(_table, "%Audits").text.count("\n") + 1
	if audit_lines > OnlineTable.LOG_LINES:
		return "the audit panel holds %d lines" % audit_lines
	_table.show_notice("R".repeat(1 << 20))
	var notice_length := _label(_table, "%Notice").text.length()
	_table.show_notice("")
	for label: Label in [_label(_table, "%Log"), _label(_table, "%Status"), seat]:
		for line in label.text.split("\n"):
			if line.length() > OnlineTable.MAX_LINE_CHARS:
				return "a line of %d characters in %s" % [line.length(), label.name]
	if notice_length > OnlineTable.MAX_LINE_CHARS:
		return "a notice of %d characters" % notice_length
	return ""


## Feeds the table the largest game: 8 seats with names of 64 characters, a hand of 15 cards and
## a choice for each, and checks at 1280×720 that Leave, the status, the choices and the log stay
## in the window, the log keeping [constant LOG_MIN_HEIGHT] px (the table grew past the window,
## centred: Leave went off the top and the log off the bottom). Returns what went wrong ("" if
## nothing).
func _crowded_table_problem() -> String:
	var snapshot := _online_snapshot()
	var own: Dictionary = snapshot["players"][0]
	var cards: Array = _table.card_names.keys()
	var hand: Array = range(HAND).map(func(i: int) -> int: return cards[i % cards.size()])
	var players := []
	var tallies := []
	for id in GameRules.MAX_PLAYERS:
		var words := "Bartholomew the Unrelenting Conqueror of the Northern Reaches %d" % id
		players.append(own.merged({"id": id, "name": words.left(64), "hand": null}, true))
		tallies.append({"player": id, "contributed": 6, "remaining": 6})
	players[0]["hand"] = hand
	snapshot["players"] = players
	snapshot["round"] += 1
	snapshot["phase"] = {"phase": "activation", "player": 0}
	snapshot["bag"] = {"remaining": 48, "players": tallies, "drawn": []}
	var actions: Array = range(HAND).map(
		func(i: int) -> Dictionary: return {"type": "play_card", "hand_index": i}
	)
	actions.append_array([{"type": "upgrade_command"}, {"type": "pass"}])
	_table.show_snapshot(snapshot, actions)
	for _frame in 3:
		await process_frame
	await _capture("online_crowded")
	var window := Rect2(Vector2.ZERO, _table.get_viewport_rect().size)
	var parts: Array[Control] = [
		_table.get_node("%Leave"), _table.get_node("%Status"), _table.get_node("%Actions")
	]
	for part in parts:
		if not window.encloses(part.get_global_rect().grow(-0.5)):
			return "%s is out of the window: %s" % [part.name, part.get_global_rect()]
	var log_view := _table.get_node("%Log").get_parent() as Control
	var shown := log_view.get_global_rect().intersection(window)
	if shown.size.y < LOG_MIN_HEIGHT:
		return "the log shows %d px of %d wanted" % [shown.size.y, LOG_MIN_HEIGHT]
	return ""


## A copy of the latest snapshot the online scene's session received.
func _online_snapshot() -> Dictionary:
	var session := (
		root.get_node_or_null(NodePath(Online.DedicatedServer.SESSION_NAME)) as RulesSession
	)
	return session.get_snapshot().duplicate(true) if session else {}


## Whether the status, the seat's panel and the display's row all name the player as typed.
func _shows_the_lobby_name(status: String) -> bool:
	var panel_text := (_table.get_node("%Players").get_child(0).get_child(0) as Label).text
	var row := _table.get_node("%Bag").get_node_or_null("%Rows/Row0/Line/Name") as Label
	return (
		status.begins_with("You are %s" % PLAYER_NAME)
		and panel_text.begins_with("%s (you)" % PLAYER_NAME)
		and row != null
		and row.text == PLAYER_NAME
	)


## With [code]-- --out DIR[/code] (a rendered run), saves the window as DIR/[param shot].png.
func _capture(shot: String) -> void:
	var args := OS.get_cmdline_user_args()
	var at := args.find("--out")
	if at < 0 or at + 1 >= args.size():
		return
	await RenderingServer.frame_post_draw
	var path := args[at + 1].path_join(shot + ".png")
	var saved := root.get_texture().get_image().save_png(path)
	print("%s: %s" % [shot, path if saved == OK else error_string(saved)])


## How the log's words misread an event whose numbers read wrong before (a total as a gain, a
## draw told twice), or "".
func _event_text_problem() -> String:
	var lines := {
		"Ada now has 105 resources": {"type": "resources_gained", "player": 0, "resources": 105},
		"Ada has 10 energy for the round": {"type": "energy_generated", "player": 0, "energy": 10},
		"Ada draws 2 cards": {"type": "cards_drawn", "player": 0, "count": 2},
		"(you drew Spark, card 9)": {"type": "private_draw", "player": 0, "cards": [1, 9]},
		"The game starts with 1 player": {"type": "game_started", "players": [{}]},
		"Ada's Garrison is now 0/3":
		{"type": "object_changed", "object": 4, "power": 0, "toughness": 3},
		"Object 5 is destroyed": {"type": "object_destroyed", "object": 5},
	}
	var created := {"type": "object_created", "object": 4, "owner": 0, "name": "Garrison"}
	var objects := {4: EventText.object_name(created, {0: "Ada"})}
	for expected: String in lines:
		var said := EventText.describe(lines[expected], {0: "Ada"}, {1: "Spark"}, objects)
		if said != expected:
			return "the log says '%s', not '%s'" % [said, expected]
	return ""


## Whether the event log reads as words: draws and the end told by name, nothing raw.
func _log_in_words(log_text: String) -> bool:
	return (
		"'s token is drawn, " in log_text
		and "Game over: " in log_text
		and "<null>" not in log_text
		and "round committed" not in log_text
	)


## Presses Leave and checks the server process is gone.
func _leave(status: String) -> void:
	_done = true
	(_table.get_node("%Leave") as Button).pressed.emit()
	# OS.kill waits for the process it kills, so there is nothing to wait for. Asked about a
	# process OS.kill has reaped, the engine answers false but also logs an error ("exited with
	# errno: 10", no such child): expected here, so not printed.
	Engine.print_error_messages = false
	var running := OS.is_process_running(_server_pid)
	Engine.print_error_messages = true
	if running:
		_finish(false, "the server (pid %d) still runs after Leave" % _server_pid)
		return
	# The lobby's Back, pressed while it connects, leads to the hot-seat table. The verdict is
	# printed as soon as the table's scene enters the tree; its game is not started (its script
	# taken off before it is ready: a headless table would play its bots' game at once and quit)
	# and the scene freed.
	var ok := "%s · %s, every round audited fair, Back to the table" % [status, _progress()]
	(_lobby.get_node("%Port") as SpinBox).value = _free_port()
	(_lobby.get_node("%Join") as Button).pressed.emit()
	var errors := _errors.count()
	node_added.connect(
		func(node: Node) -> void:
			if node.get_parent() == root and node.name == "Main" and not _finished:
				if _errors.count() != errors:
					_finish(false, "the lobby's Back while connecting logged an error")
				else:
					_finish(true, ok)
				node.set_script(null)
				node.queue_free()
	)
	(_lobby.get_node("%Back") as Button).pressed.emit()
	for frame in 5:
		await process_frame
	if _finished:
		quit(0)
	else:
		_finish(false, "the lobby's Back did not open the table")


func _on_watchdog() -> void:
	var where := (
		"the table says: %s" % _label(_table, "%Status").text
		if _table.visible
		else "the lobby says: %s" % _label(_lobby, "%Status").text
	)
	_fail("no game over within %d s; %s; %s" % [WATCHDOG_SEC, where, _progress()])


func _fail(reason: String) -> void:
	if not _done:
		_done = true
		_finish(false, reason)


func _finish(ok: bool, text: String) -> void:
	if _finished:
		return
	_finished = true
	print("ONLINE CHECK %s: %s" % ["ok" if ok else "FAILED", text])
	quit(0 if ok else 1)


func _progress() -> String:
	return "%d rounds seen, %d buttons pressed" % [_rounds, _presses]


func _label(parent: Node, path: String) -> Label:
	return parent.get_node(path) as Label


## Counts the errors the engine logs.
class ErrorCount:
	extends Logger

	var _count := 0
	var _mutex := Mutex.new()

	func _log_error(
		_function: String,
		_file: String,
		_line: int,
		_code: String,
		_rationale: String,
		_editor_notify: bool,
		_error_type: int,
		_script_backtraces: Array[ScriptBacktrace]
	) -> void:
		_mutex.lock()
		_count += 1
		_mutex.unlock()

	## How many errors were logged so far.
	func count() -> int:
		_mutex.lock()
		var counted := _count
		_mutex.unlock()
		return counted
