extends TestSuite
## GameRules through the GDScript API, in the real engine: whole bot games, the exact signals of
## a round, actions and their costs, hooks, save/load, and bad input through every method.

## The owners of round 1's eight draws for two players of seed 77 (four tokens each): pinned so
## that a change to the bag's stream derivation or shuffle is noticed.
const GOLDEN_ROUND_1_SEED_77: Array[int] = [0, 0, 1, 0, 0, 1, 1, 1]


func test_class_and_constants_are_registered() -> void:
	check(ClassDB.class_exists("GameRules"), "GameRules is registered")
	check(ClassDB.is_parent_class("GameRules", "Node"), "GameRules is a Node")
	check_equal(GameRules.PHASE_SETUP, 0, "PHASE_SETUP")
	check_equal(GameRules.PHASE_GAME_OVER, 4, "PHASE_GAME_OVER")
	check_equal(GameRules.NO_PLAYER, -1, "NO_PLAYER")
	check_equal(GameRules.MAX_PLAYERS, 8, "MAX_PLAYERS")
	var rules := GameRules.new()
	check_equal(rules.get_phase(), GameRules.PHASE_NONE, "phase before setup")
	check_equal(rules.hand_limit, 7, "default hand limit")
	check_equal(rules.energy_per_round, 10, "default energy per round")
	rules.free()


func test_bot_games_of_2_4_and_8_players_run_to_the_end() -> void:
	for player_count in [2, 4, 8]:
		var rules := _rules(100 + player_count, player_count, {"round_limit": 10})
		var audit := RoundAudit.new(rules, self, "%d players" % player_count)
		_play_bots(rules)
		check_equal(rules.get_phase(), GameRules.PHASE_GAME_OVER, "%d players: over" % player_count)
		check_equal(audit.rounds_checked, 10, "%d players: rounds audited" % player_count)
		check(audit.upgrades > 0, "%d players: bots bought command upgrades" % player_count)
		rules.free()


func test_a_round_emits_exactly_these_signals() -> void:
	var rules := _rules(77, 2, {"opening_hand_size": 0, "hand_limit": 0})
	var seen: Array = []
	SignalLog.record(rules, seen)
	StarterGame.keep_all(rules)
	while rules.get_round() == 1:
		rules.pass_activation(rules.draw_next_token())
	var expected: Array = [
		["game_started", PackedInt64Array([0, 1])],
		["hand_kept", 0, 0],
		["hand_kept", 1, 0],
		["round_started", 1],
	]
	var remaining := 8
	for owner in GOLDEN_ROUND_1_SEED_77:
		remaining -= 1
		expected.append(["token_drawn", owner, remaining])
		if remaining == 0:
			expected.append(["bag_emptied"])
		expected.append(["turn_changed", owner])
		expected.append(["action_completed", owner, {"type": "pass"}])
		expected.append(["activation_ended", owner])
	expected.append(["round_ended", 1])
	expected.append(["round_started", 2])
	check_equal(seen.size(), expected.size(), "signal count of round 1")
	for index in mini(seen.size(), expected.size()):
		check_equal(seen[index], expected[index], "signal %d of round 1" % index)
	rules.free()


func test_a_handler_may_call_straight_back_in() -> void:
	var rules := _rules(5, 3, {"round_limit": 2})
	var order: Array = []
	rules.token_drawn.connect(
		func(player_id: int, _remaining: int) -> void:
			order.append(["drawn", player_id, rules.get_active_player()])
			rules.pass_activation(player_id)
	)
	rules.turn_changed.connect(func(player_id: int) -> void: order.append(["turn", player_id]))
	rules.activation_ended.connect(func(player_id: int) -> void: order.append(["ended", player_id]))
	StarterGame.keep_all(rules)
	while rules.get_phase() != GameRules.PHASE_GAME_OVER:
		rules.draw_next_token()
	check_equal(order.size(), 2 * 3 * 4 * 3, "every activation was drawn, began and ended")
	for index in range(0, order.size(), 3):
		var drawn: Array = order[index]
		check_equal(drawn[2], drawn[1], "the state is complete when token_drawn arrives")
		check_equal(order[index + 1], ["turn", drawn[1]], "the draw's own signals come first")
		check_equal(order[index + 2], ["ended", drawn[1]], "then those of the handler's call")
	rules.free()


