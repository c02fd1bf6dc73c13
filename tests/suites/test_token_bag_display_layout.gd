extends TestSuite
## The token bag display's layout as a game goes on, in the scene as README instances it
## (compact): the players and the panel's size before round 1, and the rows in their place
## while a round's end is shown.


func test_the_players_and_the_panel_s_size_are_those_of_round_1_before_it() -> void:
	# From the game's start to round 1 the header said "Command Token Bag Waiting for the first
	# round" on one line (the panel 61 px wider than in round 1), and a display given its rules
	# before their setup showed no player until round 1.
	var rules := GameRules.new()
	rules.randomize_seed = false
	var display := DisplayCheck.make(self, rules)
	display.compact = true
	rules.setup(StarterGame.players(3), StarterGame.config({}))
	rules.start_game()
	await get_tree().process_frame
	check_equal(display.get_node("%Rows").get_child_count(), 3, "rows in the mulligan")
	check_equal((display.get_node("%RoundLabel") as Label).text, "Before round 1", "the header")
	var before := display.size
	StarterGame.keep_all(rules)
	await get_tree().process_frame
	check_equal(display.size, before, "the panel in the mulligan, then in round 1")
	display.free()
	rules.free()


func test_the_rows_keep_their_place_while_a_round_s_end_is_shown() -> void:
	# "Every player has acted; the next bag is being filled" wrapped to a second line, which
	# pushed the rows down 20 px until the next round started.
	var rules := StarterGame.rules(5, 3, {"round_limit": 2})
	var display := DisplayCheck.make(self, rules, 10.0)
	display.compact = true
	StarterGame.keep_all(rules)
	var first_row := func() -> float:
		return (display.get_node("%Rows").get_child(0) as Control).global_position.y
	await get_tree().process_frame
	var in_round := first_row.call() as float
	while rules.get_round() == 1:
		rules.pass_activation(rules.draw_next_token())
	await get_tree().process_frame
	check(display.is_round_complete_shown(), "the round's end is held")
	check_equal(first_row.call(), in_round, "the first row's place")
	display.free()
	rules.free()
