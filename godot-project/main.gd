extends Control
## The bundled game: a hot-seat game of Horizon's Edge on the starter set, any seat a bot, with
## a panel per player, the active human's action buttons, the game log and the token bag display.
##
## Run headless with [code]cargo xtask demo[/code]; arguments after [code]--[/code] choose the
## game: [code]--seed N[/code], [code]--players N[/code] (1 to 8), [code]--rounds N[/code]
## (1 to [constant MAX_ROUNDS]), [code]--humans N[/code] (the first N seats are played by
## people; windowed runs only), [code]--order bag|seats|initiative[/code] (who acts next; the
## last two show the next five). An option it does not know, or a value out of its range, is
## refused with a line on standard error and the game quits with exit code 2.
## Headless, every seat is a bot: it plays without delays, prints the log and quits when the game
## is over. In a window, the menu's "Play online…" (or [code]--online[/code]) opens the online
## lobby instead ([code]res://online/online.tscn[/code]); at the end, a scoreboard offers
## Play again.

## The menu's entries, by id.
enum MenuItem { PLAY_ONLINE, NEW_GAME, QUIT }

## The seed of headless runs (the demo), unless [code]--seed[/code] says otherwise.
const DEFAULT_SEED := 2026
## Lines the log keeps on screen.
const LOG_LINES := 200
## The activation orders [code]--order[/code] takes, by name.
const ORDERS := {
	"bag": GameRules.ORDER_BAG,
	"seats": GameRules.ORDER_SEATS,
	"initiative": GameRules.ORDER_INITIATIVE,
}
## Players the "Next:" strip shows in seat or initiative order.
const UPCOMING := 5
## Names in the action bar's prompt are cut to this many characters (with "…"), so that the
## prompt fits on a line however long a player's name is.
const PROMPT_NAME_CHARS := 24
## A reaction's line in the log (after its indentation): it goes under its cause.
const REACTION_MARK := "↳"
## The online mode's scene ("Play online…", [code]--online[/code]).
const ONLINE_SCENE := "res://online/online.tscn"
## The longest game [code]--rounds[/code] asks for.
const MAX_ROUNDS := 1000
## The command line's options ([code]command_line.gd[/code]).
const CommandLine := preload("res://game/command_line.gd")
## The game it plays: the starter set and its deck ([code]starter_game.gd[/code]).
const StarterGame := preload("res://game/starter_game.gd")

# Whether the command line's --online has opened the lobby already (in this process).
static var _online_followed := false

## Seats at the table (1 to 8) unless [code]--players[/code] says otherwise.
@export_range(1, 8) var player_count := 4
## How many of the first seats people play (hot seat); the others are bots.
@export_range(0, 8) var human_players := 1
## The game's seed, to play one game again exactly; 0 (the default) takes a fresh one for every
## game, "Play again" and "New game" included. Headless runs play [constant DEFAULT_SEED]; on the
## command line, [code]--seed N[/code] wins.
@export var game_seed := 0

var _log_lines := PackedStringArray()
var _tokens_used: Dictionary[int, int] = {}
var _game_over: GameOverPanel
var _panels: Dictionary[int, PlayerPanel] = {}
var _panels_dirty := false
# The player whose token the action bar names, until their activation ends.
var _drawn_player := GameRules.NO_PLAYER

@onready var _rules: GameRules = %GameRules
@onready var _manager: GameManager = %GameManager
@onready var _seats: Node = %Seats
@onready var _log_label: Label = %Log
@onready var _players_grid: GridContainer = %Players
@onready var _action_bar: ActionBar = %ActionBar
@onready var _display: TokenBagDisplay = %TokenBagDisplay
@onready var _upcoming: Label = %Upcoming
@onready var _menu: MenuButton = %Menu
@onready var _table: Control = $Margin/Columns/Left


static func _is_reaction(line: String) -> bool:
	return line.strip_edges().begins_with(REACTION_MARK)