func test_actions_pay_their_costs_and_take_the_activation() -> void:
	var rules := _rules(8, 2, {"starting_resources": 200})
	StarterGame.keep_all(rules)
	var active := rules.draw_next_token()
	var before := rules.get_player_state(active)
	check_equal(rules.build(active, "generator", {"hex": Vector2i(2, 3)}), OK, "build")
	var after := rules.get_player_state(active)
	check_equal(after["resources"], before["resources"] - 60, "resources paid")
	check_equal(after["energy_per_round"], before["energy_per_round"] + 2, "generator works")
	check_equal(rules.get_objects().size(), 1, "the generator is in play")
	check_equal(rules.get_objects()[0]["name"], "Generator", "its name")
	var second: Variant = expect_refusal(
		rules, "already_acted", func() -> Error: return rules.pass_activation(active)
	)
	check_equal(second, ERR_UNAVAILABLE, "one action per token")
	active = rules.draw_next_token()
	var hand: Array = rules.get_player_state(active)["hand"]
	var spark := hand.find(1)
	check(spark >= 0, "the opening hand holds a Spark")
	# Called as seed 000 has it, without a context (it defaults to null).
	check_equal(rules.play_card_from_hand(active, spark), OK, "play Spark")
	check_equal(rules.get_player_state(active)["victory_points"], 1, "Spark scored")
	check_equal(rules.get_player_state(active)["energy"], 9, "Spark cost 1 energy")
	rules.free()


func test_command_upgrades_follow_the_tiers() -> void:
	var rules := _rules(9, 2, {"starting_resources": 1000, "energy_per_round": 40})
	StarterGame.keep_all(rules)
	var upgrader := rules.get_player_ids()[0]
	check_equal(
		rules.get_upgrade_cost(upgrader),
		{"tier": 1, "tokens": 5, "energy": 10, "resources": 100},
		"first tier's cost"
	)
	var upgraded := 0
	while upgraded < 3:
		var active := rules.draw_next_token()
		if active != upgrader:
			rules.pass_activation(active)
		elif upgraded < 2:
			check_equal(rules.attempt_command_upgrade(active), OK, "upgrade %d" % (upgraded + 1))
			upgraded += 1
			if upgraded == 1:
				var state := rules.get_player_state(active)
				check_equal(state["resources"], 1050 - 100, "100 resources paid")
				check_equal(state["energy"], 30, "10 energy paid")
				check_equal(state["tokens_contributed"], 4, "this round's bag is unchanged")
				check_equal(state["max_command_tokens"], 5, "five tokens from next round")
		else:
			check_equal(rules.get_upgrade_cost(active), {}, "no tier above 6 tokens")
			var refused: Variant = expect_refusal(
				rules,
				"top_tier",
				func() -> Error: return rules.attempt_command_upgrade(active),
				"highest command tier"
			)
			check_equal(refused, ERR_CANT_ACQUIRE_RESOURCE, "upgrade past the maximum")
			check_equal(rules.get_active_player(), active, "the refused upgrade kept the token")
			rules.pass_activation(active)
			upgraded += 1
	while rules.get_round() < 3:
		rules.pass_activation(rules.draw_next_token())
	check_equal(rules.get_bag().get_player_contributed_count(upgrader), 6, "six tokens in round 3")
	rules.free()


func test_a_rejected_action_keeps_the_token_and_changes_nothing() -> void:
	var rules := _rules(10, 2, {})
	StarterGame.keep_all(rules)
	var active := rules.draw_next_token()
	var other := 1 - active
	var rejections: Array = []
	rules.action_rejected.connect(
		func(player_id: int, reason: String) -> void: rejections.append([player_id, reason])
	)
	var snapshot := rules.save_game()
	var code: Variant = expect_refusal(
		rules, "cannot_afford", func() -> Error: return rules.attempt_command_upgrade(active)
	)
	check_equal(code, ERR_UNAUTHORIZED, "unaffordable upgrade")
	code = expect_refusal(
		rules, "not_active_player", func() -> Error: return rules.pass_activation(other)
	)
	check_equal(code, ERR_UNAVAILABLE, "acting out of turn")
	check_equal(rules.save_game(), snapshot, "state is byte-identical")
	check_equal(rejections.size(), 2, "two action_rejected signals")
	check_equal(rejections[0][0], active, "the first names the active player")
	check(str(rejections[1][1]).contains("not the active player"), "with the reason")
	check_equal(rules.pass_activation(active), OK, "the same player may act again")
	rules.free()


