extends TestSuite
## TokenBagDisplay kept in step with the rules whatever changes them: rows rebuilt (a loaded game
## with other seats, compact mode switched), an elimination, a loaded game mid-activation under
## the mercy rule, a renamed player; the seat or initiative order as of the draw on screen, not
## the game's present one (handlers that act before the display: test_token_bag_display_handlers);
## a bare bag's tokens taken out or put in; the last token's faster
## pulse; text that fits the panel (long names, long status lines, a token line that keeps one
## line, a banner that never breaks a word) and a free-standing scene no taller than its
## contents; and caught_up, for views that keep in step with it, also after a refresh mid-flight.

const NAMES: Array[String] = ["Ada", "Brin", "Cato", "Dara"]


func test_the_share_bar_follows_the_bag_after_its_rows_are_rebuilt() -> void:
	var other := StarterGame.rules(5, 3)
	StarterGame.keep_all(other)
	var three_seats := other.save_game()
	other.free()
	var rules := StarterGame.rules(6, 4)
	var display := DisplayCheck.make(self, rules)
	StarterGame.keep_all(rules)
	_step(rules)
	check_equal(_share_problems(display, rules), PackedStringArray(), "four seats")
	check_equal(rules.load_game(three_seats), OK, "a three-seat save loaded")
	check_equal(_share_problems(display, rules), PackedStringArray(), "three seats loaded")
	await get_tree().process_frame
	_step(rules)
	check_equal(_share_problems(display, rules), PackedStringArray(), "a draw after the load")
	display.compact = true
	await get_tree().process_frame
	_step(rules)
	check_equal(_share_problems(display, rules), PackedStringArray(), "compact")
	check_equal(DisplayCheck.problems(display, rules), PackedStringArray(), "the rows")
	display.free()
	rules.free()


func test_an_elimination_gives_its_chances_to_the_others_at_once() -> void:
	var rules := StarterGame.rules(4, 4)
	var display := DisplayCheck.make(self, rules)
	StarterGame.keep_all(rules)
	for draw in 3:
		_step(rules)
	for player_id in [0, 2]:
		check_equal(rules.eliminate_player(player_id), OK, "player %d eliminated" % player_id)
		check_equal(
			DisplayCheck.problems(display, rules),
			PackedStringArray(),
			"player %d eliminated" % player_id
		)
	display.free()
	rules.free()


func test_a_loaded_game_shows_the_open_activation_and_who_waits() -> void:
	var rules := StarterGame.rules(11, 4, {"max_streak": 1})
	var display := DisplayCheck.make(self, rules)
	StarterGame.keep_all(rules)
	var active := rules.draw_next_token()
	var save := rules.save_game()
	rules.pass_activation(active)
	while rules.get_round() == 1:
		_step(rules)
	_step(rules)
	check_equal(rules.load_game(save), OK, "the save loaded")
	check_equal(display.get_active_player(), active, "the active player")
	var active_label: Label = display.get_node("%ActiveLabel")
	check_equal(active_label.text, "%s's token!" % _name(rules, active), "the status line")
	check_equal((display.get_node("%RoundLabel") as Label).text, "Round 1", "the round")
	var row: PanelContainer = display.get_node("%%Rows/Row%d" % active)
	var border := (row.get_theme_stylebox("panel") as StyleBoxFlat).border_width_left
	check(border > 0, "the active row is highlighted")
	check_equal(_waits_problems(display, rules), PackedStringArray(), "after the load")
	rules.pass_activation(active)
	while rules.get_round() == 1:
		var player_id := rules.draw_next_token()
		check_equal(_waits_problems(display, rules), PackedStringArray(), "a draw after it")
		rules.pass_activation(player_id)
	display.free()
	rules.free()


