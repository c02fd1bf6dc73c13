extends Control
## The bundled game: seats of bots playing Horizon's Edge on the starter set, the game log on
## screen.
##
## Run headless with [code]cargo xtask demo[/code]; arguments after [code]--[/code] choose the
## game: [code]--seed N[/code], [code]--players N[/code] (1 to 8), [code]--rounds N[/code].
## Headless, it plays without delays, prints the log and quits when the game is over.

const STARTER_SET := "res://addons/horizons_edge/starter_set.json"
const DECK: Array[int] = [1, 2, 3, 4, 5, 1, 2, 4, 5, 1, 2, 3, 4, 5, 1, 2, 4, 1, 5, 2]
const COLORS: Array[Color] = [
	Color("e6194b"),
	Color("3cb44b"),
	Color("4363d8"),
	Color("f58231"),
	Color("911eb4"),
	Color("42d4f4"),
	Color("f032e6"),
	Color("bfef45"),
]
const DEFAULT_SEED := 2026
const DEFAULT_PLAYERS := 4
const DEFAULT_ROUNDS := 5

@onready var _rules: GameRules = %GameRules
@onready var _manager: GameManager = %GameManager
@onready var _seats: Node = %Seats
@onready var _log_label: Label = %Log


func _ready() -> void:
	var headless := DisplayServer.get_name() == "headless"
	var player_count := clampi(_argument("--players", DEFAULT_PLAYERS), 1, GameRules.MAX_PLAYERS)
	_rules.randomize_seed = false
	_rules.seed = _argument("--seed", DEFAULT_SEED)
	if headless:
		_manager.draw_delay = 0.0
		_manager.bot_delay = 0.0
	_manager.line_logged.connect(_on_line_logged)
	_manager.game_finished.connect(_on_game_finished.bind(headless))
	var config: Dictionary = JSON.parse_string(FileAccess.get_file_as_string(STARTER_SET))
	config["round_limit"] = _argument("--rounds", DEFAULT_ROUNDS)
	var error := _manager.start(_make_seats(player_count), config)
	if error != OK and headless:
		get_tree().quit(1)


func _make_seats(count: int) -> Array[PlayerSeat]:
	var seats: Array[PlayerSeat] = []
	for player_id in count:
		var seat := PlayerSeat.new()
		seat.name = "Seat%d" % player_id
		seat.player_id = player_id
		seat.display_name = "player %d" % player_id
		seat.color = COLORS[player_id]
		seat.deck = PackedInt64Array(DECK)
		_seats.add_child(seat)
		seats.append(seat)
	return seats


func _on_line_logged(text: String) -> void:
	print(text)
	_log_label.text += text + "\n"


func _on_game_finished(_winner_id: int, headless: bool) -> void:
	if headless:
		get_tree().quit()


func _argument(flag: String, default: int) -> int:
	var args := OS.get_cmdline_user_args()
	var index := args.find(flag)
	if index >= 0 and index + 1 < args.size() and args[index + 1].is_valid_int():
		return args[index + 1].to_int()
	return default