func test_the_validator_judges_placement() -> void:
	var rules := _rules(11, 2, {"starting_resources": 500})
	var calls: Array = []
	rules.action_validator = func(player_id: int, action: Dictionary) -> Variant:
		calls.append([player_id, action["type"]])
		if action["type"] == "build" and action["context"] != [0, 0]:
			return "only hex (0, 0) is free"
		return true
	StarterGame.keep_all(rules)
	var active := rules.draw_next_token()
	var code: Variant = expect_refusal(
		rules,
		"rejected_by_game",
		func() -> Error: return rules.build(active, "generator", Vector2i(4, 1)),
		"only hex (0, 0) is free"
	)
	check_equal(code, FAILED, "validator's refusal")
	check_equal(rules.get_objects().size(), 0, "nothing was built")
	check_equal(rules.build(active, "generator", Vector2i(0, 0)), OK, "a free hex is accepted")
	check_equal(calls, [[active, "build"], [active, "build"]], "the validator saw both")
	rules.action_validator = func(_player_id: int, _action: Dictionary) -> Variant:
		return rules.save_game() != ""
	active = rules.draw_next_token()
	var refused := rules.perform_action(active, {"type": "custom", "kind": "scout"})
	var errors := error_log.take()
	check_equal(refused, FAILED, "a hook that calls back in is refused, not crashed")
	check(
		errors.size() == 1 and "but not change it" in errors[0],
		"the call back in is logged as misuse: %s" % errors
	)
	check(
		"returned false" in rules.get_last_refusal()["reason"],
		"and the action is refused: %s" % rules.get_last_refusal()
	)
	check_equal(rules.get_active_player(), active, "and the token is kept")
	check_equal(rules.pass_activation(active), OK, "a pass is never judged: the activation ends")
	rules.free()


func test_reactions_resolve_depth_first_after_their_trigger() -> void:
	var config := {
		"action_kinds": {"answer": {}, "echo": {}},
		"reactions": [{"name": "answer", "trigger": "pass", "response": "answer"}],
	}
	var rules := _rules(12, 3, config)
	rules.reaction_provider = func(resolved: Dictionary) -> Array:
		if resolved["action"]["type"] == "custom" and resolved["action"]["kind"] == "answer":
			return [{"player_id": resolved["player_id"], "kind": "echo"}]
		return []
	var resolved: Array = []
	rules.action_completed.connect(
		func(player_id: int, action: Dictionary) -> void:
			resolved.append([player_id, action["type"], 0])
	)
	rules.reaction_resolved.connect(
		func(player_id: int, action: Dictionary, _cause_id: int, depth: int) -> void:
			resolved.append([player_id, action["kind"], depth])
	)
	StarterGame.keep_all(rules)
	var active := rules.draw_next_token()
	rules.pass_activation(active)
	check_equal(
		resolved,
		[[active, "pass", 0], [active, "answer", 1], [active, "echo", 2]],
		"the trigger, its reaction, then the reaction's reaction"
	)
	rules.free()


func test_the_mulligan_is_london() -> void:
	var rules := _rules(13, 2, {})
	rules.start_game()
	check_equal(rules.get_phase(), GameRules.PHASE_MULLIGAN, "mulligan phase")
	check_equal(rules.take_mulligan(0), OK, "player 0 mulligans")
	check_equal(rules.get_player_state(0)["hand_size"], 7, "a new hand of seven")
	var code: Variant = expect_refusal(
		rules,
		"wrong_bottom_count",
		func() -> Error: return rules.keep_hand(0, PackedInt64Array()),
		"exactly 1 cards"
	)
	check_equal(code, ERR_INVALID_PARAMETER, "keeping without bottoming one")
	check_equal(rules.keep_hand(0, PackedInt64Array([3])), OK, "keep, one card to the bottom")
	check_equal(rules.get_player_state(0)["hand_size"], 6, "six cards kept")
	check_equal(rules.keep_hand(1, PackedInt64Array()), OK, "player 1 keeps seven")
	check_equal(rules.get_round(), 1, "round 1 started when everyone kept")
	rules.free()


