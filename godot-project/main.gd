extends Control
## The bundled demo: a four-player command token bag over three rounds, every draw logged.
##
## Run headless with [code]cargo xtask demo[/code] (pass [code]-- --seed N[/code] for another
## game); it quits when done. In a window it shows the same log.

const PLAYER_COUNT := 4
const TOKENS_PER_PLAYER := 4
const ROUNDS := 3
const DEFAULT_SEED := 2026

@onready var _log_label: Label = %Log


func _ready() -> void:
	var seed_value := _seed_from_arguments()
	var lines := PackedStringArray(["seed %d" % seed_value])
	var bag := CommandTokenBag.new()
	bag.set_seed(seed_value)
	for round_number in range(1, ROUNDS + 1):
		bag.clear()
		for player_id in PLAYER_COUNT:
			bag.add_player_tokens(player_id, TOKENS_PER_PLAYER)
		bag.shuffle()
		var total := bag.get_remaining_count()
		var draw_number := 0
		while not bag.is_empty():
			var token := bag.draw_token()
			draw_number += 1
			lines.append(
				(
					"round %d · draw %d/%d · player %d · left: %s"
					% [round_number, draw_number, total, token.player_id, _counts(bag)]
				)
			)
		lines.append("round %d complete" % round_number)
	for line in lines:
		print(line)
	_log_label.text = "\n".join(lines)
	if DisplayServer.get_name() == "headless":
		get_tree().quit()


func _counts(bag: CommandTokenBag) -> String:
	var parts := PackedStringArray()
	for player_id in bag.get_player_ids():
		parts.append("p%d %d" % [player_id, bag.get_player_remaining_count(player_id)])
	return " ".join(parts)


func _seed_from_arguments() -> int:
	var args := OS.get_cmdline_user_args()
	var index := args.find("--seed")
	if index >= 0 and index + 1 < args.size() and args[index + 1].is_valid_int():
		return args[index + 1].to_int()
	return DEFAULT_SEED
