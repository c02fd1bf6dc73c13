extends TestSuite
## TokenBagDisplay headless: it follows whole bot games draw by draw (its counts, labels and
## chances match the rules' bag), shows "Round Complete!" and resets for the next round, and
## takes a player's tokens away when they are eliminated.

const Contrast := preload("res://addons/horizons_edge/token_bag_display/contrast.gd")


func test_the_display_follows_bot_games_of_2_5_and_8_players() -> void:
	for player_count in [2, 5, 8]:
		var rules := _rules(200 + player_count, player_count)
		var display := _display(rules, 0.0)
		var draws := [0]
		rules.token_drawn.connect(
			func(player_id: int, remaining: int) -> void:
				draws[0] += 1
				_check_against_bag(display, rules, "%d players" % player_count)
				check_equal(display.get_active_player(), player_id, "active player")
				check_equal(display.get_remaining(), remaining, "remaining")
		)
		_play_bots(rules)
		check(draws[0] > 3 * player_count * 4 - 1, "%d players: every draw seen" % player_count)
		display.free()
		rules.free()


func test_round_complete_is_held_then_the_next_round_is_shown() -> void:
	var rules := _rules(9, 3)
	var display := _display(rules, 0.05)
	var ended := [0]
	rules.round_ended.connect(
		func(_round: int) -> void:
			ended[0] += 1
			check(display.is_round_complete_shown(), "the banner is shown at the round's end")
			check_equal(display.get_remaining(), 0, "an empty bag at the round's end")
	)
	StarterGame.keep_all(rules)
	var first_round := rules.get_bag().get_remaining_count()
	check_equal(display.get_remaining(), first_round, "round 1 shown at its start")
	while rules.get_round() == 1:
		rules.pass_activation(rules.draw_next_token())
	check_equal(ended[0], 1, "round 1 ended")
	check(display.is_round_complete_shown(), "the banner stays while held")
	await get_tree().create_timer(0.2).timeout
	check(not display.is_round_complete_shown(), "the banner is gone after the hold")
	check_equal(display.get_remaining(), rules.get_bag().get_remaining_count(), "round 2 shown")
	_check_against_bag(display, rules, "round 2")
	display.free()
	rules.free()


func test_an_eliminated_player_leaves_the_bag_on_screen() -> void:
	var rules := _rules(4, 4)
	var display := _display(rules, 0.0)
	StarterGame.keep_all(rules)
	rules.pass_activation(rules.draw_next_token())
	check_equal(rules.eliminate_player(2), OK, "elimination")
	check_equal(display.get_remaining(), rules.get_bag().get_remaining_count(), "remaining")
	var count: Label = display.get_node("%Rows/Row2/Line/Count")
	check(count.text.begins_with("0 / "), "no tokens left for player 2: %s" % count.text)
	display.free()
	rules.free()


func test_a_bare_bag_is_followed_and_refreshed_after_a_refill() -> void:
	var bag := CommandTokenBag.new()
	bag.set_seed(8)
	for player_id in 3:
		bag.add_player_tokens(player_id, player_id + 2)
	bag.shuffle()
	var display := _display(null, 10.0)
	display.token_bag = bag
	var remaining: Label = display.get_node("%RemainingLabel")
	check_equal(remaining.text, "9", "a full bag")
	while not bag.is_empty():
		var token := bag.draw_token()
		check_equal(display.get_active_player(), token.player_id, "whose token")
		check_equal(remaining.text, str(bag.get_remaining_count()), "the bag count")
		var count: Label = display.get_node("%%Rows/Row%d/Line/Count" % token.player_id)
		var expected := (
			"%d / %d" % [bag.get_player_remaining_count(token.player_id), token.player_id + 2]
		)
		check_equal(count.text, expected, "player %d's tokens" % token.player_id)
	check(display.is_round_complete_shown(), "Round Complete! once the bag is empty")
	bag.clear()
	bag.add_player_tokens(0, 4)
	bag.shuffle()
	display.refresh()
	check(not display.is_round_complete_shown(), "the banner is gone after refresh()")
	check_equal(remaining.text, "4", "the refilled bag")
	display.free()