func test_elimination_removes_tokens_and_can_end_the_game() -> void:
	var rules := _rules(14, 3, {})
	var eliminated: Array[int] = []
	var winners: Array[int] = []
	rules.player_eliminated.connect(func(player_id: int) -> void: eliminated.append(player_id))
	rules.game_over.connect(func(winner_id: int) -> void: winners.append(winner_id))
	StarterGame.keep_all(rules)
	var active := rules.draw_next_token()
	check_equal(rules.eliminate_player(active), OK, "eliminate the active player")
	check_equal(rules.get_active_player(), GameRules.NO_PLAYER, "their activation ended")
	check_equal(rules.get_bag().get_player_remaining_count(active), 0, "their tokens left the bag")
	var survivors := rules.get_living_player_ids()
	check_equal(survivors.size(), 2, "two remain")
	rules.eliminate_player(survivors[0])
	check_equal(eliminated, [active, survivors[0]] as Array[int], "player_eliminated signals")
	check_equal(winners, [survivors[1]] as Array[int], "the last one standing wins")
	check_equal(rules.get_winner(), survivors[1], "get_winner")
	var code: Variant = expect_refusal(
		rules, "game_over", func() -> int: return rules.draw_next_token()
	)
	check_equal(code, GameRules.NO_PLAYER, "no draws after game over")
	rules.free()


func test_save_and_load_continue_the_same_game() -> void:
	var rules := _rules(15, 4, {"round_limit": 4})
	StarterGame.keep_all(rules)
	for step in 9:
		rules.bot_decide(rules.draw_next_token())
	var saved := rules.save_game()
	var path := "user://game_rules_save.json"
	var file := FileAccess.open(path, FileAccess.WRITE)
	file.store_string(saved)
	file.close()
	_play_bots(rules)
	var original_log := rules.get_events_since(0)
	var resumed := GameRules.new()
	check_equal(resumed.load_game(FileAccess.get_file_as_string(path)), OK, "load from file")
	check_equal(resumed.seed, 15, "the seed comes back")
	_play_bots(resumed)
	check_equal(resumed.get_events_since(0), original_log, "identical continuation")
	check_equal(resumed.get_winner(), rules.get_winner(), "same winner")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
	rules.free()
	resumed.free()


func test_a_replay_plays_the_game_again() -> void:
	var rules := _rules(22, 3, {"round_limit": 2})
	_play_bots(rules)
	var replay := rules.save_replay()
	var again := GameRules.new()
	check_equal(again.load_replay(replay), OK, "load the replay")
	check_equal(again.get_state_hash(), rules.get_state_hash(), "the same final state")
	check_equal(again.get_winner(), rules.get_winner(), "the same winner")
	var hash := again.get_state_hash()
	var edited := replay.replace('{"command":"draw_token"}', '{"command":"start_game"}')
	expect_error(func() -> Error: return again.load_replay(edited), "only possible during setup")
	check_equal(again.get_state_hash(), hash, "a refused replay changes nothing")
	rules.free()
	again.free()


func test_undo_takes_back_the_action_but_never_a_draw() -> void:
	var rules := _rules(23, 3, {})
	var undone: Array[int] = []
	rules.action_undone.connect(func(player_id: int) -> void: undone.append(player_id))
	StarterGame.keep_all(rules)
	var active := rules.draw_next_token()
	check(not rules.can_undo(), "not the draw")
	check(rules.get_undo_refusal().contains("re-roll"), "and says why")
	var hash := rules.get_state_hash()
	rules.bot_decide(active)
	check(rules.can_undo(), "the action can be undone")
	check_equal(rules.undo_action(), OK, "undo")
	check_equal(undone, [active] as Array[int], "action_undone")
	check_equal(rules.get_state_hash(), hash, "back to the state after the draw")
	check_equal(rules.get_active_player(), active, "the same player acts again")
	var code: Variant = expect_refusal(
		rules, "cannot_undo", func() -> Error: return rules.undo_action(), "already undone"
	)
	check_equal(code, ERR_UNAVAILABLE, "one undo")
	rules.free()


