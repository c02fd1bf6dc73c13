extends TestSuite
## Asymmetric tokens through GDScript: factions in the config, a faction per player at setup, a
## reserve token put into the bag when its player chooses, cheaper upgrades.

const FACTIONS := {
	"vanguard": {"reserve_tokens": 1},
	"engineers": {"upgrade_discount": 50},
}


func test_a_vanguard_player_puts_their_reserve_token_in_once() -> void:
	var rules := _rules(51)
	var changes: Array = []
	rules.bag_changed.connect(func(id: int, change: int) -> void: changes.append([id, change]))
	check_equal(rules.get_player_state(0)["faction"], "vanguard", "faction")
	check_equal(rules.get_player_state(0)["reserve"], 1, "one reserve token")
	check_equal(rules.get_player_state(2)["faction"], "", "no faction")
	var early: Variant = expect_refusal(rules, "wrong_phase", rules.commit_reserve.bind(0))
	check_equal(early, ERR_UNAVAILABLE, "not before a round")
	StarterGame.keep_all(rules)
	var before: int = rules.get_player_state(0)["tokens_in_bag"]
	check_equal(rules.commit_reserve(0), OK, "in a round, without an activation")
	check_equal(changes, [[0, 1]], "bag_changed")
	check_equal(rules.get_player_state(0)["tokens_in_bag"], before + 1, "one more token")
	check_equal(rules.get_player_state(0)["reserve"], 0, "none left")
	var again: Variant = expect_refusal(
		rules, "no_reserve", rules.commit_reserve.bind(0), "none is held back"
	)
	check_equal(again, ERR_CANT_ACQUIRE_RESOURCE, "only once")
	rules.free()


func test_engineers_see_and_pay_half_the_upgrade_price() -> void:
	var rules := _rules(52)
	var full := rules.get_upgrade_cost(2)
	var half := rules.get_upgrade_cost(1)
	check_equal(half["tokens"], full["tokens"], "the same tier")
	check_equal(half["resources"], full["resources"] / 2, "half the resources")
	check_equal(half["energy"], full["energy"] / 2, "half the energy")
	rules.free()


func test_a_discount_leaving_a_fraction_is_rounded_in_the_players_favour() -> void:
	# 25 % off 10 energy and 100 resources: 7.5 was charged as 8.
	var rules := GameRules.new()
	var seats := StarterGame.players(2)
	seats[1]["faction"] = "quarter"
	var factions := {"quarter": {"upgrade_discount": 25}}
	check_equal(rules.setup(seats, StarterGame.config({"factions": factions})), OK, "setup")
	var full := rules.get_upgrade_cost(0)
	var quarter := rules.get_upgrade_cost(1)
	check_equal([full["energy"], full["resources"]], [10, 100], "the starter set's first tier")
	check_equal([quarter["energy"], quarter["resources"]], [7, 75], "rounded down")
	rules.free()


func test_an_unknown_faction_is_refused() -> void:
	var rules := GameRules.new()
	var seats := StarterGame.players(2)
	seats[1]["faction"] = "pirates"
	var code: Variant = expect_error(
		rules.setup.bind(seats, StarterGame.config({"factions": FACTIONS})), '"pirates"'
	)
	check_equal(code, ERR_INVALID_PARAMETER, "refused")
	rules.free()


func test_bots_put_a_reserve_token_in_and_every_seat_sees_it() -> void:
	# Neither bot ever put a reserve token in, and no snapshot said who held one back.
	for strength in [0, 2]:
		var rules := _rules(53 + strength)
		StarterGame.keep_all(rules)
		var watched: Array = []
		for viewer in [0, 1, GameRules.SPECTATOR]:
			watched.append(rules.get_snapshot_for(viewer)["players"][0].get("reserve", 0))
		check_equal(watched, [1, 1, 1], "every seat sees vanguard's reserve token")
		var rounds_played := 0
		while rules.get_player_state(0)["reserve"] == 1 and rounds_played < 3:
			var round_number := rules.get_round()
			while rules.get_round() == round_number:
				var player_id := rules.draw_next_token()
				while rules.get_active_player() == player_id:
					check_equal(rules.bot_decide(player_id, strength), OK, "bot %d" % strength)
			rounds_played += 1
		check_equal(rules.get_player_state(0)["reserve"], 0, "spent at strength %d" % strength)
		var snapshot: Dictionary = rules.get_snapshot_for(1)["players"][0]
		check(not snapshot.has("reserve"), "none left to see")
		rules.free()


func test_a_handler_of_a_bots_reserve_commit_that_replaces_the_game_or_acts_stops_the_bot() -> void:
	# At strength 2 the bot went on after the reserve's signals: it kept a hand in the game a
	# bag_changed handler had set up, played a card in one it had loaded, and returned a
	# refusal when the handler had passed for it.
	for strength in [0, 2]:
		for mode in ["setup", "pass"]:
			var rules := _rules(61)
			StarterGame.keep_all(rules)
			while not _about_to_commit(rules):
				var player_id := rules.draw_next_token()
				while rules.get_active_player() == player_id and not _about_to_commit(rules):
					rules.bot_decide(player_id)
			var after := {}
			var handler := func(_id: int, _change: int) -> void:
				if mode == "setup":
					rules.setup(StarterGame.players(3), StarterGame.config())
					rules.start_game()
				else:
					rules.pass_activation(0)
				after["hash"] = rules.get_state_hash()
			rules.bag_changed.connect(handler, CONNECT_ONE_SHOT)
			var what := "%s at strength %d" % [mode, strength]
			check_equal(rules.bot_decide(0, strength), OK, what)
			check_equal(rules.get_state_hash(), after.get("hash"), "%s: the bot did no more" % what)
			rules.free()


# Whether player 0 (vanguard) is active with its last token of the round and its reserve token
# held back: a bot puts it in now.
func _about_to_commit(rules: GameRules) -> bool:
	var state := rules.get_player_state(0)
	return rules.get_active_player() == 0 and state["tokens_in_bag"] == 0 and state["reserve"] == 1


func _rules(seed_value: int) -> GameRules:
	var rules := GameRules.new()
	rules.randomize_seed = false
	rules.seed = seed_value
	var seats := StarterGame.players(3)
	seats[0]["faction"] = "vanguard"
	seats[1]["faction"] = "engineers"
	var config := StarterGame.config({"factions": FACTIONS})
	check_equal(rules.setup(seats, config), OK, "setup with factions")
	return rules