func test_the_bag_pulses_faster_for_the_last_token() -> void:
	var bag := CommandTokenBag.new()
	bag.set_seed(4)
	bag.add_player_tokens(0, 3)
	bag.add_player_tokens(1, 2)
	bag.shuffle()
	var display := DisplayCheck.make(self, null)
	display.token_bag = bag
	bag.draw_token()
	bag.draw_token()
	check_equal(display.get_remaining(), 3, "three tokens left: the bag pulses")
	await get_tree().create_timer(0.1).timeout
	bag.draw_token()
	bag.draw_token()
	check_equal(display.get_remaining(), 1, "the last token")
	# Half a cycle of 0.25 s (0.45 s before the last token): 1.5 s holds at least five turns
	# between brighter and darker, where the slower pulse has at most four.
	var turns := await _pulse_turns(display.get_node("%Bag"), 1.5)
	check(turns >= 5, "%d turns of the pulse in 1.5 s" % turns)
	display.free()


func test_a_renamed_player_is_shown_by_the_new_name() -> void:
	var rules := _named_rules(12, NAMES)
	var display := DisplayCheck.make(self, rules)
	StarterGame.keep_all(rules)
	var active := rules.draw_next_token()
	var other := (active + 1) % NAMES.size()
	check_equal(rules.rename_player(active, "Zed"), OK, "the active player renamed")
	check_equal(rules.rename_player(other, "Yve"), OK, "another player renamed")
	check_equal((display.get_node("%ActiveLabel") as Label).text, "Zed's token!", "status line")
	for renamed: Array in [[active, "Zed"], [other, "Yve"]]:
		var label: Label = display.get_node("%%Rows/Row%d/Line/Name" % renamed[0])
		check_equal(label.text, renamed[1], "player %d's row" % renamed[0])
	display.free()
	rules.free()


func test_names_use_the_row_s_width_and_end_in_an_ellipsis_when_cut() -> void:
	var names: Array[String] = [
		"Bartholomew Fitzgerald",
		"Maximilian Alexander Ferdinand von Habsburg-Lothringen the Great",
		"Ada",
	]
	var rules := _named_rules(3, names)
	var display := DisplayCheck.make(self, rules)
	display.size = Vector2(900, 0)
	StarterGame.keep_all(rules)
	await get_tree().process_frame
	await get_tree().process_frame
	for player_id in names.size():
		var label: Label = display.get_node("%%Rows/Row%d/Line/Name" % player_id)
		check(_shows_all(label) or _ends_in_ellipsis(label), "%s cut with no ellipsis" % label.text)
	var fitting: Label = display.get_node("%Rows/Row0/Line/Name")
	check(_shows_all(fitting), "%s fits a wide row: cut at %d px" % [fitting.text, fitting.size.x])
	check_equal(display.size.x, 900.0, "the panel keeps its width")
	display.free()
	rules.free()


func test_status_lines_in_a_side_panel_wrap_or_keep_the_whole_line_in_a_tooltip() -> void:
	# The hint wraps; whose token it is keeps one line, cut with an ellipsis where it must be and
	# whole in its tooltip (see test_the_token_line_keeps_one_line_whatever_the_name_or_the_token).
	var rules := StarterGame.rally_rules(NAMES.slice(0, 2), 2, 10)
	var display := DisplayCheck.make(self, rules, 10.0)
	display.compact = true
	StarterGame.keep_all(rules)
	await get_tree().process_frame
	var width := display.get_combined_minimum_size().x
	display.size = Vector2(width, 0)
	var active_label: Label = display.get_node("%ActiveLabel")
	var doubled := false
	for draw in 40:
		if rules.get_round() > 1:
			break
		var player_id := rules.draw_next_token()
		if rules.get_actions_left() == 2 and not doubled:
			doubled = true
			await get_tree().process_frame
			check(active_label.text.ends_with(TokenBagDisplay.DOUBLE_ACTION_TEXT), "double")
			check(
				_shows_all(active_label) or _ends_in_ellipsis(active_label),
				"the line cut with no ellipsis: %s" % active_label.text
			)
			check_equal(active_label.tooltip_text, active_label.text, "the whole line's tooltip")
		if rules.get_player_state(player_id)["hand_size"] > 0:
			rules.play_card_from_hand(player_id, 0, null)
		while rules.get_active_player() == player_id:
			rules.pass_activation(player_id)
	check(doubled, "a double action was drawn")
	await get_tree().process_frame
	var hint: Label = display.get_node("%HintLabel")
	check(display.is_round_complete_shown(), "the round's end is held")
	check(_shows_all(hint), "the whole line: %s" % hint.text)
	check_equal(display.size.x, width, "the panel's width")
	display.free()
	rules.free()


