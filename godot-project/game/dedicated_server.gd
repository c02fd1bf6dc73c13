extends SceneTree
## A headless dedicated server for the bundled game: hosts a game on the starter set through a
## [RulesSession] (at [code]/root/Session[/code], where clients put theirs), prints one line per
## seat taken or left, per decision the server made for a late player, per peer it disconnected,
## per round and at game over (with what the peers made it do), and quits by itself
## [constant QUIT_DELAY_SEC] seconds after the game ends, or [constant ABANDONED_QUIT_SEC]
## seconds after every seated player left (the game waits for them meanwhile).
## [codeblock]
## godot --headless --path godot-project -s res://game/dedicated_server.gd -- --players 3
## [/codeblock]
## ([code]cargo xtask server --single[/code] builds the extension and runs exactly this.)
## Options after [code]--[/code]: [code]--port N[/code] (7000), [code]--players N[/code] (2; 1 to
## 8), [code]--rounds N[/code] (10; 1 to 1000), [code]--seed N[/code] (random),
## [code]--deadline S[/code] (seconds the game waits on players — the mulligan, each activation,
## each round's nonces — before the server decides for them, see
## [member RulesSession.turn_deadline]; 30 by default, 0 for no limit, which lets one idle player
## stall the table) and
## [code]--entropy 0|1[/code] (1, the default: every client adds a nonce to each round's shuffle,
## see [member GameRules.player_entropy]).
## The game starts once every seat is taken. Hosting rekeys the game from the OS
## ([method RulesSession.host_game]), so not even [code]--seed[/code] decides the bag or the
## hands; the key is never printed.

## The game it plays: the starter set and its deck ([code]starter_game.gd[/code]).
const StarterGame := preload("res://game/starter_game.gd")
## The session node's name under the root; clients use the same.
const SESSION_NAME := "Session"
## The port it listens on, unless [code]--port[/code] says otherwise.
const DEFAULT_PORT := 7000
## The command line's options ([code]command_line.gd[/code]).
const CommandLine := preload("res://game/command_line.gd")
## The options and their defaults.
const DEFAULTS := {
	"port": DEFAULT_PORT,
	"players": 2,
	"rounds": 10,
	"seed": 0,
	"deadline": RulesSession.DEFAULT_TURN_DEADLINE,
	"entropy": 1,
}
## What each number option takes (the seeds of any int, as [member GameRules.seed]).
const LIMITS := {
	"port": [1, 65535],
	"players": [1, GameRules.MAX_PLAYERS],
	"rounds": [1, 1000],
	"deadline": [0, 600],
	"entropy": [0, 1],
}
## Seconds between game over and quitting, so the last updates reach the clients.
const QUIT_DELAY_SEC := 5.0
## Seconds it goes on once every seated player has left, for one to come back, before it quits.
const ABANDONED_QUIT_SEC := 300.0

var _rules: GameRules
var _session: RulesSession
# The seats whose player is connected and still in the game (player_id -> true).
var _connected := {}
# When the last connected player left (msec; 0 while anyone is connected).
var _emptied_at := 0


func _initialize() -> void:
	var args := OS.get_cmdline_user_args()
	var options := CommandLine.parse(args, DEFAULTS, LIMITS)
	if options.is_empty():
		quit(2)
		return
	_rules = GameRules.new()
	_rules.randomize_seed = not args.has("--seed")
	_rules.seed = options["seed"]
	_rules.player_entropy = options["entropy"] == 1
	root.add_child(_rules)
	_session = RulesSession.new()
	_session.name = SESSION_NAME
	_session.turn_deadline = options["deadline"]
	root.add_child(_session)
	var seats := StarterGame.seats(options["players"])
	if _rules.setup(seats, StarterGame.config(options["rounds"])) != OK:
		printerr("server: the rules refused a game of %d players" % options["players"])
		quit(2)
		return
	_session.peer_seated.connect(_on_peer_seated)
	_session.peer_left.connect(_on_peer_left)
	_session.activation_timed_out.connect(_on_activation_timed_out)
	_session.mulligan_timed_out.connect(_on_mulligan_timed_out)
	_session.nonce_timed_out.connect(_on_nonce_timed_out)
	_session.peer_kicked.connect(_on_peer_kicked)
	_rules.round_ended.connect(_on_round_ended)
	_rules.player_eliminated.connect(_on_player_eliminated)
	_rules.game_over.connect(_on_game_over)
	# The root enters the tree only after _initialize returns, and hosting needs the tree's
	# multiplayer API.
	_listen.call_deferred(options)


