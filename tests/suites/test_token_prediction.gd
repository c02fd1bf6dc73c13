extends TestSuite
## Token prediction through GDScript: a seat with foresight sees the owners of the round's next
## draws (get_foreseen, private_peek events, its own snapshot) — exactly what comes out next —
## and no other seat or spectator sees any of it; an action that showed something hidden cannot
## be undone.


func test_foresight_foretells_the_next_draws() -> void:
	var rules := _rules(41, 3)
	StarterGame.keep_all(rules)
	var checked := 0
	while rules.get_round() == 1:
		var foretold := rules.get_foreseen(0)
		check(foretold.size() <= 3, "at most the foresight: %s" % foretold)
		var drawn := PackedInt64Array()
		for index in foretold.size():
			var player_id := rules.draw_next_token()
			drawn.append(player_id)
			rules.pass_activation(player_id)
			if rules.get_round() != 1:
				break
		check_equal(drawn, foretold.slice(0, drawn.size()), "foretold, then drawn")
		checked += 1
		if foretold.is_empty():
			break
	check(checked > 2, "%d foretellings checked" % checked)
	rules.free()


func test_only_the_seer_gets_the_peeks() -> void:
	var rules := _rules(42, 3)
	StarterGame.keep_all(rules)
	for _step in 5:
		var player_id := rules.draw_next_token()
		rules.pass_activation(player_id)
	for viewer in [GameRules.SPECTATOR, 1, 2]:
		for event: Dictionary in rules.get_events_for(viewer, 0):
			check(event["type"] != "private_peek", "viewer %d got a peek" % viewer)
		for seat: Dictionary in rules.get_snapshot_for(viewer)["players"]:
			check(
				not seat.has("foreseen"),
				"viewer %d sees seat %d's foresight" % [viewer, seat["id"]]
			)
		check_equal(
			rules.get_foreseen(viewer) if viewer > 0 else PackedInt64Array(),
			PackedInt64Array(),
			"no foresight"
		)
	var own: Dictionary = rules.get_snapshot_for(0)["players"][0]
	check_equal(PackedInt64Array(own.get("foreseen", [])), rules.get_foreseen(0), "own snapshot")
	var peeks := rules.get_events_for(0, 0).filter(
		func(event: Dictionary) -> bool: return event["type"] == "private_peek"
	)
	check(peeks.size() >= 5, "a peek after every draw: %d" % peeks.size())
	check_equal(PackedInt64Array(peeks.back()["upcoming"]), rules.get_foreseen(0), "the last peek")
	rules.free()


func test_an_action_that_showed_something_hidden_cannot_be_undone() -> void:
	var rules := GameRules.new()
	rules.randomize_seed = false
	rules.seed = 43
	var config := StarterGame.config()
	config["action_kinds"]["watch"] = {"effects": [{"effect": "foresight", "count": 2}]}
	check_equal(rules.setup(StarterGame.players(3), config), OK, "setup")
	StarterGame.keep_all(rules)
	for kind in ["scout", "watch"]:
		var player_id := rules.draw_next_token()
		var hand_size: int = rules.get_player_state(player_id)["hand_size"]
		var seen := rules.get_events_for(player_id, 0).size()
		var action := {"type": "custom", "kind": kind}
		check_equal(rules.perform_action(player_id, action), OK, kind)
		var shown := rules.get_events_for(player_id, 0).slice(seen).filter(
			func(event: Dictionary) -> bool: return event["type"].begins_with("private_")
		)
		check(not shown.is_empty(), "%s showed something to its player" % kind)
		check(not rules.can_undo(), "%s cannot be undone" % kind)
		var code: Variant = expect_refusal(
			rules, "cannot_undo", rules.undo_action, "showed something hidden"
		)
		check_equal(code, ERR_UNAVAILABLE, "refused")
		if kind == "scout":
			check_equal(rules.get_player_state(player_id)["hand_size"], hand_size + 1, "kept")
	var player_id := rules.draw_next_token()
	check_equal(rules.pass_activation(player_id), OK, "pass")
	check(rules.can_undo(), "a pass shows nothing and can be undone")
	rules.free()


func test_an_eliminated_seer_sees_no_more_draws() -> void:
	# Eliminated mid-round, the seer kept seeing the living players' next draws by get_foreseen()
	# and its snapshot (which an online host sends every seated peer), every round after.
	var rules := _rules(43, 3)
	StarterGame.keep_all(rules)
	rules.pass_activation(rules.draw_next_token())
	check(not rules.get_foreseen(0).is_empty(), "foreseen while in the game")
	check_equal(rules.eliminate_player(0), OK, "eliminated")
	for _round in 2:
		var round_number := rules.get_round()
		while rules.get_round() == round_number and rules.get_phase() != GameRules.PHASE_GAME_OVER:
			check_equal(rules.get_foreseen(0), PackedInt64Array(), "round %d" % round_number)
			var own: Dictionary = rules.get_snapshot_for(0)["players"][0]
			check_equal(own.get("foreseen", []), [], "own snapshot, round %d" % round_number)
			rules.pass_activation(rules.draw_next_token())
	var peeks := rules.get_events_for(0, 0).filter(
		func(event: Dictionary) -> bool: return event["type"] == "private_peek"
	)
	check_equal(peeks.back()["upcoming"], [], "the last peek says nothing is foreseen")
	rules.free()


func _rules(seed_value: int, player_count: int) -> GameRules:
	var rules := GameRules.new()
	rules.randomize_seed = false
	rules.seed = seed_value
	var seats := StarterGame.players(player_count)
	seats[0]["foresight"] = 3
	check_equal(rules.setup(seats, StarterGame.config()), OK, "setup with foresight")
	return rules