func test_caught_up_is_signalled_once_the_round_end_hold_is_over() -> void:
	var rules := StarterGame.rules(9, 3)
	var display := DisplayCheck.make(self, rules, 0.05)
	var round_label: Label = display.get_node("%RoundLabel")
	var seen := PackedStringArray()
	display.caught_up.connect(
		func() -> void:
			check(display.is_caught_up(), "caught up when it says so")
			seen.append(round_label.text)
	)
	StarterGame.keep_all(rules)
	var shown := PackedStringArray(["Before round 1", "Round 1"])
	check_equal(seen, shown, "once the players are shown at the start, once round 1 is")
	seen.clear()
	var draws := 0
	while rules.get_round() == 1:
		_step(rules)
		draws += 1
	check_equal(seen.size(), draws, "once for each draw shown at once")
	check(display.is_round_complete_shown(), "round 1's end is held")
	await get_tree().create_timer(0.2).timeout
	check_equal(seen.size(), draws + 1, "once more at the end of the hold")
	check_equal(seen[-1], "Round 2", "with round 2 on screen")
	display.refresh()
	check_equal(seen.size(), draws + 2, "and after refresh()")
	display.free()
	rules.free()


func test_the_order_shown_is_that_of_the_draw_on_screen() -> void:
	# Seat order: three draws made at once fly one after another; while each flies, the column
	# and the "Next:" strip show the order as of that draw, not as the game has it by then.
	var rules := _ordered_rules(3, GameRules.ORDER_SEATS, 3)
	var display := DisplayCheck.make(self, rules)
	display.draw_duration = 0.5
	StarterGame.keep_all(rules)
	var played := _draw_and_pass(rules, 3)
	await _check_flights(display, rules, played, "")
	await wait_until(display.is_caught_up, "the last draw shown")
	check_equal(_order_problems(display, rules, played[1][2]), PackedStringArray(), "caught up")
	display.free()
	rules.free()


func test_a_round_drawn_from_during_its_hold_shows_its_order_draw_by_draw() -> void:
	# Initiative order: round 2's first draws, made while round 1's "Round Complete!" is held,
	# each fly with round 2's order as of that draw.
	var rules := _ordered_rules(68, GameRules.ORDER_INITIATIVE, 4)
	var display := DisplayCheck.make(self, rules, 0.3)
	StarterGame.keep_all(rules)
	while rules.get_round() == 1:
		_step(rules)
	check(display.is_round_complete_shown(), "round 1's end is held")
	display.draw_duration = 0.5
	var played := _draw_and_pass(rules, 2)
	check(played[1][0] != played[1][1], "the order changes from one draw to the next")
	await wait_until(func() -> bool: return not display.is_round_complete_shown(), "the hold")
	await _check_flights(display, rules, played, "round 2's ")
	display.free()
	rules.free()