func test_the_chance_column_is_right_and_equal_odds_look_equal_in_every_state() -> void:
	for counts: Array in [
		[1, 1, 1],
		[4, 4, 4],
		[4, 4, 4, 4, 4, 4, 4, 4],
		[2, 3, 4, 5, 6, 7, 8, 9],
		[1, 64, 64, 64, 64, 64, 64, 64]
	]:
		var bag := CommandTokenBag.new()
		bag.set_seed(counts.size())
		for seat in counts.size():
			bag.add_player_tokens(seat, counts[seat])
		bag.shuffle()
		var display := _display(null, 0.0)
		display.token_bag = bag
		while bag.get_remaining_count() > 1:
			var problems := ChanceColumn.problems(display, bag)
			check(
				problems.is_empty(),
				"%s, %d left: %s" % [counts, bag.get_remaining_count(), problems]
			)
			bag.draw_token()
		display.free()


func test_in_seat_order_the_display_shows_the_order_not_chances() -> void:
	var rules := GameRules.new()
	rules.randomize_seed = false
	rules.seed = 12
	rules.activation_order = GameRules.ORDER_SEATS
	check_equal(rules.setup(StarterGame.players(3), StarterGame.config()), OK, "setup")
	var display := _display(rules, 0.0)
	StarterGame.keep_all(rules)
	var upcoming := rules.get_upcoming_players(3)
	check_equal(upcoming.size(), 3, "seat order foresees the next activations")
	var first: Label = display.get_node("%%Rows/Row%d/Line/Chance" % upcoming[0])
	check_equal(first.text, "next", "the next player's row")
	var hint: Label = display.get_node("%HintLabel")
	check(hint.text.begins_with("Next: Player %d → " % upcoming[0]), "the strip: %s" % hint.text)
	for player_id in rules.get_player_ids():
		var chance: Label = display.get_node("%%Rows/Row%d/Line/Chance" % player_id)
		check(not chance.text.ends_with("%"), "no bag odds in seat order: %s" % chance.text)
	display.free()
	rules.free()


func test_the_end_of_the_game_shows_the_winner_and_stays() -> void:
	var rules := _rules(31, 2)
	var display := _display(rules, 0.05)
	_play_bots(rules)
	check_equal(rules.get_phase(), GameRules.PHASE_GAME_OVER, "the game ended")
	check(display.is_round_complete_shown(), "round 1's Round Complete! first")
	check(not display.is_game_over_shown(), "the end waits its turn")
	await get_tree().create_timer(0.6).timeout  # three rounds' holds of 0.05 s
	check(display.is_game_over_shown(), "then the game-over banner")
	var banner: Label = display.get_node("%Banner")
	var winner := rules.get_winner()
	var expected := "Game over: a draw"
	if winner != GameRules.NO_PLAYER:
		expected = "Game over: %s wins!" % rules.get_player_state(winner)["name"]
	check_equal(banner.text, expected, "the banner names the winner")
	await get_tree().create_timer(0.1).timeout
	check(display.is_game_over_shown(), "and stays")
	check_equal(display.get_active_player(), -1, "no row is highlighted")
	check_equal((display.get_node("%ActiveLabel") as Label).text, "Game over", "the title")
	display.free()
	rules.free()


func test_draws_during_a_hold_are_shown_after_it_in_order() -> void:
	var rules := _rules(17, 3)
	var display := _display(rules, 0.05)
	var shown: Array[int] = []
	display.draw_shown.connect(func(player_id: int) -> void: shown.append(player_id))
	StarterGame.keep_all(rules)
	while rules.get_round() == 1:
		rules.pass_activation(rules.draw_next_token())
	var drawn: Array[int] = []
	for draw in 3:
		var player_id := rules.draw_next_token()
		drawn.append(player_id)
		rules.pass_activation(player_id)
	check(display.is_round_complete_shown(), "round 1's end is on screen")
	check_equal((display.get_node("%RoundLabel") as Label).text, "Round 1", "not round 2 yet")
	var before := shown.size()
	await get_tree().create_timer(0.2).timeout
	check_equal(shown.slice(before), drawn, "round 2's first draws, shown after the hold, in order")
	check_equal((display.get_node("%RoundLabel") as Label).text, "Round 2", "round 2 now")
	_check_against_bag(display, rules, "after the hold")
	display.free()
	rules.free()