func test_bad_saves_are_refused_and_change_nothing() -> void:
	var rules := _rules(16, 2, {})
	StarterGame.keep_all(rules)
	var saved := rules.save_game()
	var cases := {
		"": [ERR_PARSE_ERROR, "not valid JSON"],
		"{garbage": [ERR_PARSE_ERROR, "not valid JSON"],
		saved.substr(0, saved.length() / 2): [ERR_PARSE_ERROR, "not valid JSON"],
		saved.replace('"hand_limit":7', '"hand_limit":"7"'): [ERR_PARSE_ERROR, "not valid JSON"],
		saved.replace('"horizons_edge.game"', '"horizons_edge.bag"'):
		[ERR_FILE_UNRECOGNIZED, 'a "horizons_edge.bag" file'],
		saved.replace('"version":2', '"version":99'): [ERR_FILE_UNRECOGNIZED, "version 99"],
		# A later build's save may hold fields this one does not know: still named by version.
		saved.replace('"version":2', '"version":3,"a_later_field":1'):
		[ERR_FILE_UNRECOGNIZED, "version 3 is not supported"],
		rules.save_replay(): [ERR_FILE_UNRECOGNIZED, 'a "horizons_edge.replay" file'],
		rules.get_bag().to_json(): [ERR_FILE_UNRECOGNIZED, '"horizons_edge.command_token_bag"'],
		saved.replace('"command_tier":0', '"command_tier":9'): [ERR_INVALID_DATA, "tier 9"],
	}
	for json: String in cases:
		var expected: Array = cases[json]
		var code: Variant = expect_error(func() -> Error: return rules.load_game(json), expected[1])
		check_equal(code, expected[0], "load_game(%s...)" % json.left(20))
		check_equal(rules.save_game(), saved, "the game is unchanged")
	rules.free()


func test_bad_input_through_every_method() -> void:
	var rules := GameRules.new()
	rules.randomize_seed = false
	var before_setup := {
		"start_game": func() -> Error: return rules.start_game(),
		"draw_next_token": func() -> int: return rules.draw_next_token(),
		"pass_activation": func() -> Error: return rules.pass_activation(0),
		"save_game": func() -> String: return rules.save_game(),
		"get_bag": func() -> CommandTokenBag: return rules.get_bag(),
		"get_player_state": func() -> Dictionary: return rules.get_player_state(0),
	}
	for method: String in before_setup:
		expect_error(before_setup[method], "no game")
	var setups := [
		[[], {}, "0 players given"],
		[[0, 1, 2, 3, 4, 5, 6, 7, 8], {}, "9 players given"],
		[[0, 0], {}, "used twice"],
		[[-1], {}, "players[0]"],
		[["zero"], {}, "players[0]"],
		[[{"id": 0, "deck": [99]}], {}, "not in the card catalog"],
		[[0, 1], {"hand_limt": 3}, "unknown field"],
		[[0, 1], {"command_tiers": []}, "command_tiers is empty"],
		[[0, 1], {"round_limit": -2}, "invalid config"],
		[[0, 1], {"cards": {"1": {"name": "Bad", "energy": Callable()}}}, "cannot be used here"],
	]
	for entry: Array in setups:
		var code: Variant = expect_error(
			func() -> Error: return rules.setup(entry[0], entry[1]), entry[2]
		)
		check_equal(code, ERR_INVALID_PARAMETER, "setup %s %s" % [entry[0], entry[1]])
	check(not rules.is_set_up(), "no game after refused setups")
	rules.hand_limit = -3
	expect_error(func() -> Error: return rules.setup([0, 1], {}), "hand_limit")
	rules.free()
	rules = _rules(17, 2, {})
	var snapshot := rules.save_game()
	# [call, fragment] is misuse (an error in the log); [call, fragment, kind] a refusal of play.
	var errors := [
		[func() -> int: return rules.draw_next_token(), "game has not started", "not_started"],
		[
			func() -> Error: return rules.keep_hand(0, PackedInt64Array()),
			"has not started",
			"not_started"
		],
		[func() -> Error: return rules.take_mulligan(7), "has not started", "not_started"],
		[func() -> Error: return rules.eliminate_player(-5), "out of range"],
		[func() -> Error: return rules.bot_decide(9), "not in this game"],
	]
	for entry: Array in errors:
		_expect_refused(rules, entry)
	check_equal(rules.save_game(), snapshot, "setup phase unchanged")
	StarterGame.keep_all(rules)
	var active := rules.draw_next_token()
	snapshot = rules.save_game()
	errors = [
		[func() -> int: return rules.draw_next_token(), "has not acted", "activation_open"],
		[
			func() -> Error: return rules.play_card_from_hand(active, 99, null),
			"no card at index 99"
		],
		[func() -> Error: return rules.play_card_from_hand(active, -1, null), "hand index"],
		[func() -> Error: return rules.play_card_from_hand(active, 0, Callable()), "context"],
		[func() -> Error: return rules.build(active, "castle", null), "no structure called"],
		[
			func() -> Error: return rules.create_token(1 - active, "Imp", 1, 1),
			"not the active",
			"not_active_player"
		],
		[func() -> Error: return rules.perform_action(active, {"type": "fly"}), "not an action"],
		[func() -> Error: return rules.perform_action(active, {}), "not an action"],
		[func() -> Error: return rules.perform_action(active, {"type": "custom"}), "not an action"],
		[
			func() -> Error: return rules.perform_action(active, {"type": "custom", "kind": "x"}),
			"no action kind called"
		],
		[
			func() -> Error: return rules.take_mulligan(active),
			"only possible during",
			"wrong_phase"
		],
		[func() -> Error: return rules.keep_hand(active, PackedInt64Array([-1])), "hand index"],
		[func() -> Error: return rules.pass_activation(1 << 40), "out of range"],
		[func() -> Dictionary: return rules.get_player_state(42), "not in this game"],
		[func() -> Dictionary: return rules.get_upgrade_cost(42), "not in this game"],
		[func() -> Array: return rules.legal_actions(-1), "out of range"],
	]
	for entry: Array in errors:
		_expect_refused(rules, entry)
	check_equal(rules.save_game(), snapshot, "activation unchanged by every refusal")
	var bag := rules.get_bag()
	check(bag.is_read_only(), "get_bag gives a read-only copy")
	check_equal(expect_error(func() -> Error: return bag.clear(), "read-only"), ERR_LOCKED, "clear")
	expect_error(func() -> CommandToken: return bag.draw_token(), "read-only")
	check_equal(rules.save_game(), snapshot, "the game's bag is untouched")
	rules.free()