func test_a_bare_bag_shows_tokens_taken_out_and_put_in_as_they_go() -> void:
	var bag := CommandTokenBag.new()
	bag.set_seed(4)
	for player_id in [1, 2, 3]:
		bag.add_player_tokens(player_id, 3)
	bag.shuffle()
	var display := DisplayCheck.make(self, null)
	display.token_bag = bag
	bag.draw_token()
	bag.draw_token()
	check(bag.remove_player_tokens(2) > 0, "player 2's tokens taken out")
	check_equal(DisplayCheck.bag_problems(display, bag), PackedStringArray(), "after the removal")
	check_equal(bag.add_player_tokens(1, 2), OK, "two more tokens mid-round")
	check_equal(DisplayCheck.bag_problems(display, bag), PackedStringArray(), "after the addition")
	while not bag.is_empty():
		bag.draw_token()
		check_equal(
			DisplayCheck.bag_problems(display, bag), PackedStringArray(), "a draw after them"
		)
	check(display.is_round_complete_shown(), "Round Complete! once the bag is empty")
	# The next round as the README has it: the bag cleared and filled, then refresh().
	bag.clear()
	bag.add_player_tokens(1, 2)
	bag.add_player_tokens(3, 4)
	bag.shuffle()
	check_equal(DisplayCheck.bag_problems(display, bag), PackedStringArray(), "the refilled bag")
	display.refresh()
	check_equal(
		DisplayCheck.bag_problems(display, bag), PackedStringArray(), "refreshed: no double count"
	)
	bag.draw_token()
	check_equal(
		DisplayCheck.bag_problems(display, bag), PackedStringArray(), "the new round's first draw"
	)
	display.token_bag = null
	check(bag.bag_changed.get_connections().is_empty(), "a display given no bag lets go")
	display.token_bag = bag
	display.free()
	check(bag.bag_changed.get_connections().is_empty(), "a freed display lets go")


func test_a_bare_bag_drawn_from_by_a_handler_of_its_changes_is_counted_once() -> void:
	# A game that starts the round from bag_changed (its handler connected before the display's)
	# draws before the display hears of the change: the display read the bag then, already short
	# of that draw, and took the draw off again when its token_drawn came (found by a review).
	var bag := CommandTokenBag.new()
	bag.set_seed(6)
	var start_round := func(_player_id: int, _change: int) -> void:
		if bag.get_remaining_count() == 8 and bag.get_drawn_history().is_empty():
			bag.draw_token()
	bag.bag_changed.connect(start_round)
	var display := DisplayCheck.make(self, null)
	display.token_bag = bag
	for round_number in 2:
		bag.add_player_tokens(1, 4)
		bag.add_player_tokens(2, 4)
		check_equal(bag.get_remaining_count(), 7, "round %d: the handler drew" % round_number)
		check_equal(
			DisplayCheck.bag_problems(display, bag), PackedStringArray(), "after the handler's draw"
		)
		while not bag.is_empty():
			bag.draw_token()
			check_equal(DisplayCheck.bag_problems(display, bag), PackedStringArray(), "a draw")
		bag.clear()
	bag.bag_changed.disconnect(start_round)
	display.free()


func test_a_free_standing_scene_sizes_itself_as_a_bare_display_does() -> void:
	var rules := StarterGame.rules(13, 4)
	StarterGame.keep_all(rules)
	var scene := DisplayCheck.make(self, null)
	scene.position = Vector2(20, 20)
	scene.rules = rules
	var bare := TokenBagDisplay.new()
	add_child(bare)
	bare.position = Vector2(540, 20)
	bare.rules = rules
	for frame in 3:
		await get_tree().process_frame
	check_equal(scene.size, bare.size, "the scene's size, as a bare display's")
	check_equal(scene.size, scene.get_combined_minimum_size(), "no taller than its contents")
	scene.free()
	bare.free()
	rules.free()