func _ready() -> void:
	var headless := DisplayServer.get_name() == "headless"
	_menu.visible = not headless
	var popup := _menu.get_popup()
	popup.add_item("Play online…", MenuItem.PLAY_ONLINE)
	popup.add_item("New game", MenuItem.NEW_GAME)
	popup.add_item("Quit", MenuItem.QUIT)
	popup.id_pressed.connect(_on_menu_item)
	# The command line is the game's own only when it runs by itself: a check that runs it from
	# a script of its own (ui_check.gd) has options of its own.
	var args := PackedStringArray()
	if get_tree().get_script() == null:
		args = OS.get_cmdline_user_args()
	if not headless and "--online" in args:
		args.remove_at(args.find("--online"))
		# Once: the lobby's Back comes back to this table, which must not open it again.
		if not _online_followed:
			_online_followed = true
			_open_online.call_deferred()
			return
	var options := _options(args, headless)
	if options.is_empty():
		get_tree().quit(2)
		return
	var count: int = options["players"]
	var humans: int = 0 if headless else options["humans"]
	var chosen_seed: int = options["seed"]
	_rules.randomize_seed = chosen_seed == 0
	if chosen_seed != 0:
		_rules.seed = chosen_seed
	_rules.activation_order = ORDERS.get(options["order"], _rules.activation_order)
	_upcoming.visible = _rules.activation_order != GameRules.ORDER_BAG
	_upcoming.text_overrun_behavior = TextServer.OVERRUN_TRIM_ELLIPSIS
	if headless:
		_manager.draw_delay = 0.0
		_manager.bot_delay = 0.0
		_manager.bot_strength = 0
		_display.draw_duration = 0.0
		_display.transition_duration = 0.0
		_display.round_complete_hold = 0.0
	_display.rules = _rules
	_manager.presenter = _display
	_manager.line_logged.connect(_on_line_logged)
	_manager.human_turn_started.connect(_on_human_turn_started)
	_manager.human_turn_cancelled.connect(_on_human_turn_cancelled)
	_manager.game_finished.connect(_on_game_finished.bind(headless))
	_action_bar.action_chosen.connect(_on_action_chosen)
	_rules.round_started.connect(_queue_panels.unbind(1))
	_rules.token_drawn.connect(_queue_panels.unbind(2))
	_rules.token_drawn.connect(_count_token)
	_rules.token_drawn.connect(_say_whose_token)
	_rules.activation_ended.connect(_say_after_activation.unbind(1))
	_rules.round_ended.connect(_say_round_complete)
	_rules.player_eliminated.connect(_say_out_of_the_game)
	_rules.action_completed.connect(_queue_panels.unbind(2))
	_rules.player_eliminated.connect(_queue_panels.unbind(1))
	_display.caught_up.connect(_refresh_panels)
	var config := StarterGame.config(options["rounds"])
	var seats := _make_seats(count, humans)
	_make_panels(seats)
	_action_bar.close("Bots are playing…" if humans == 0 else "Drawing the first token…")
	var error := _manager.start(seats, config)
	if error != OK and headless:
		get_tree().quit(1)


func _make_seats(count: int, humans: int) -> Array[PlayerSeat]:
	var seats: Array[PlayerSeat] = []
	for player_id in count:
		var seat := PlayerSeat.new()
		seat.name = "Seat%d" % player_id
		seat.player_id = player_id
		seat.display_name = "player %d" % player_id
		seat.color = _display.player_colors[player_id % _display.player_colors.size()]
		seat.is_bot = player_id >= humans
		seat.deck = PackedInt64Array(StarterGame.DECK)
		_seats.add_child(seat)
		seats.append(seat)
	return seats


func _make_panels(seats: Array[PlayerSeat]) -> void:
	_players_grid.columns = 4 if seats.size() > 4 else maxi(1, seats.size())
	for seat in seats:
		var panel := PlayerPanel.new()
		panel.set_seat(seat)
		_players_grid.add_child(panel)
		_panels[seat.player_id] = panel


func _queue_panels() -> void:
	if not _panels_dirty:
		_panels_dirty = true
		_refresh_panels.call_deferred()


# The panels say what the bag display says: while it still shows earlier changes (a token in
# flight, "Round Complete!" held over the round the rules have left) they wait, and follow as
# soon as it has caught up. While "Round Complete!" is held they show the round's end (as its
# last action left it), and nobody's panel is highlighted.
func _refresh_panels() -> void:
	_panels_dirty = false
	if not _rules.is_set_up():
		return
	if not _display.is_caught_up():
		if _display.is_round_complete_shown():
			var round_end := _manager.get_states_after_last_action()
			for player_id in _panels:
				if round_end.has(player_id):
					_panels[player_id].show_state(round_end[player_id], false)
				else:
					_panels[player_id].set_active(false)
		return
	# The player whose token the display shows: until the next draw, even once they have acted.
	var active := _display.get_active_player()
	for player_id in _panels:
		_panels[player_id].show_state(_rules.get_player_state(player_id), player_id == active)
	if _upcoming.visible:
		_upcoming.text = "Next: %s" % _upcoming_text()


# Who acts next, or what comes once the bag is empty.
func _upcoming_text() -> String:
	if _rules.get_phase() == GameRules.PHASE_GAME_OVER:
		return "nobody, the game is over"
	var names := PackedStringArray()
	for player_id in _rules.get_upcoming_players(UPCOMING):
		names.append(_seats.get_node("Seat%d" % player_id).display_name)
	if not names.is_empty():
		return " → ".join(names)
	var round_number := _rules.get_round()
	if round_number >= int(_rules.get_config().get("round_limit", 0)):
		return "the end of the game"
	return "round %d" % (round_number + 1)


