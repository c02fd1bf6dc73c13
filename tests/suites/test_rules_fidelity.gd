extends TestSuite
## Issue #16, "rules fidelity": the places where a close reading of the seeds found the rules
## off, each as the issue reproduced it.


func test_an_elimination_that_empties_the_bag_emits_bag_emptied_once() -> void:
	var rules := StarterGame.rules(102, 3)
	StarterGame.keep_all(rules)
	var emptied := [0]
	var ended: Array = []
	rules.bag_emptied.connect(func() -> void: emptied[0] += 1)
	rules.round_ended.connect(func(round_number: int) -> void: ended.append(round_number))
	var counts := rules.get_bag().get_remaining_counts()
	while _others_left(counts, 2) > 0:
		rules.pass_activation(rules.draw_next_token())
		counts = rules.get_bag().get_remaining_counts()
	check(counts.get(2, 0) > 0, "only player 2 has tokens left: %s" % counts)
	check_equal(rules.get_round(), 1, "still in round 1")
	check_equal(rules.eliminate_player(2), OK, "player 2 leaves")
	check_equal(emptied[0], 1, "bag_emptied, once, as after a last draw")
	check_equal(ended, [1], "and round 1 ended")
	rules.free()


func test_a_unit_defeated_by_its_own_damage_leaves_the_race() -> void:
	var turns := TurnSystem.new()
	var defeated: Array = []
	var skipped: Array = []
	turns.unit_defeated.connect(func(id: int) -> void: defeated.append(id))
	turns.turn_skipped.connect(func(id: int, why: String) -> void: skipped.append([id, why]))
	turns.add_unit(1, TurnSystem.SIDE_PLAYER, 20)
	turns.add_unit(2, TurnSystem.SIDE_ENEMY, 10, 10)
	turns.next_turn()
	turns.apply_status(
		2, "burn", TurnSystem.STATUS_DAMAGE_OVER_TIME, 50, TurnSystem.DURATION_PERMANENT
	)
	check_equal(turns.get_predicted_queue(6), PackedInt64Array([1, 2, 1, 1, 1, 1]), "foreseen")
	turns.next_turn()
	check_equal(turns.next_turn(), 2, "unit 2's turn starts")
	check_equal(defeated, [2], "and it is defeated")
	check_equal(skipped, [[2, "defeated"]], "its action phase skipped")
	check_equal(turns.get_active_unit(), TurnSystem.NONE, "nobody acts")
	check(not turns.has_unit(2), "unit 2 left the race")
	check_equal(turns.get_predicted_queue(6), PackedInt64Array([1, 1, 1, 1, 1, 1]), "only unit 1")
	check_equal(turns.get_unit_ids(), PackedInt64Array([1]), "the living")


## Tokens left in [param counts] of players other than [param player_id].
func _others_left(counts: Dictionary, player_id: int) -> int:
	var total := 0
	for owner: int in counts:
		if owner != player_id:
			total += counts[owner]
	return total


func test_a_turn_system_saves_and_loads_to_the_same_future() -> void:
	var turns := TurnSystem.new()
	turns.add_unit(1, TurnSystem.SIDE_PLAYER, 20)
	turns.add_unit(2, TurnSystem.SIDE_ENEMY, 13, 40)
	turns.add_skill(1, "volley", 2, 2)
	turns.apply_status(
		2, "burn", TurnSystem.STATUS_DAMAGE_OVER_TIME, 9, TurnSystem.DURATION_PERMANENT
	)
	turns.setup_seats(PackedInt64Array([5, 6, 7]), 11)
	turns.reverse_turn_order()
	turns.grant_extra_turn(6)
	for _step in 3:
		turns.next_turn()
	var saved := turns.to_json()
	var copy := TurnSystem.new()
	check_equal(copy.load_json(saved), OK, "loaded")
	check_equal(copy.to_json(), saved, "the same state")
	check_equal(copy.get_predicted_queue(12), turns.get_predicted_queue(12), "the same prediction")
	for mode in [TurnSystem.MODE_INITIATIVE, TurnSystem.MODE_SEATS]:
		turns.set_mode(mode)
		copy.set_mode(mode)
		for _step in 10:
			check_equal(copy.next_turn(), turns.next_turn(), "the same turns (mode %d)" % mode)
	var before := copy.to_json()
	for bad in ["", "{}", saved.replace('"speed":20', '"speed":0'), saved.left(40)]:
		var code: Variant = expect_error(func() -> Variant: return copy.load_json(bad), "load_json")
		check(code != OK, "refused: %s" % bad.left(30))
	check_equal(copy.to_json(), before, "and nothing changed")