func test_the_token_line_keeps_one_line_whatever_the_name_or_the_token() -> void:
	# A long name or a double action's token must not wrap the line: the rows below would jump
	# up and down from one draw to the next.
	var rules := StarterGame.rally_rules(
		["Bartholomew-Maximilian Wolfeschlegelsteinhausenbergerdorff Sr.", "Ada"]
	)
	var display := DisplayCheck.make(self, rules, 10.0)
	StarterGame.keep_all(rules)
	var active_label: Label = display.get_node("%ActiveLabel")
	var rows: Control = display.get_node("%Rows")
	await get_tree().process_frame
	var first_y := rows.global_position.y
	var seen := {}
	while rules.get_phase() != GameRules.PHASE_GAME_OVER:
		var player_id := rules.draw_next_token()
		seen[player_id] = true
		if rules.get_actions_left() == 2:
			seen["double"] = true
		await get_tree().process_frame
		await get_tree().process_frame
		var what := "after %s" % active_label.text
		check_equal(active_label.get_line_count(), 1, what)
		check_equal(rows.global_position.y, first_y, "the rows stay put %s" % what)
		check_equal(active_label.tooltip_text, active_label.text, "the tooltip " + what)
		check(_shows_all(active_label) or _ends_in_ellipsis(active_label), "cut: %s" % what)
		StarterGame.finish_activation(rules, player_id)
	check(seen.has(0) and seen.has(1) and seen.has("double"), "every kind of line: %s" % seen)
	display.free()
	rules.free()


func test_the_game_over_banner_never_breaks_a_name_inside_a_word() -> void:
	var long_name := "Wolfeschlegelsteinhausenbergerdorffvorsteinhausen"
	var rules := GameRules.new()
	rules.randomize_seed = false
	rules.seed = 4
	var players := StarterGame.players(2, PackedStringArray([long_name, "Ada"]))
	check_equal(rules.setup(players, StarterGame.config({"round_limit": 2})), OK, "setup")
	var display := DisplayCheck.make(self, rules)
	check_equal(StarterGame.play_bots(rules), OK, "bots")
	check_equal(rules.get_winner(), 0, "the long-named player wins")
	await get_tree().process_frame
	await get_tree().process_frame
	check(display.is_game_over_shown(), "the end is shown")
	var full := "Game over: %s wins!" % long_name
	# The banner, and the line under "Game over" that names the winner too.
	for shown: Array in [["%Banner", full], ["%HintLabel", full.trim_prefix("Game over: ")]]:
		var label: Label = display.get_node(shown[0])
		check(
			label.text == shown[1] or label.tooltip_text == shown[1],
			"%s: the whole line: %s" % [shown[0], label.text]
		)
		var font := label.get_theme_font("font")
		var font_size := label.get_theme_font_size("font_size")
		for word in label.text.split(" "):
			var width := font.get_string_size(word, HORIZONTAL_ALIGNMENT_LEFT, -1, font_size).x
			check(width <= label.size.x, "%s: %d px on %d" % [word, width, label.size.x])
		check(label.autowrap_mode != TextServer.AUTOWRAP_WORD_SMART, "no word broken to fit")
	display.free()
	rules.free()


func test_a_refresh_in_flight_stops_that_flight_for_good() -> void:
	# refresh() mid-flight shows the bag at once; the old flight must not land later, under the
	# flight of the next draw, and let the display say it caught up before that one lands.
	var bag := CommandTokenBag.new()
	bag.set_seed(8)
	bag.add_player_tokens(0, 2)
	bag.add_player_tokens(1, 2)
	bag.shuffle()
	var display := DisplayCheck.make(self, null)
	display.token_bag = bag
	display.draw_duration = 2.0
	var shown: Array[int] = []
	display.draw_shown.connect(shown.append)
	bag.draw_token()
	await get_tree().create_timer(0.5).timeout
	display.refresh()
	check(display.is_caught_up(), "caught up at once")
	var second := bag.draw_token().player_id
	await get_tree().create_timer(1.7).timeout
	check_equal(shown, [], "the first flight, stopped, never landed")
	check(not display.is_caught_up(), "the second token is still flying")
	await get_tree().create_timer(0.8).timeout
	check_equal(shown, [second], "the second landed")
	check(display.is_caught_up(), "and the display caught up")
	display.free()


