extends Control
## The bundled game's online mode: an [OnlineLobby] to host or join a game, then an
## [OnlineTable] fed by a [RulesSession] client. The server is always the dedicated one
## ([code]res://game/dedicated_server.gd[/code]): "Host" starts it as a separate headless process
## of this same engine and joins it on this machine; leaving the table or quitting stops it.
## The engine to start is this one's executable, or [code]$GODOT[/code] when set (as for
## [code]cargo xtask[/code]; needed when this engine runs through a loader or a wrapper).

const SERVER_SCRIPT := "res://game/dedicated_server.gd"
const DedicatedServer := preload(SERVER_SCRIPT)
## The game it plays: the starter set and its deck ([code]starter_game.gd[/code]).
const StarterGame := preload("res://game/starter_game.gd")
const LOCALHOST := "127.0.0.1"
## The bundled game's hot-seat table, which the lobby's Back button returns to.
const TABLE_SCENE := "res://main.tscn"
## What the lobby says when the server started here quit before this client connected.
const SERVER_STOPPED := "The server stopped at once; see its output (is the port taken?)."
## What the table and the lobby say when the server started here stopped during its game.
const SERVER_ENDED := "The server started here stopped."
## What the table says when the connection to a server still running is lost.
const CONNECTION_LOST := "The connection to the server is closed. Leave, then Join again."
## What the lobby says when Host is asked for a port something on this machine holds.
const PORT_TAKEN := "Port %d is taken on this machine: choose another."
## What the lobby says when Join is asked for no address.
const NO_ADDRESS := "Type the server's address (a name or an IP address)."
## While connecting to a server started here, how often to check that it still runs.
const SERVER_CHECK_SECONDS := 0.25

var _session: RulesSession
# Each seat's rejoin token, by "address:port": joining there again takes the seat back (after
# Leave, or a lost connection) instead of a free one.
var _rejoin_tokens := {}
# Where the session joins ("address:port").
var _joined_at := ""
## The session lost its connection at the table (it is not closed): Join to the same server
## takes the seat back on it, so it keeps what it checked (the nonces it sent, its audit: a new
## session could check neither in the history it catches up on).
var _lost := false
## Set while joining again on the same session: its table keeps its log and audits.
var _reopening := false
## The dedicated server this client started (0: none).
var _server_pid := 0
## Seconds until the next check that the server started here still runs.
var _server_check_in := 0.0

@onready var _lobby: OnlineLobby = %Lobby
@onready var _table: OnlineTable = %Table


func _ready() -> void:
	_table.card_names = GameManager.card_names(StarterGame.config())
	_lobby.host_requested.connect(_on_host_requested)
	_lobby.join_requested.connect(_on_join_requested)
	_lobby.back_requested.connect(func() -> void: get_tree().change_scene_to_file(TABLE_SCENE))
	_table.leave_requested.connect(_leave_table)
	_table.action_chosen.connect(
		func(action: Dictionary) -> void:
			if _session:
				_session.request_action(action)
	)
	_table.keep_chosen.connect(
		func() -> void:
			if _session:
				_session.request_keep()
	)
	_leave("Host a game here, or join one.")


func _process(delta: float) -> void:
	if _server_pid == 0 or _table.visible:
		return
	_server_check_in -= delta
	if _server_check_in > 0.0:
		return
	_server_check_in = SERVER_CHECK_SECONDS
	# A server that could not listen (the port taken) quits at once: no need to wait for the
	# connection attempt to time out.
	if not OS.is_process_running(_server_pid):
		_leave(SERVER_ENDED if _lost else SERVER_STOPPED)


func _exit_tree() -> void:
	# The root is busy taking this scene out: the session cannot leave it now, and goes with it.
	_stop(false)


## The process id of the dedicated server "Host" started and this scene still runs (0: none).
func get_server_pid() -> int:
	return _server_pid


func _on_host_requested(port: int, seats: int, player_name: String) -> void:
	_stop()
	# Another server there (this game's, even) would take this client, not the one started here.
	var probe := PacketPeerUDP.new()
	var free := probe.bind(port) == OK
	probe.close()
	if not free:
		_lobby.show_status(PORT_TAKEN % port)
		return
	var engine := OS.get_environment("GODOT")
	var args: PackedStringArray = [
		"--headless",
		"--path",
		ProjectSettings.globalize_path("res://"),
		"-s",
		SERVER_SCRIPT,
		"--",
		"--port",
		str(port),
		"--players",
		str(seats),
	]
	var pid := OS.create_process(engine if engine != "" else OS.get_executable_path(), args)
	if pid <= 0:
		_lobby.show_status("Could not start the server.")
		return
	_server_pid = pid
	# A new server's game: no seat of an earlier game on this port to take back.
	_rejoin_tokens.erase("%s:%d" % [LOCALHOST, port])
	# The server this starts always runs with player entropy: a round without it is not fair.
	_join(LOCALHOST, port, player_name, true)