func test_every_player_colour_is_readable_and_lettered() -> void:
	var rules := _rules(3, 8)
	var display := _display(rules, 0.0)
	StarterGame.keep_all(rules)
	rules.pass_activation(rules.draw_next_token())
	for seat in 8:
		var row: PanelContainer = display.get_node("%%Rows/Row%d" % seat)
		var background := (row.get_theme_stylebox("panel") as StyleBoxFlat).bg_color
		var name_label: Label = row.get_node("Line/Name")
		var ink := name_label.get_theme_color("font_color")
		var ratio := Contrast.ratio(ink, background)
		check(ratio >= 4.5, "seat %d's name has contrast %.2f" % [seat, ratio])
		var letter: Label = row.get_node("Line/Swatch/Letter")
		check_equal(letter.text, "ABCDEFGH"[seat], "seat %d's letter" % seat)
	display.free()
	rules.free()


func test_the_panel_keeps_its_width_through_a_game() -> void:
	var rules := _rules(5, 4)
	var display := _display(rules, 0.0)
	var widths := {}
	var measure := func() -> void: widths[display.get_combined_minimum_size().x] = true
	rules.token_drawn.connect(func(_player_id: int, _remaining: int) -> void: measure.call())
	rules.round_ended.connect(func(_round: int) -> void: measure.call())
	rules.game_over.connect(func(_winner: int) -> void: measure.call())
	_play_bots(rules)
	widths[display.get_combined_minimum_size().x] = true
	check_equal(widths.size(), 1, "one width throughout: %s" % [widths.keys()])
	display.free()
	rules.free()


func test_a_draw_sounds_shakes_the_bag_and_a_late_one_celebrates() -> void:
	var bag := CommandTokenBag.new()
	bag.set_seed(2)
	bag.add_player_tokens(0, 3)
	bag.add_player_tokens(1, 3)
	bag.shuffle()
	var display := _display(null, 0.0)
	display.draw_duration = 0.2
	display.token_bag = bag
	var effects := display.get_node("DrawEffects")
	var sound: AudioStreamPlayer = effects.get_node("DrawSound")
	var shown := [0]
	display.draw_shown.connect(func(_player_id: int) -> void: shown[0] += 1)
	bag.draw_token()
	# Started (the audio thread may not have marked it playing yet on a busy machine).
	check(sound.has_stream_playback(), "the draw sound plays")
	check(not effects.is_celebrating(), "an early draw is not celebrated")
	await get_tree().create_timer(0.04).timeout
	var bag_style := (display.get_node("%Bag") as Control).get_theme_stylebox("panel")
	check(absf((bag_style as StyleBoxFlat).skew.x) > 0.001, "the bag shakes")
	await display.draw_shown
	display.muted = true
	sound.stop()
	while bag.get_remaining_count() > 1:
		bag.draw_token()
		await display.draw_shown
	bag.draw_token()
	check(not sound.playing, "muted: no sound")
	check(effects.is_celebrating(), "the last token is celebrated")
	await display.draw_shown
	await get_tree().process_frame
	check_equal(shown[0], 6, "every draw shown")
	# The burst is drawn on its own: it went on falling over whatever replaced a hidden display.
	var burst: CPUParticles2D = effects.find_children("*", "CPUParticles2D", true, false)[0]
	effects.celebrate(display.get_node("%Rows").get_child(0), Color.RED)
	display.hide()
	await get_tree().process_frame
	check(not burst.visible, "a burst hides with its display")
	display.show()
	await get_tree().process_frame
	check(burst.visible and effects.is_celebrating(), "and shows with it again")
	display.free()


func test_a_burst_only_for_draws_shown_at_its_row_and_never_over_the_end() -> void:
	var bag := CommandTokenBag.new()
	bag.set_seed(3)
	bag.add_player_tokens(0, 2)
	bag.add_player_tokens(1, 2)
	bag.shuffle()
	var display := _display(null, 0.0)
	display.token_bag = bag
	var effects := display.get_node("DrawEffects")
	while bag.get_remaining_count() > 0:
		bag.draw_token()
	check(not effects.is_celebrating(), "draws shown at once (a fast-forward): no burst")
	display.free()
	# Rows made this very frame are laid out only at its end: the burst goes where they end up.
	bag.clear()
	bag.add_player_tokens(0, 1)
	bag.add_player_tokens(1, 1)
	bag.shuffle()
	display = _display(null, 0.0)
	display.draw_duration = 0.2
	display.token_bag = bag
	effects = display.get_node("DrawEffects")
	var owner := bag.draw_token().player_id
	check(effects.is_celebrating(), "one of the last tokens is celebrated")
	await get_tree().process_frame
	await get_tree().process_frame
	var row := display.get_node("%%Rows/Row%d" % owner) as Control
	var burst := effects.get_node("Burst") as Node2D
	check(
		burst.global_position.distance_to(row.get_global_rect().get_center()) < 1.0,
		"the burst at its row (%s), not %s" % [row.get_global_rect(), burst.global_position]
	)
	display.free()
	# The last token's burst does not play on over the winner's banner.
	var rules := StarterGame.rules(5, 2, {"round_limit": 1})
	StarterGame.keep_all(rules)
	display = _display(rules, 0.0)
	display.draw_duration = 0.05
	effects = display.get_node("DrawEffects")
	while rules.get_phase() != GameRules.PHASE_GAME_OVER:
		var player_id := rules.draw_next_token()
		await display.draw_shown
		rules.pass_activation(player_id)
	await get_tree().process_frame
	check(display.is_game_over_shown(), "the end is shown")
	check(not effects.is_celebrating(), "no burst over the game-over banner")
	display.free()
	rules.free()


