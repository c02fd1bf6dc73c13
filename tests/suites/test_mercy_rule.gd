extends TestSuite
## The mercy rule ([member GameRules.max_streak]): in bag order no player draws more than that
## many times in a row while anyone else has a token; [method GameRules.get_capped_player] names
## who waits, and the token bag display says so.


func test_no_player_gets_a_longer_run_while_others_wait() -> void:
	for max_streak in [1, 2]:
		var capped := _longest_runs(max_streak)
		check(capped <= max_streak, "max_streak %d: a run of %d" % [max_streak, capped])
	check(_longest_runs(0) > 2, "without the rule, longer runs happen (the test can fail)")


func test_the_capped_player_is_named_and_passed_over() -> void:
	var rules := StarterGame.rules(3, 2, {"max_streak": 1})
	StarterGame.keep_all(rules)
	check_equal(rules.get_capped_player(), GameRules.NO_PLAYER, "nobody before the first draw")
	var first := rules.draw_next_token()
	check_equal(rules.get_capped_player(), first, "the first drawer waits")
	rules.pass_activation(first)
	var second := rules.draw_next_token()
	check(second != first, "the next draw is someone else's")
	check_equal(rules.get_capped_player(), second, "now they wait")
	rules.free()


func test_the_display_says_who_waits_and_gives_the_others_the_chance() -> void:
	var rules := StarterGame.rules(8, 2, {"max_streak": 1})
	var display := DisplayCheck.make(self, rules)
	StarterGame.keep_all(rules)
	var first := rules.draw_next_token()
	var other := 1 - first
	var chance := func(player_id: int) -> String:
		return (display.get_node("%%Rows/Row%d/Line/Chance" % player_id) as Label).text
	check_equal(chance.call(first), "waits", "the capped player")
	check_equal(chance.call(other), "100%", "the other player")
	rules.pass_activation(first)
	rules.draw_next_token()
	check_equal(chance.call(first), "100%", "the first player again")
	display.free()
	rules.free()


func test_a_client_s_auditor_verifies_every_capped_round() -> void:
	var rules := StarterGame.rules(31, 3, {"round_limit": 3, "max_streak": 1})
	check_equal(StarterGame.play_bots(rules), OK, "the bots play")
	var events := rules.get_events_for(GameRules.SPECTATOR, 0)
	var auditor := FairnessAuditor.new()
	for event in events:
		auditor.observe(event)
	check_equal(auditor.get_verified_rounds(), PackedInt64Array([1, 2, 3]), "every round")
	check_equal(auditor.get_failures(), PackedStringArray(), "no failures")
	var forgetful := FairnessAuditor.new()
	for event: Dictionary in events:
		if event["type"] == "round_committed":
			event.erase("max_streak")
		forgetful.observe(event)
	check(not forgetful.get_failures().is_empty(), "a record without the rule fails")
	rules.free()


func test_max_streak_belongs_to_bag_order() -> void:
	var rules := GameRules.new()
	rules.activation_order = GameRules.ORDER_SEATS
	rules.max_streak = 2
	var code: Variant = expect_error(
		rules.setup.bind(StarterGame.players(2), StarterGame.config()), "rule of bag order"
	)
	check_equal(code, ERR_INVALID_PARAMETER, "refused")
	rules.activation_order = GameRules.ORDER_BAG
	check_equal(rules.setup(StarterGame.players(2), StarterGame.config()), OK, "bag order")
	check_equal(rules.get_config()["max_streak"], 2, "the inspector's value")
	rules.free()
	# README: "0 or absent for off", in the config as in the inspector.
	var off := GameRules.new()
	var config := StarterGame.config()
	config["max_streak"] = 0
	check_equal(off.setup(StarterGame.players(2), config), OK, "max_streak 0 in the config is off")
	check(not off.get_config().has("max_streak"), "and the rule is off")
	off.free()


# The longest run of one player's draws while someone else still had a token, over a 4-player
# bot game of 4 rounds with the rule at [param max_streak] (0: off).
func _longest_runs(max_streak: int) -> int:
	var rules := StarterGame.rules(31, 4, {"round_limit": 4})
	rules.max_streak = max_streak
	rules.setup(StarterGame.players(4), StarterGame.config({"round_limit": 4}))
	var longest := [0]
	var run := [0, -1]
	rules.round_started.connect(func(_round: int) -> void: run.assign([0, -1]))
	rules.token_drawn.connect(
		func(player_id: int, _remaining: int) -> void:
			run.assign([run[0] + 1 if player_id == run[1] else 1, player_id])
			var bag := rules.get_bag()
			for other in bag.get_player_ids():
				if other != player_id and bag.get_player_remaining_count(other) > 0:
					longest[0] = maxi(longest[0], run[0])
					return
	)
	StarterGame.keep_all(rules)
	check_equal(StarterGame.play_bots(rules), OK, "the bots play")
	check_equal(rules.get_phase(), GameRules.PHASE_GAME_OVER, "to the end")
	rules.free()
	return longest[0]