func _on_human_turn_started(player_id: int) -> void:
	_action_bar.offer(_rules, player_id, _prompt_name(player_id))


# The offer of a human who can no longer act (they were eliminated) is withdrawn.
func _on_human_turn_cancelled(player_id: int) -> void:
	_say_out(player_id)


func _on_action_chosen(player_id: int, action: Dictionary) -> void:
	if _manager.submit_action(player_id, action) != OK:
		_on_human_turn_started(player_id)


# The log is newest first, but a reaction goes under the action that caused it (after that
# action's earlier reactions), so each action reads with its reactions below it.
func _on_line_logged(text: String) -> void:
	print(text)
	var at := 0
	if _is_reaction(text) and not _log_lines.is_empty():
		at = 1
		while at < _log_lines.size() and _is_reaction(_log_lines[at]):
			at += 1
	_log_lines.insert(at, text)
	if _log_lines.size() > LOG_LINES:
		_log_lines.resize(LOG_LINES)
	_log_label.text = "\n".join(_log_lines)


func _open_online() -> void:
	get_tree().change_scene_to_file(ONLINE_SCENE)


func _on_menu_item(id: int) -> void:
	match id:
		MenuItem.PLAY_ONLINE:
			_open_online()
		MenuItem.NEW_GAME:
			get_tree().reload_current_scene()
		MenuItem.QUIT:
			get_tree().quit()


# Until a human's choices are offered, the action bar says whose token was drawn (it kept
# "Drawing the first token…" while the bots played, until the human's first turn), and then
# what comes next: the next draw, the round's end, or that the drawn player is out.
func _say_whose_token(player_id: int, _remaining: int) -> void:
	_drawn_player = player_id
	var bot: bool = (_seats.get_node("Seat%d" % player_id) as PlayerSeat).is_bot
	_action_bar.close(
		"%s's token was drawn%s" % [_prompt_name(player_id), ": a bot acts…" if bot else ""]
	)


func _say_after_activation() -> void:
	_drawn_player = GameRules.NO_PLAYER
	if not _action_bar.is_offering():
		_action_bar.close("Drawing the next token…")


func _say_round_complete(round_number: int) -> void:
	if not _action_bar.is_offering():
		_action_bar.close("Round %d complete" % round_number)


func _say_out_of_the_game(player_id: int) -> void:
	if player_id == _drawn_player and not _action_bar.is_offering():
		_say_out(player_id)


func _say_out(player_id: int) -> void:
	_action_bar.close("%s is out of the game" % _prompt_name(player_id))


# The seat's name as the action bar's prompt shows it (cut to PROMPT_NAME_CHARS).
func _prompt_name(player_id: int) -> String:
	var seat: PlayerSeat = _seats.get_node("Seat%d" % player_id)
	return CardText.shortened(seat.display_name, PROMPT_NAME_CHARS)


func _count_token(player_id: int, _remaining: int) -> void:
	_tokens_used[player_id] = _tokens_used.get(player_id, 0) + 1


func _on_game_finished(_winner_id: int, headless: bool) -> void:
	if headless:
		_action_bar.close("Game over")
		get_tree().quit()
		return
	# "Game over" and the scoreboard come once the bag display (and the log, which follows it)
	# shows the end; until then the action bar says nothing the display does not.
	_action_bar.close("")
	while not _display.is_caught_up():
		await _display.caught_up
	# The scoreboard takes the action bar's place.
	_action_bar.hide()
	var names := {}
	for seat: PlayerSeat in _seats.get_children():
		names[seat.player_id] = seat.display_name
	# In the table's column where the action bar's choices were: it covers nothing, the log (its
	# newest lines first) right below it and the bag display (with its own banner) beside it.
	_game_over = GameOverPanel.new()
	_game_over.name = "GameOver"
	_table.add_child(_game_over)
	_table.move_child(_game_over, _action_bar.get_index() + 1)
	_game_over.show_result(_rules, names, _tokens_used)
	_game_over.play_again_pressed.connect(get_tree().reload_current_scene)


# The game the command line [param args] asks for, over the exported defaults; empty, after an
# error naming the option, when it asks for what the game cannot play.
func _options(args: PackedStringArray, headless: bool) -> Dictionary:
	var defaults := {
		"players": player_count,
		"humans": human_players,
		"seed": DEFAULT_SEED if headless else game_seed,
		"rounds": StarterGame.DEFAULT_ROUNDS,
		"order": "",
	}
	var limits := {
		"players": [1, GameRules.MAX_PLAYERS],
		"humans": [0, GameRules.MAX_PLAYERS],
		"rounds": [1, MAX_ROUNDS],
		"order": ORDERS.keys(),
	}
	var options := CommandLine.parse(args, defaults, limits)
	if not options.is_empty() and not headless and options["humans"] > options["players"]:
		printerr("--humans %d: more people than seats (%d)" % [options.humans, options.players])
		return {}
	return options