func test_an_undone_bag_change_and_a_loaded_game_are_shown_as_they_are() -> void:
	var kinds := {
		"reinforce": {"effects": [{"effect": "add_tokens", "whose": "own", "count": 2}]},
		"sabotage": {"effects": [{"effect": "remove_tokens", "whose": "opponents", "count": 1}]},
	}
	var rules := StarterGame.rules(21, 3, {"action_kinds": kinds, "round_limit": 2})
	var display := _display(rules, 0.0)
	StarterGame.keep_all(rules)
	var early := rules.save_game()
	for kind: String in kinds:
		var player_id := rules.draw_next_token()
		rules.perform_action(player_id, {"type": "custom", "kind": kind})
		check_equal(DisplayCheck.problems(display, rules), PackedStringArray(), "after %s" % kind)
		check_equal(rules.undo_action(), OK, "%s undone" % kind)
		check_equal(DisplayCheck.problems(display, rules), PackedStringArray(), "undone: %s" % kind)
		check_equal(rules.pass_activation(player_id), OK, "a pass instead")
	check_equal(rules.load_game(early), OK, "an earlier save loaded")
	check_equal(DisplayCheck.problems(display, rules), PackedStringArray(), "the loaded game")
	rules.pass_activation(rules.draw_next_token())
	check_equal(DisplayCheck.problems(display, rules), PackedStringArray(), "and a draw after it")
	display.free()
	rules.free()


func test_a_display_far_behind_a_fast_game_catches_up() -> void:
	var rules := _rules(44, 4)
	var display := _display(rules, 0.5)
	display.draw_duration = 0.2
	_play_bots(rules)  # three rounds at once: 48 draws and three holds waiting
	check(not display.is_game_over_shown(), "the display is behind")
	await get_tree().create_timer(2.0).timeout  # ~11 s of flights and holds at full pace
	check(display.is_game_over_shown(), "it hurried through what waited and shows the end")
	display.free()
	rules.free()


func test_an_online_client_s_views_show_each_draw_the_round_end_and_the_game_over() -> void:
	var rules := _rules(52, 2)
	var display := _display(null, 0.0)
	var names := {0: "Ada", 1: "Brin"}
	var shown: Array[int] = []
	display.draw_shown.connect(func(player_id: int) -> void: shown.append(player_id))
	var drawn: Array[int] = []
	var rounds_seen := PackedStringArray()
	var round_label: Label = display.get_node("%RoundLabel")
	StarterGame.keep_all(rules)
	while rules.get_phase() != GameRules.PHASE_GAME_OVER:
		var snapshot := rules.get_snapshot_for(0)
		var over: bool = snapshot["phase"]["phase"] == "game_over"
		display.show_view(snapshot["round"], snapshot["bag"], names, over)
		if round_label.text not in rounds_seen:
			rounds_seen.append(round_label.text)
		if rules.get_phase() == GameRules.PHASE_AWAITING_DRAW:
			drawn.append(rules.draw_next_token())
			var view := rules.get_snapshot_for(0)
			display.show_view(view["round"], view["bag"], names)
			check_equal(display.get_remaining(), view["bag"]["remaining"], "the view's count")
		else:
			rules.pass_activation(rules.get_active_player())
	var last := rules.get_snapshot_for(0)
	display.show_view(last["round"], last["bag"], names, true, rules.get_winner())
	check_equal(shown, drawn, "every draw shown as a draw, in order")
	check_equal(rounds_seen, PackedStringArray(["Round 1", "Round 2", "Round 3"]), "each round")
	check(display.is_game_over_shown(), "the end")
	display.free()
	rules.free()