func test_new_player_colours_colour_the_rows_at_once() -> void:
	var rules := StarterGame.rules(4, 3)
	var display := DisplayCheck.make(self, rules)
	StarterGame.keep_all(rules)
	var colours: Array[Color] = [Color.RED, Color.GREEN, Color.BLUE]
	display.player_colors = colours
	for seat in 3:
		var swatch := (
			display.get_node("%%Rows/Row%d" % seat).find_child("Swatch", true, false) as ColorRect
		)
		check_equal(swatch.color, colours[seat], "seat %d's swatch" % seat)
	display.free()
	rules.free()


func test_the_next_round_s_first_views_wait_for_round_complete() -> void:
	# An online client gets the next round's start and first draw right after the round's last
	# draw: they ended "Round Complete!" in the frame it appeared.
	var rules := StarterGame.rules(53, 2, {"round_limit": 3})
	var display := DisplayCheck.make(self, null, 1.0)
	display.draw_duration = 0.0
	StarterGame.keep_all(rules)
	var send := func() -> void:
		var view := rules.get_snapshot_for(0)
		display.show_view(view["round"], view["bag"], {0: "Ada", 1: "Brin"})
	send.call()
	while rules.get_round() == 1:
		rules.pass_activation(rules.draw_next_token())
		send.call()
	rules.draw_next_token()
	send.call()
	check(display.is_round_complete_shown(), "round 1 complete, round 2 waiting")
	for frame in 10:
		await get_tree().process_frame
	check(display.is_round_complete_shown(), "still held ten frames on")
	check(not display.is_caught_up(), "round 2's views wait")
	await wait_until(display.is_caught_up, "round 2 shown after the hold")
	check_equal(display.get_remaining(), rules.get_bag().get_remaining_count(), "then round 2")
	display.free()
	rules.free()


func _step(rules: GameRules) -> void:
	rules.pass_activation(rules.draw_next_token())


func _name(rules: GameRules, player_id: int) -> String:
	return rules.get_player_state(player_id)["name"]


func _named_rules(seed_value: int, names: Array[String]) -> GameRules:
	var rules := GameRules.new()
	rules.randomize_seed = false
	rules.seed = seed_value
	var players := StarterGame.players(names.size(), PackedStringArray(names))
	check_equal(rules.setup(players, StarterGame.config()), OK, "setup")
	return rules


# What the colour share bar shows differently from the bag: a segment per seat, in seat order
# and colour, as wide as their tokens left (shown only while they have some).
func _share_problems(display: TokenBagDisplay, rules: GameRules) -> PackedStringArray:
	var found := PackedStringArray()
	var segments: Array[Node] = display.get_node("%ShareBar").get_children()
	segments = segments.filter(func(node: Node) -> bool: return not node.is_queued_for_deletion())
	var player_ids := rules.get_player_ids()
	if segments.size() != player_ids.size():
		return PackedStringArray(
			["%d segments for %d seats" % [segments.size(), player_ids.size()]]
		)
	var bag := rules.get_bag()
	for seat in player_ids.size():
		var segment := segments[seat] as ColorRect
		var left := bag.get_player_remaining_count(player_ids[seat])
		var color := display.player_colors[seat % display.player_colors.size()]
		if segment.color != color or segment.visible != (left > 0):
			found.append("seat %d's segment: %s, shown %s" % [seat, segment.color, segment.visible])
		if left > 0 and segment.size_flags_stretch_ratio != left:
			found.append(
				(
					"seat %d's segment: %.1f for %d tokens"
					% [seat, segment.size_flags_stretch_ratio, left]
				)
			)
	return found


# The rows that say "waits" and the player the mercy rule passes over, where they differ.
func _waits_problems(display: TokenBagDisplay, rules: GameRules) -> PackedStringArray:
	var found := PackedStringArray()
	var capped := rules.get_capped_player()
	for player_id in rules.get_player_ids():
		var chance: Label = display.get_node("%%Rows/Row%d/Line/Chance" % player_id)
		if (chance.text == TokenBagDisplay.CAPPED_TEXT) != (player_id == capped):
			found.append("player %d shows %s; capped: %d" % [player_id, chance.text, capped])
	return found


