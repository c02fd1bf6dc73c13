extends TestSuite
## GameRules.play_rounds: the round loop run inside the rules, with the same signals as the loop
## written out in GDScript, listeners connected on the way, bots, and where it has to stop.


func test_play_rounds_is_the_loop_with_the_same_signals() -> void:
	var by_hand := StarterGame.rules(77, 2, {"opening_hand_size": 0, "hand_limit": 0})
	var auto := StarterGame.rules(77, 2, {"opening_hand_size": 0, "hand_limit": 0})
	var seen_by_hand: Array = []
	var seen_auto: Array = []
	SignalLog.record(by_hand, seen_by_hand)
	SignalLog.record(auto, seen_auto)
	StarterGame.keep_all(by_hand)
	while by_hand.get_round() <= 2:
		by_hand.pass_activation(by_hand.draw_next_token())
	auto.start_game()
	check_equal(auto.play_rounds(2, GameRules.AUTOPLAY_PASS), 2, "two rounds ended")
	check_equal(auto.get_round(), 3, "round 3 waits for its first draw")
	check_equal(seen_auto, seen_by_hand, "the same signals in the same order")
	check_equal(auto.get_state_hash(), by_hand.get_state_hash(), "the same game")
	by_hand.free()
	auto.free()


func test_play_rounds_tells_a_listener_connected_on_the_way() -> void:
	var rules := StarterGame.rules(6, 3, {"round_limit": 4})
	rules.start_game()
	check_equal(rules.play_rounds(1, GameRules.AUTOPLAY_PASS), 1, "round 1, nobody listening")
	var drawn := {"count": 0}
	var count_draw := func(_player_id: int, _remaining: int) -> void: drawn["count"] += 1
	rules.token_drawn.connect(count_draw)
	check_equal(rules.play_rounds(1, GameRules.AUTOPLAY_PASS), 1, "round 2")
	check_equal(drawn["count"], 12, "a listener connected between calls hears round 2")
	rules.token_drawn.disconnect(count_draw)
	var ends: Array[int] = []
	var starts: Array[int] = []
	var count_start := func(round_number: int) -> void: starts.append(round_number)
	rules.round_ended.connect(
		func(round_number: int) -> void:
			ends.append(round_number)
			if not rules.token_drawn.is_connected(count_draw):
				rules.token_drawn.connect(count_draw)
				rules.round_started.connect(count_start)
	)
	check_equal(rules.play_rounds(99, GameRules.AUTOPLAY_PASS), 2, "rounds 3 and 4, then over")
	check_equal(ends, [3, 4] as Array[int], "round_ended for each")
	check_equal(drawn["count"], 24, "a listener connected by a handler hears round 4's draws")
	check_equal(starts, [4] as Array[int], "and one hears round 4 start, in the same command")
	check_equal(rules.get_phase(), GameRules.PHASE_GAME_OVER, "game over")
	check_equal(rules.play_rounds(1, GameRules.AUTOPLAY_PASS), 0, "nothing left to play")
	rules.free()


func test_play_rounds_with_bots_and_where_it_stops() -> void:
	var rules := StarterGame.rules(31, 4, {"round_limit": 10})
	var early: Variant = expect_refused(
		rules, func() -> int: return rules.play_rounds(3, GameRules.AUTOPLAY_BOTS), "not started"
	)
	check_equal(early, -1, "not started: refused, nothing played")
	rules.start_game()
	var kinds := {}
	rules.action_completed.connect(
		func(_player_id: int, action: Dictionary) -> void: kinds[action["type"]] = true
	)
	check_equal(rules.play_rounds(10, GameRules.AUTOPLAY_BOTS), 10, "ten rounds")
	check_equal(rules.get_phase(), GameRules.PHASE_GAME_OVER, "game over at the round limit")
	check(kinds.has("play_card") and kinds.has("upgrade_command"), "bots chose: %s" % kinds)
	rules.free()
	rules = StarterGame.rules(32, 2, {"player_entropy": true})
	rules.start_game()
	check_equal(rules.play_rounds(3, GameRules.AUTOPLAY_PASS), 0, "round 1 waits for nonces")
	check_equal(rules.get_phase(), GameRules.PHASE_AWAITING_DRAW, "waiting for the first draw")
	check_equal(rules.get_pending_entropy(), PackedInt64Array([0, 1]), "the players' nonces")
	rules.add_entropy(0, "a".repeat(64))
	rules.add_entropy(1, "b".repeat(64))
	check_equal(rules.play_rounds(1, GameRules.AUTOPLAY_PASS), 1, "round 1 once they are in")
	var state_hash := rules.get_state_hash()
	expect_error(func() -> int: return rules.play_rounds(1, 7), "AUTOPLAY_PASS")
	expect_error(func() -> int: return rules.play_rounds(-1, GameRules.AUTOPLAY_PASS), "rounds")
	check_equal(rules.get_state_hash(), state_hash, "bad arguments change nothing")
	rules.free()
	var unset := GameRules.new()
	expect_error(func() -> int: return unset.play_rounds(1, GameRules.AUTOPLAY_PASS), "setup")
	unset.free()


func test_a_validator_set_on_the_way_is_consulted() -> void:
	var rules := StarterGame.rules(8, 2, {"round_limit": 6})
	StarterGame.keep_all(rules)
	var asked := [0]
	var no_cards := func(_player_id: int, action: Dictionary) -> Variant:
		asked[0] += 1
		return "no cards now" if action["type"] == "play_card" else true
	var active := rules.draw_next_token()
	rules.action_validator = no_cards
	var types := rules.legal_actions(active).map(func(a: Dictionary) -> String: return a["type"])
	check(
		not types.has("play_card"), "legal_actions asks a validator set just before: %s" % [types]
	)
	check(types.has("pass"), "a pass is never judged: %s" % [types])
	rules.action_validator = Callable()
	rules.pass_activation(active)
	asked[0] = 0
	rules.round_ended.connect(
		func(round_number: int) -> void:
			if round_number == 2:
				rules.action_validator = no_cards
	)
	var cards_played := func() -> int:
		return (
			rules
			. get_events_since(0)
			. filter(
				func(e: Dictionary) -> bool: return e["type"] == "card_played" and e["round"] > 2
			)
			. size()
		)
	check_equal(rules.play_rounds(4, GameRules.AUTOPLAY_BOTS), 4, "bots play on")
	check(asked[0] > 0, "the validator a round_ended handler set is consulted (%d)" % asked[0])
	check_equal(cards_played.call(), 0, "and no card is played after it was set")
	rules.free()