func test_a_malformed_view_is_refused_and_the_display_left_as_it_was() -> void:
	var display := _display(null, 0.0)
	var good := {
		"remaining": 2, "drawn": [], "players": [{"player": 0, "contributed": 2, "remaining": 2}]
	}
	display.show_view(1, good, {0: "Ada"})
	var bad_bags := {
		"bag.drawn holds": {"drawn": [5], "remaining": 1},
		"not an Array": {"drawn": "x", "players": [1]},
		"player's player": {"players": [{"player": "abc", "contributed": [], "remaining": null}]},
		"contributed is": {"players": [{"player": 0, "contributed": "2", "remaining": 2}]},
		"bag.remaining": {"remaining": "1", "drawn": [{"owner": 0}], "players": []},
		# A count no bag holds made the display add pips without end (the engine ran out of
		# memory); a kind that is not a String raised a script error.
		"contributed is 4611686018427387904":
		{"players": [{"player": 0, "contributed": 1 << 62, "remaining": 2}]},
		"more than a bag holds": {"players": _tallies(9)},
		"player 0 twice": {"players": _tallies(1) + _tallies(1)},
		"unknown kind 7": {"remaining": 1, "drawn": [{"owner": 0, "kind": 7}]},
		"bag.remaining is 1e+20": {"remaining": 1e20},
	}
	for fragment: String in bad_bags:
		expect_error(display.show_view.bind(2, bad_bags[fragment], {}), fragment)
		check_equal(display.get_remaining(), 2, "after %s: the count" % [bad_bags[fragment]])
		check_equal(
			(display.get_node("%RoundLabel") as Label).text,
			"Round 1",
			"after a bad view: the round"
		)
	var drawn := {
		"remaining": 1,
		"drawn": [{"owner": 0, "kind": "command"}],
		"players": [{"player": 0, "contributed": 2, "remaining": 1}],
	}
	display.show_view(1, drawn, {0: "Ada"})
	check_equal(display.get_remaining(), 1, "a good view after bad ones is shown as a draw")
	check_equal(display.get_active_player(), 0, "whose token")
	display.free()


func test_rows_line_up_whoever_put_in_more_tokens() -> void:
	var bag := CommandTokenBag.new()
	bag.set_seed(6)
	bag.add_player_tokens(0, 4)
	bag.add_player_tokens(1, 5)
	bag.add_player_tokens(2, 1)
	bag.shuffle()
	var display := _display(null, 0.0)
	display.token_bag = bag
	for frame in 3:
		await get_tree().process_frame
	var first := display.get_node("%Rows/Row0/Line") as Control
	for player_id in [1, 2]:
		var line := display.get_node("%%Rows/Row%d/Line" % player_id) as Control
		for part in ["Name", "Count", "Bar", "Chance"]:
			var at := (line.get_node(part) as Control).get_global_rect()
			var expected := (first.get_node(part) as Control).get_global_rect()
			check(
				(
					is_equal_approx(at.position.x, expected.position.x)
					and is_equal_approx(at.size.x, expected.size.x)
				),
				"row %d's %s at %s, row 0's at %s" % [player_id, part, at, expected]
			)
	display.free()


func test_no_burst_over_round_complete() -> void:
	var bag := CommandTokenBag.new()
	bag.set_seed(4)
	bag.add_player_tokens(0, 1)
	bag.add_player_tokens(1, 1)
	bag.shuffle()
	var display := _display(null, 1.0)
	display.draw_duration = 0.1
	display.token_bag = bag
	var effects := display.get_node("DrawEffects")
	bag.draw_token()
	await display.draw_shown
	bag.draw_token()
	check(effects.is_celebrating(), "the last token is celebrated in flight")
	await display.draw_shown
	await get_tree().process_frame
	check(display.is_round_complete_shown(), "Round Complete! once it has landed")
	check(not effects.is_celebrating(), "no burst over Round Complete!")
	display.free()