# Whether [param label] shows its whole text: on one line as wide as the label, or wrapped with
# every line shown.
func _shows_all(label: Label) -> bool:
	if label.autowrap_mode != TextServer.AUTOWRAP_OFF:
		return label.get_visible_line_count() >= label.get_line_count()
	var font := label.get_theme_font("font")
	var font_size := label.get_theme_font_size("font_size")
	var width := font.get_string_size(label.text, HORIZONTAL_ALIGNMENT_LEFT, -1, font_size).x
	return width <= label.size.x


func _ends_in_ellipsis(label: Label) -> bool:
	var trims := [TextServer.OVERRUN_TRIM_ELLIPSIS]
	# Godot 4.5+: the ellipsis even where few characters are left (player rows use it there).
	if ClassDB.class_has_integer_constant("TextServer", "OVERRUN_TRIM_ELLIPSIS_FORCE"):
		trims.append(
			ClassDB.class_get_integer_constant("TextServer", "OVERRUN_TRIM_ELLIPSIS_FORCE")
		)
	return label.text_overrun_behavior in trims


# How often [param node]'s brightness turns from rising to falling or back in [param seconds].
func _pulse_turns(node: CanvasItem, seconds: float) -> int:
	var turns := 0
	var direction := 0
	var last := node.modulate.r
	var until := Time.get_ticks_msec() + int(seconds * 1000.0)
	while Time.get_ticks_msec() < until:
		await get_tree().process_frame
		var now := node.modulate.r
		if now != last:
			var moving := 1 if now > last else -1
			if direction != 0 and moving != direction:
				turns += 1
			direction = moving
		last = now
	return turns


# A game in [param order] of [param count] players named from NAMES, three rounds long.
func _ordered_rules(seed_value: int, order: int, count: int) -> GameRules:
	var rules := GameRules.new()
	rules.randomize_seed = false
	rules.seed = seed_value
	rules.activation_order = order
	var players := StarterGame.players(count, PackedStringArray(NAMES))
	check_equal(rules.setup(players, StarterGame.config({"round_limit": 3})), OK, "setup")
	return rules


# Where [param display]'s order column and "Next:" strip differ from [param upcoming].
func _order_problems(
	display: TokenBagDisplay, rules: GameRules, upcoming: PackedInt64Array
) -> PackedStringArray:
	var found := ChanceColumn.problems(display, rules.get_bag(), upcoming)
	var names := PackedStringArray()
	for player_id in upcoming.slice(0, 3):
		names.append(_name(rules, player_id))
	var hint := (display.get_node("%HintLabel") as Label).text
	if hint != "Next: %s" % " → ".join(names):
		found.append("the strip says %s, not Next: %s" % [hint, " → ".join(names)])
	return found


## Draws [param count] tokens, each passed at once, as a game ahead of its display does:
## [code][the players drawn, the rules' upcoming order after each][/code].
func _draw_and_pass(rules: GameRules, count: int) -> Array:
	var drawn: Array[int] = []
	var orders: Array[PackedInt64Array] = []
	for draw in count:
		drawn.append(rules.draw_next_token())
		rules.pass_activation(drawn[-1])
		orders.append(rules.get_upcoming_players(100))
	return [drawn, orders]


## Follows the flights of the draws [param played] (see [method _draw_and_pass]) and checks that
## while each flies the display shows its player and the order as of that draw.
func _check_flights(
	display: TokenBagDisplay, rules: GameRules, played: Array, what: String
) -> void:
	var drawn: Array[int] = played[0]
	var orders: Array[PackedInt64Array] = played[1]
	for draw in drawn.size():
		if draw > 0:
			await display.draw_shown
			await get_tree().process_frame
		check_equal(display.get_active_player(), drawn[draw], "draw %d in flight" % (draw + 1))
		check_equal(
			_order_problems(display, rules, orders[draw]),
			PackedStringArray(),
			"while %sdraw %d flies" % [what, draw + 1]
		)