func test_legal_actions_are_exactly_what_is_accepted() -> void:
	var rules := _rules(18, 3, {"starting_resources": 100})
	StarterGame.keep_all(rules)
	for step in 12:
		var active := rules.draw_next_token()
		var legal := rules.legal_actions(active)
		check(not legal.is_empty(), "pass is always legal")
		for other in rules.get_player_ids():
			if other != active:
				check_equal(rules.legal_actions(other), [] as Array[Dictionary], "inactive: none")
		var snapshot := rules.save_game()
		for action in legal:
			check_equal(rules.perform_action(active, action), OK, "legal %s" % action)
			check_equal(rules.load_game(snapshot), OK, "back to the snapshot")
		rules.perform_action(active, legal[step % legal.size()])
	rules.free()


func test_the_same_seed_plays_the_same_game() -> void:
	var logs: Array = []
	for run in 2:
		var rules := _rules(19, 4, {"round_limit": 3})
		_play_bots(rules)
		logs.append(rules.get_events_since(0))
		rules.free()
	check_equal(logs[0], logs[1], "two runs of seed 19")
	var other := _rules(20, 4, {"round_limit": 3})
	_play_bots(other)
	check(other.get_events_since(0) != logs[0], "another seed plays differently")
	other.free()


func test_seat_order_and_initiative_can_decide_the_round() -> void:
	var rules := _rules(21, 4, {"activation_order": "seats"})
	StarterGame.keep_all(rules)
	var order: Array[int] = []
	while rules.get_round() == 1:
		var active := rules.draw_next_token()
		order.append(active)
		rules.pass_activation(active)
	check_equal(order.size(), 16, "16 activations")
	for index in order.size():
		check_equal(order[index], (order[0] + index) % 4, "seat order, draw %d" % index)
	rules.free()
	rules = GameRules.new()
	rules.randomize_seed = false
	rules.activation_order = GameRules.ORDER_INITIATIVE
	check_equal(rules.setup([0, 1, 2], {}), OK, "initiative setup from the inspector property")
	StarterGame.keep_all(rules)
	var counts := {0: 0, 1: 0, 2: 0}
	order.clear()
	while rules.get_round() == 1:
		var active := rules.draw_next_token()
		order.append(active)
		counts[active] += 1
		rules.pass_activation(active)
	var cycle := order.slice(0, 3)
	cycle.sort()
	check_equal(cycle, [0, 1, 2] as Array[int], "equal speeds: each player once per cycle")
	check_equal(order.slice(3, 6), order.slice(0, 3), "equal speeds alternate in one cycle")
	var upcoming := rules.get_upcoming_players(5)
	var next_five: Array[int] = []
	for step in 5:
		var active := rules.draw_next_token()
		next_five.append(active)
		rules.pass_activation(active)
	check_equal(Array(upcoming), next_five, "the strip's next five are the next five")
	check_equal(counts, {0: 4, 1: 4, 2: 4}, "each player's tokens, once each")
	rules.activation_order = 7
	expect_error(func() -> Error: return rules.setup([0, 1], {}), "activation_order")
	rules.free()