func test_views_faster_than_the_animations_keep_the_display_current() -> void:
	var rules := _rules(61, 3)
	var display := _display(null, 1.5)
	display.draw_duration = 0.5
	var names := {0: "Ada", 1: "Brin", 2: "Cy"}
	var shown: Array[int] = []
	display.draw_shown.connect(func(player_id: int) -> void: shown.append(player_id))
	StarterGame.keep_all(rules)
	var drawn: Array[int] = []
	var view := rules.get_snapshot_for(0)
	display.show_view(view["round"], view["bag"], names)
	var skip := true
	while rules.get_phase() != GameRules.PHASE_GAME_OVER:
		var player_id := rules.draw_next_token()
		drawn.append(player_id)
		# Every other draw comes without a view of its own (the next view shows two), but for a
		# round's last: the view after it is of the next round.
		skip = not skip and rules.get_bag().get_remaining_count() > 0
		if not skip:
			view = rules.get_snapshot_for(0)
		rules.pass_activation(player_id)
		if skip and rules.get_phase() != GameRules.PHASE_GAME_OVER:
			continue
		if rules.get_phase() == GameRules.PHASE_GAME_OVER:
			view = rules.get_snapshot_for(0)
		var over: bool = view["phase"]["phase"] == "game_over"
		display.show_view(view["round"], view["bag"], names, over, rules.get_winner())
		if over:
			break
		var round_label := (display.get_node("%RoundLabel") as Label).text
		var new_round: bool = round_label != "Round %d" % view["round"]
		# Never more behind than the changes it lets wait before it catches up (two draws a view).
		var behind: int = display.get_remaining() - view["bag"]["remaining"]
		check(
			behind <= 2 * display.catch_up_after or new_round,
			(
				"a view of round %d, %d left, shows %d left"
				% [view["round"], view["bag"]["remaining"], display.get_remaining()]
			)
		)
		await get_tree().process_frame
	check(display.is_game_over_shown(), "the end is shown as soon as its view arrives")
	check(display.is_caught_up(), "and nothing plays on after it")
	check_equal(shown, drawn, "every draw shown, in order, none skipped")
	display.free()
	rules.free()


func test_a_view_shown_from_a_draw_shown_handler_keeps_the_display_honest() -> void:
	# The landing flight's end ran after the handler's view had started the next flight: the
	# display said it had caught up with a token still in the air.
	var display := _display(null, 0.0)
	display.draw_duration = 0.1
	var names := {0: "Ada", 1: "Brin"}
	var shown: Array[int] = []
	var honest: Array[bool] = []
	var answered := [false]
	var view := func(owners: Array) -> Dictionary:
		var left := {0: 3, 1: 3}
		var drawn := []
		for owner_id: int in owners:
			drawn.append({"owner": owner_id})
			left[owner_id] -= 1
		var players := [
			{"player": 0, "contributed": 3, "remaining": left[0]},
			{"player": 1, "contributed": 3, "remaining": left[1]},
		]
		return {"remaining": left[0] + left[1], "drawn": drawn, "players": players}
	display.draw_shown.connect(
		func(player_id: int) -> void:
			shown.append(player_id)
			if not answered[0]:
				answered[0] = true
				display.show_view(1, view.call([0, 1]), names)
	)
	display.show_view(1, view.call([]), names)
	display.show_view(1, view.call([0]), names)
	var flyer := display.get_node("%Flyer") as Control
	while shown.size() < 2:
		await get_tree().process_frame
		honest.append(not (display.is_caught_up() and flyer.visible))
	check(honest.all(func(ok: bool) -> bool: return ok), "never caught up with a token in flight")
	check_equal(shown, [0, 1] as Array[int], "both draws shown, in order")
	check(display.is_caught_up() and not flyer.visible, "caught up once the last has landed")
	check_equal(display.get_active_player(), 1, "the last draw's player")
	display.free()


func _check_against_bag(display: TokenBagDisplay, rules: GameRules, what: String) -> void:
	var problems := DisplayCheck.problems(display, rules)
	check(problems.is_empty(), "%s: %s" % [what, problems])


func _display(rules: GameRules, hold: float) -> TokenBagDisplay:
	return DisplayCheck.make(self, rules, hold)


func _rules(seed_value: int, player_count: int) -> GameRules:
	var rules := StarterGame.rules(seed_value, player_count, {"round_limit": 3})
	check(rules.is_set_up(), "setup")
	return rules


func _play_bots(rules: GameRules) -> void:
	check_equal(StarterGame.play_bots(rules), OK, "bot actions")


## [param count] players' tallies as a view's bag holds them, 2 tokens each, none drawn.
func _tallies(count: int) -> Array:
	var tallies := []
	for player_id in count:
		tallies.append({"player": player_id, "contributed": 2, "remaining": 2})
	return tallies
