class_name StarterGame
extends RefCounted
## Seeded games on the addon's starter card set, shared by the suites and the visual check.

const STARTER_SET := "res://addons/horizons_edge/starter_set.json"
const DECK: Array[int] = [1, 2, 3, 4, 5, 1, 2, 4, 5, 1, 2, 3, 4, 5, 1, 2, 4, 1, 5, 2]


## The starter set's config with [param overrides] merged in.
static func config(overrides: Dictionary = {}) -> Dictionary:
	var merged: Dictionary = JSON.parse_string(FileAccess.get_file_as_string(STARTER_SET))
	merged.merge(overrides, true)
	return merged


## Players 0 to [param count] - 1, each with the starter deck, named from [param names] or
## "Player N".
static func players(count: int, names: PackedStringArray = PackedStringArray()) -> Array:
	var seated: Array = []
	for id in count:
		var player_name := names[id] if id < names.size() else "Player %d" % id
		seated.append({"id": id, "name": player_name, "deck": DECK})
	return seated


## A [GameRules] seeded with [param seed_value] and set up for [param player_count] players on
## the starter set; [method GameRules.is_set_up] tells whether the setup was accepted.
static func rules(seed_value: int, player_count: int, overrides: Dictionary = {}) -> GameRules:
	var game := GameRules.new()
	game.randomize_seed = false
	game.seed = seed_value
	game.setup(players(player_count), config(overrides))
	return game


## Starts [param game] and has every player keep their opening hand, sending no card back.
static func keep_all(game: GameRules) -> void:
	game.start_game()
	for player_id in game.get_player_ids():
		game.keep_hand(player_id, PackedInt64Array())


## Lets bots play [param game] from wherever it is until it ends; returns [constant OK], or the
## error of the first refused bot action.
static func play_bots(game: GameRules) -> Error:
	if game.get_phase() == GameRules.PHASE_SETUP:
		game.start_game()
	while game.get_phase() == GameRules.PHASE_MULLIGAN:
		for player_id in game.get_player_ids():
			if not game.get_player_state(player_id)["kept"]:
				game.bot_decide(player_id)
	while game.get_phase() != GameRules.PHASE_GAME_OVER:
		if game.get_phase() == GameRules.PHASE_AWAITING_DRAW:
			for pending in game.get_pending_entropy():
				game.bot_decide(pending)
			game.draw_next_token()
		var error := game.bot_decide(game.get_active_player())
		if error != OK:
			return error
	return OK


## A seeded game of [param rounds] rounds of [param names] whose every card, [param cards] of them
## in each deck, is a double action ("Rally"); [method GameRules.is_set_up] tells whether the
## setup was accepted.
static func rally_rules(names: Array, rounds := 1, cards := 7) -> GameRules:
	var rally := config({"round_limit": rounds})
	rally["cards"]["7"] = {
		"name": "Rally",
		"energy": 1,
		"effects": [{"effect": "grant_double_action", "this_round": true}]
	}
	var game := GameRules.new()
	game.randomize_seed = false
	game.seed = 3
	var seated: Array = []
	for player_id in names.size():
		var deck: Array = []
		deck.resize(cards)
		deck.fill(7)
		seated.append({"id": player_id, "name": names[player_id], "deck": deck})
	game.setup(seated, rally)
	return game


## The active [param player_id] of [param game] plays their first card if they have one, then
## passes until their activation ends.
static func finish_activation(game: GameRules, player_id: int) -> void:
	if game.get_player_state(player_id)["hand_size"] > 0:
		game.play_card_from_hand(player_id, 0, null)
	while game.get_active_player() == player_id:
		game.pass_activation(player_id)