func _on_join_requested(address: String, port: int, player_name: String) -> void:
	address = address.strip_edges()
	if _lost and "%s:%d" % [address, port] == _joined_at:
		_reopen(address, port, player_name)
		return
	_stop()
	if address == "":
		_lobby.show_status(NO_ADDRESS)
		return
	if not address.is_valid_ip_address() and IP.resolve_hostname(address) == "":
		_lobby.show_status("No server is known by the name %s." % address)
		return
	_join(address, port, player_name)


func _join(address: String, port: int, player_name: String, require_entropy := false) -> void:
	_session = RulesSession.new()
	_session.require_entropy = require_entropy
	# The node path must be the server's.
	_session.name = DedicatedServer.SESSION_NAME
	get_tree().root.add_child(_session)
	_session.joined.connect(_on_joined)
	_session.snapshot_received.connect(_on_snapshot_received)
	_session.event_received.connect(_table.add_event)
	_session.round_audited.connect(_table.add_audit)
	_session.request_refused.connect(_on_request_refused)
	_session.connection_lost.connect(_on_connection_lost)
	_joined_at = "%s:%d" % [address, port]
	if _session.join_game(address, port, player_name, _rejoin_tokens.get(_joined_at, "")) != OK:
		_leave("Cannot connect to %s:%d." % [address, port])
		return
	_lobby.show_status("Connecting to %s:%d…" % [address, port])


# Joins the server this session lost its connection to again, on the same session.
func _reopen(address: String, port: int, player_name: String) -> void:
	_lost = false
	_reopening = true
	if _session.join_game(address, port, player_name, _rejoin_tokens.get(_joined_at, "")) != OK:
		_leave("Cannot connect to %s:%d." % [address, port])
		return
	_lobby.show_status("Connecting to %s:%d…" % [address, port])


func _on_joined(_player_id: int) -> void:
	if _server_stopped():
		# Joined whatever else listens on the port, not the server started here.
		_leave(SERVER_STOPPED)
		return
	_rejoin_tokens[_joined_at] = _session.get_rejoin_token()
	if _reopening:
		_table.show_notice("")
	else:
		_table.clear()
	_reopening = false
	_lobby.hide()
	_table.show()


func _on_snapshot_received(snapshot: Dictionary) -> void:
	_table.show_snapshot(snapshot, _session.get_legal_actions())


func _on_request_refused(reason: String) -> void:
	if not _table.visible:
		# A seat kept from an earlier game there is gone: the next Join takes a free one.
		_rejoin_tokens.erase(_joined_at)
		_leave("The server refused: %s" % reason)
		return
	_on_snapshot_received(_session.get_snapshot())
	_table.show_notice("The server refused: %s" % reason)


func _on_connection_lost() -> void:
	if _table.visible and _table.is_game_over():
		_rejoin_tokens.erase(_joined_at)
		return  # The server closes when its game is over: the normal end, not a notice.
	var server_gone := _server_stopped()
	if _table.visible:
		# Nothing can be asked of a server that is gone: no choice stays on offer.
		_lost = not server_gone
		_table.withdraw_choices()
		_table.show_notice(SERVER_ENDED if server_gone else CONNECTION_LOST)
	elif _reopening and not server_gone:
		# Joining again did not get through: the session stays for the next try.
		_reopening = false
		_lost = true
		_lobby.show_status("Could not reach the server: Join again to take your seat back.")
	elif server_gone:
		_leave(SERVER_ENDED if _reopening else SERVER_STOPPED)
	else:
		_leave("Could not reach the server.")


# The table's Leave: back to the lobby. A session whose connection was lost stays open for a
# Join to the same server (see [member _lost]).
func _leave_table() -> void:
	if not _lost or _server_stopped():
		_leave("You left the table.")
		return
	_table.hide()
	_lobby.show()
	_lobby.show_status("You left the table: Join to the same server takes your seat back.")


# Whether a server started here no longer runs.
func _server_stopped() -> bool:
	return _server_pid != 0 and not OS.is_process_running(_server_pid)


## Back to the lobby with [param message]: the session closed, a server started here stopped.
func _leave(message: String) -> void:
	_stop()
	_table.hide()
	_lobby.show()
	_lobby.show_status(message)


## Closes the session and stops a server started here; [param detach] takes the session out of
## the tree at once (the next session takes the same node path).
func _stop(detach := true) -> void:
	# Out of the tree only while the whole tree closes, and then the session goes with it.
	if _session and _session.is_inside_tree():
		_session.close()
		if detach:
			_session.get_parent().remove_child(_session)
		_session.queue_free()
	_session = null
	_lost = false
	_reopening = false
	# A server that quit by itself after its game is reaped here, so its pid is not reused.
	if _server_pid != 0 and OS.is_process_running(_server_pid):
		OS.kill(_server_pid)
	_server_pid = 0