func _listen(options: Dictionary) -> void:
	if _session.host_game(_rules, options["port"]) != OK:
		quit(2)
		return
	print(
		(
			"server: listening on port %d · %d seats · %d rounds"
			% [options["port"], options["players"], options["rounds"]]
		)
	)


func _on_peer_seated(player_id: int, peer_id: int) -> void:
	if player_id in _rules.get_living_player_ids():
		_connected[player_id] = true
		_emptied_at = 0
	print("server: seat %d taken by peer %d" % [player_id, peer_id])


func _on_peer_left(player_id: int) -> void:
	print("server: seat %d left; it waits %d s for them" % [player_id, _session.reconnect_timeout])
	_forget(player_id)


# An eliminated player watching on does not keep the game waiting for the others.
func _on_player_eliminated(player_id: int) -> void:
	_forget(player_id)


# Counts [param player_id] as gone; once nobody is left, the server quits after
# [constant ABANDONED_QUIT_SEC] unless someone comes back.
func _forget(player_id: int) -> void:
	if not _connected.erase(player_id) or not _connected.is_empty():
		return
	_emptied_at = Time.get_ticks_msec()
	create_timer(ABANDONED_QUIT_SEC).timeout.connect(_on_abandoned_timeout)


func _on_activation_timed_out(player_id: int) -> void:
	print("server: player %d ran out of time and passed" % player_id)


func _on_mulligan_timed_out(player_id: int) -> void:
	print("server: player %d ran out of time in the mulligan and kept their hand" % player_id)


func _on_nonce_timed_out(player_id: int) -> void:
	print("server: player %d sent no nonce in time; the server added one" % player_id)


func _on_peer_kicked(peer_id: int, reason: String) -> void:
	print("server: disconnected peer %d: %s" % [peer_id, reason])


func _on_round_ended(round_number: int) -> void:
	print("server: round %d complete · %s" % [round_number, _scores()])


func _on_game_over(winner_id: int) -> void:
	var verdict := "a draw" if winner_id == GameRules.NO_PLAYER else "player %d wins" % winner_id
	print("server: game over · %s · %s" % [verdict, _scores()])
	print("server: what the peers made it do · %s" % _traffic())
	create_timer(QUIT_DELAY_SEC).timeout.connect(_shut_down)


## [method RulesSession.get_host_stats] as one line: "messages N, applied N, …".
func _traffic() -> String:
	var stats := _session.get_host_stats()
	var parts := PackedStringArray()
	for key: String in stats:
		parts.append("%s %d" % [key.replace("_", " "), stats[key]])
	return ", ".join(parts)


func _scores() -> String:
	var scores := PackedStringArray()
	for player_id in _rules.get_player_ids():
		var points: int = _rules.get_player_state(player_id)["victory_points"]
		scores.append("player %d %d VP" % [player_id, points])
	return ", ".join(scores)


func _on_abandoned_timeout() -> void:
	# A player who came back and left again meanwhile started a timer of their own.
	var empty_for := Time.get_ticks_msec() - _emptied_at if _emptied_at != 0 else 0
	if empty_for < int(ABANDONED_QUIT_SEC * 1000.0) - 1000:
		return
	if _rules.get_phase() != GameRules.PHASE_GAME_OVER:
		print("server: every player left %d s ago; quitting" % ABANDONED_QUIT_SEC)
		_shut_down()


func _shut_down() -> void:
	_session.close()
	quit()
