extends TestSuite
## The token bag display's layout as a game goes on, in the scene as README instances it
## (compact): the players and the panel's size before round 1, and the rows in their place
## while a round's end is shown.


## A game of [param names] in seat order (the hint names the next to act), not started.
static func _seat_order_game(names: PackedStringArray) -> GameRules:
	var rules := GameRules.new()
	rules.randomize_seed = false
	rules.setup(StarterGame.players(4, names), StarterGame.config({"activation_order": "seats"}))
	return rules


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


func test_the_panel_and_the_bars_keep_their_place_as_counts_go_below_ten() -> void:
	# The count column was 54 px, narrower than "12 / 12" in the panel's full size: the panel
	# and the bars' left edges moved as the counts went from two digits to one.
	var rules := StarterGame.rules(5, 2, {"command_tiers": [{"tokens": 12}]})
	var display := DisplayCheck.make(self, rules)
	StarterGame.keep_all(rules)
	var bar := display.get_node("%Rows/Row0/Line/Bar") as Control
	await get_tree().process_frame
	var width := display.size.x
	var bar_left := bar.global_position.x
	while rules.get_bag().get_remaining_count() > 4:
		rules.pass_activation(rules.draw_next_token())
	display.catch_up()
	await get_tree().process_frame
	check_equal(display.size.x, width, "the panel's width")
	check_equal(bar.global_position.x, bar_left, "the first bar's left edge")
	display.free()
	rules.free()


func test_a_hint_longer_than_two_lines_ends_in_an_ellipsis_whole_in_its_tooltip() -> void:
	# Three long names in the "Next:" hint wrapped to three lines; the third was hidden with no
	# "…" and no tooltip. A bigger font after the display was ready kept the old lines' height.
	var names := PackedStringArray(
		["Ada Lovelace", "Sir Reginald Fairfax", "Lady Margaret Ashford", "Captain Jonathan Blake"]
	)
	var rules := _seat_order_game(names)
	var display := DisplayCheck.make(self, rules)
	display.compact = true
	StarterGame.keep_all(rules)
	await get_tree().process_frame
	var hint := display.get_node("%HintLabel") as Label
	var whole := "Next: Lady Margaret Ashford → Captain Jonathan Blake → Ada Lovelace"
	check_equal(hint.tooltip_text, whole, "the whole hint in the tooltip")
	check(hint.text.ends_with("…"), "the cut hint ends in an ellipsis")
	check(whole.begins_with(hint.text.trim_suffix("…")), "the hint is the start of the whole")
	check(hint.get_line_count() <= 2, "the hint in two lines, not %d" % hint.get_line_count())
	display.theme = Theme.new()
	display.theme.set_font_size("font_size", "Label", 28)
	await get_tree().process_frame
	var two_lines := 2 * hint.get_line_height() + hint.get_theme_constant("line_spacing")
	check_equal(hint.custom_minimum_size.y, float(two_lines), "two lines of the bigger font")
	check(hint.get_line_count() <= 2, "in the bigger font too, not %d" % hint.get_line_count())
	display.theme = null
	await get_tree().process_frame
	two_lines = 2 * hint.get_line_height() + hint.get_theme_constant("line_spacing")
	check_equal(hint.custom_minimum_size.y, float(two_lines), "two lines of the font again")
	display.free()
	rules.free()


func test_a_name_wider_than_the_hint_ends_in_one_ellipsis_within_it() -> void:
	# A name cut to the hint's width and then cut off with the text after it ended in "……", wider
	# than the hint.
	var long_name := "Supercalifragilisticexpialidocious_the_Magnificent_Destroyer"
	var names := PackedStringArray(["Ada", long_name, "Bo", "Cy"])
	var rules := _seat_order_game(names)
	var display := DisplayCheck.make(self, rules)
	display.compact = true
	StarterGame.keep_all(rules)
	var hint := display.get_node("%HintLabel") as Label
	var font := hint.get_theme_font("font")
	var font_size := hint.get_theme_font_size("font_size")
	var cut := 0
	for draw in 4:
		await get_tree().process_frame
		var width := hint.size.x - hint.get_theme_stylebox("normal").get_minimum_size().x
		if hint.tooltip_text.contains(long_name):
			cut += 1
			check(not hint.text.contains("……"), "one ellipsis: %s" % hint.text)
			for line in hint.text.split("\n"):
				var wide := font.get_string_size(line, HORIZONTAL_ALIGNMENT_LEFT, -1, font_size).x
				check(wide <= width or line.contains(" "), "%s within %d px" % [line, width])
		rules.pass_activation(rules.draw_next_token())
	check(cut > 0, "the long name was in the hint")
	display.free()
	rules.free()
