extends TestSuite
## GameRules.bot_decide with a strength: the Monte Carlo planner takes a legal action, the replay
## reproduces it, and a strength out of range is refused.


func test_a_planning_bot_acts_legally_and_replays() -> void:
	var rules := StarterGame.rules(71, 3, {"round_limit": 2})
	StarterGame.keep_all(rules)
	for step in 6:
		var player_id := rules.draw_next_token()
		var legal := rules.legal_actions(player_id)
		var seen := []
		rules.action_completed.connect(
			func(id: int, action: Dictionary) -> void: seen.append([id, action]), CONNECT_ONE_SHOT
		)
		check_equal(rules.bot_decide(player_id, 4), OK, "step %d: the bot acts" % step)
		check(
			seen.size() == 1 and seen[0][1] in legal, "step %d: a legal action: %s" % [step, seen]
		)
		while rules.get_phase() == GameRules.PHASE_ACTIVATION:
			rules.pass_activation(rules.get_active_player())
	var replayed := GameRules.new()
	check_equal(replayed.load_replay(rules.save_replay()), OK, "the replay loads")
	check_equal(replayed.get_state_hash(), rules.get_state_hash(), "and plays the same game")
	replayed.free()
	rules.free()


func test_a_strength_out_of_range_is_refused() -> void:
	var rules := StarterGame.rules(72, 2)
	StarterGame.keep_all(rules)
	var player_id := rules.draw_next_token()
	for strength in [-1, GameRules.MAX_BOT_STRENGTH + 1]:
		var code: Variant = expect_error(rules.bot_decide.bind(player_id, strength), "strength")
		check_equal(code, ERR_INVALID_PARAMETER, "strength %d" % strength)
	check_equal(rules.get_active_player(), player_id, "the activation is still open")
	rules.free()