func test_get_action_refusal_says_why_without_changing_anything() -> void:
	var rules := StarterGame.rules(21, 2)
	StarterGame.keep_all(rules)
	var active := rules.draw_next_token()
	var other := 1 - active
	var hash_before := rules.get_state_hash()
	var monument := {"type": "build", "structure": "monument"}
	var why := rules.get_action_refusal(active, monument)
	check_equal(why.get("kind"), "cannot_afford", "a monument costs 150 resources: %s" % why)
	check_equal(why.get("code"), ERR_UNAUTHORIZED, "the code perform_action would return")
	check(not why.get("misuse", true), "an ordinary refusal of play")
	check_equal(rules.get_action_refusal(active, {"type": "pass"}), {}, "passing is allowed")
	var not_yours := rules.get_action_refusal(other, {"type": "pass"})
	check_equal(not_yours.get("kind"), "not_active_player", "not their token: %s" % not_yours)
	for action: Dictionary in rules.legal_actions(active):
		check_equal(rules.get_action_refusal(active, action), {}, "legal: %s" % action)
	var malformed: Dictionary = expect_error(
		func() -> Dictionary: return rules.get_action_refusal(active, {"type": "dance"}), "dance"
	)
	check(malformed.get("misuse", false), "a malformed action is misuse")
	check_equal(rules.get_state_hash(), hash_before, "nothing changed")
	check_equal(rules.perform_action(active, monument), ERR_UNAUTHORIZED, "and the rules agree")
	rules.free()


## A game of [param player_count] players on the starter set, seeded and set up.
func _rules(seed_value: int, player_count: int, overrides: Dictionary) -> GameRules:
	var rules := StarterGame.rules(seed_value, player_count, overrides)
	check(rules.is_set_up(), "setup")
	return rules


## Lets bots play from wherever the game is until it ends.
func _play_bots(rules: GameRules) -> void:
	check_equal(StarterGame.play_bots(rules), OK, "bot actions")


## [param entry] is [call, fragment] for misuse (an error in the log naming it) or [call,
## fragment, kind] for a refusal of play.
func _expect_refused(rules: GameRules, entry: Array) -> void:
	if entry.size() > 2:
		expect_refusal(rules, entry[2], entry[0], entry[1])
	else:
		expect_error(entry[0], entry[1])


## Checks every round of a game as it is played: each living player was activated exactly as
## many times as they put tokens in, their energy was generated and their hand refilled.
class RoundAudit:
	var rounds_checked := 0
	var upgrades := 0

	var _rules: GameRules
	var _suite: TestSuite
	var _label: String
	var _contributed := {}
	var _draws := {}

	func _init(rules: GameRules, suite: TestSuite, label: String) -> void:
		_rules = rules
		_suite = suite
		_label = label
		rules.round_started.connect(_on_round_started)
		rules.token_drawn.connect(func(id: int, _left: int) -> void: _draws[id] += 1)
		rules.command_upgraded.connect(func(_id: int, _tier: int, _n: int) -> void: upgrades += 1)
		rules.round_ended.connect(_on_round_ended)

	func _on_round_started(round_number: int) -> void:
		var energy_per_round: int = _rules.get_config()["energy_per_round"]
		for id in _rules.get_living_player_ids():
			var state := _rules.get_player_state(id)
			var what := "%s round %d player %d" % [_label, round_number, id]
			_contributed[id] = state["tokens_contributed"]
			_draws[id] = 0
			_suite.check_equal(state["tokens_contributed"], state["max_command_tokens"], what)
			_suite.check(
				(
					state["energy"] >= energy_per_round
					and state["energy"] == state["energy_per_round"]
				),
				"%s: energy generated" % what
			)
			if round_number > 1:
				_suite.check(
					state["hand_size"] >= state["hand_limit"] or state["deck_size"] == 0,
					"%s: hand refilled" % what
				)

	func _on_round_ended(round_number: int) -> void:
		for id in _contributed:
			_suite.check_equal(
				_draws[id],
				_contributed[id],
				"%s round %d activations of %d" % [_label, round_number, id]
			)
		rounds_checked += 1