func test_every_refusal_says_why_in_a_form_a_program_can_read() -> void:
	var rules := StarterGame.rules(31, 2)
	var heard: Array = []
	rules.refused.connect(
		func(method: String, player_id: int, kind: String, _reason: String) -> void:
			heard.append([method, player_id, kind])
	)
	rules.start_game()
	rules.take_mulligan(0)
	check_equal(rules.keep_hand(0, PackedInt64Array()), ERR_INVALID_PARAMETER, "bottom one")
	check_equal(heard, [["GameRules.keep_hand", 0, "wrong_bottom_count"]], "keep_hand refused")
	var why := rules.get_last_refusal()
	check_equal(why["code"], ERR_INVALID_PARAMETER, "with its code")
	check("exactly 1 cards" in why["reason"], "and its reason: %s" % why)
	check(not why["misuse"], "an ordinary refusal of play")
	for player_id in [0, 1]:
		rules.keep_hand(player_id, PackedInt64Array([0] if player_id == 0 else []))
	heard.clear()
	check_equal(rules.take_mulligan(1), ERR_UNAVAILABLE, "too late to mulligan")
	var active := rules.draw_next_token()
	rules.pass_activation(1 - active)
	rules.pass_activation(active)
	rules.pass_activation(active)
	var kinds := heard.map(func(entry: Array) -> String: return entry[2])
	check_equal(kinds, ["wrong_phase", "not_active_player", "already_acted"], "three kinds")
	check_equal(error_log.take(), PackedStringArray(), "and none of them is an error")
	check_equal(rules.pass_activation(42), ERR_DOES_NOT_EXIST, "an unknown player")
	check(rules.get_last_refusal()["misuse"], "is misuse")
	check_equal(error_log.take().size(), 1, "and is written to the error log")
	rules.free()


func test_hooks_read_the_state_their_trigger_left() -> void:
	var rules := StarterGame.rules(41, 2, {"starting_resources": 500})
	var buildings_seen: Array = []
	var resources_seen: Array = []
	rules.action_validator = func(player_id: int, _action: Dictionary) -> bool:
		resources_seen.append(rules.get_player_state(player_id)["resources"])
		return true
	# Hoplite: once a player controls two buildings (the one just built included), every
	# opponent answers with a scout.
	rules.reaction_provider = func(resolved: Dictionary) -> Array:
		if resolved["action"]["type"] != "build":
			return []
		var builder: int = resolved["player_id"]
		var mine := rules.get_objects().filter(
			func(object: Dictionary) -> bool:
				return object["owner"] == builder and object["kind"] == "building"
		)
		buildings_seen.append(mine.size())
		if mine.size() < 2:
			return []
		var scouts: Array = []
		for player_id in rules.get_living_player_ids():
			if player_id != builder:
				scouts.append({"player_id": player_id, "kind": "scout"})
		return scouts
	StarterGame.keep_all(rules)
	var scouts := []
	rules.reaction_resolved.connect(
		func(player_id: int, _a: Dictionary, _c: int, _d: int) -> void: scouts.append(player_id)
	)
	var builder := rules.draw_next_token()
	var purse: int = rules.get_player_state(builder)["resources"]
	check_equal(rules.build(builder, "generator", null), OK, "a first building")
	check_equal(resources_seen, [purse], "the validator read the purse before the action")
	check_equal(buildings_seen, [1], "the provider counted the building just built")
	while rules.draw_next_token() != builder:
		rules.pass_activation(rules.get_active_player())
	check_equal(rules.build(builder, "generator", null), OK, "a second building")
	check_equal(buildings_seen, [1, 2], "two now")
	check_equal(scouts, [1 - builder], "and the opponent scouted")
	rules.reaction_provider = func(_resolved: Dictionary) -> Array:
		expect_error(rules.save_game, "may read the game but not change it")
		return []
	rules.pass_activation(rules.draw_next_token())
	rules.free()
