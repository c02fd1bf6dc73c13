extends TestSuite
## TokenBagDisplay regressions: an online client's views that change the bag without a draw
## (effects, a reserve, a double action granted, an elimination), double-action tokens whatever
## the handlers before the display do, an eliminated active player, a bag emptied by an effect,
## the end of a game mid-round, views no bag could hold or given to a display that follows a
## game, the pips of players with more than six tokens, and the order of seat or initiative
## order and the mercy rule, which an online client's views tell.

const NAMES := {0: "Ada", 1: "Brin", 2: "Cato"}
const KINDS := {
	"surge": {"effects": [{"effect": "add_tokens", "whose": "own", "count": 2}]},
	"sabotage": {"effects": [{"effect": "remove_tokens", "whose": "opponents", "count": 1}]},
	"wipe": {"effects": [{"effect": "remove_tokens", "whose": "opponents", "count": 10}]},
	"haste": {"effects": [{"effect": "grant_double_action", "this_round": true}]},
	"noop": {"effects": [{"effect": "gain_resources", "amount": 1}]},
}


func test_views_show_tokens_that_effects_add_and_take_without_a_draw() -> void:
	var rules := _rules(21)
	var display := DisplayCheck.make(self, null)
	var shown: Array[int] = []
	display.draw_shown.connect(shown.append)
	StarterGame.keep_all(rules)
	_send(display, rules)
	var drawn: Array[int] = []
	for kind: String in ["surge", "sabotage"]:
		var player_id := rules.draw_next_token()
		drawn.append(player_id)
		_send(display, rules)
		check_equal(rules.perform_action(player_id, _custom(kind)), OK, kind)
		_send(display, rules)
		_check_view(display, rules, "after %s" % kind)
		check_equal(display.get_active_player(), player_id, "after %s: whose token" % kind)
	check_equal(shown, drawn, "only the draws are shown as draws")
	display.free()
	rules.free()


func test_views_show_a_reserve_a_double_action_granted_and_an_elimination() -> void:
	var rules := _rules(22)
	var display := DisplayCheck.make(self, null)
	StarterGame.keep_all(rules)
	_send(display, rules)
	check_equal(rules.commit_reserve(1), OK, "a reserve token before the first draw")
	_send(display, rules)
	_check_view(display, rules, "the reserve")
	var player_id := rules.draw_next_token()
	_send(display, rules)
	check_equal(rules.perform_action(player_id, _custom("haste")), OK, "haste")
	_send(display, rules)
	_check_view(display, rules, "a double-action token granted this round")
	check_equal(rules.eliminate_player((player_id + 1) % 3), OK, "an elimination")
	_send(display, rules)
	_check_view(display, rules, "an elimination")
	display.free()
	rules.free()


func test_a_view_with_a_draw_and_a_change_flies_the_draw_once_then_shows_the_counts() -> void:
	var rules := _rules(23)
	var display := DisplayCheck.make(self, null)
	display.draw_duration = 0.2
	var shown: Array[int] = []
	display.draw_shown.connect(shown.append)
	StarterGame.keep_all(rules)
	_send(display, rules)
	var player_id := rules.draw_next_token()
	check_equal(rules.perform_action(player_id, _custom("surge")), OK, "surge")
	_send(display, rules)
	check(not display.is_caught_up(), "the draw flies")
	check_equal(_rows_left(display), display.get_remaining(), "in flight: the rows and the bag")
	await wait_until(display.is_caught_up, "the token to land")
	check_equal(shown, [player_id] as Array[int], "one flight, of the draw")
	check_equal(display.get_active_player(), player_id, "whose token")
	_check_view(display, rules, "once landed")
	display.free()
	rules.free()


func test_a_double_action_shows_though_an_earlier_handler_took_its_first_action() -> void:
	var rules := _rules(24)
	# A bot connected before the display, which acts at once.
	rules.token_drawn.connect(
		func(player_id: int, _remaining: int) -> void:
			if rules.get_actions_left() == 2:
				rules.perform_action(player_id, _custom("noop"))
	)
	var display := DisplayCheck.make(self, rules)
	var label: Label = display.get_node("%ActiveLabel")
	StarterGame.keep_all(rules)
	var player_id := rules.draw_next_token()
	check_equal(rules.perform_action(player_id, _custom("haste")), OK, "haste")
	var doubles := 0
	while rules.get_round() == 1:
		player_id = rules.draw_next_token()
		var double := _last_drawn_is_double(rules)
		doubles += 1 if double else 0
		var says_double := label.text.ends_with(TokenBagDisplay.DOUBLE_ACTION_TEXT)
		check_equal(
			says_double, double, "'%s' for a double-action token: %s" % [label.text, double]
		)
		if rules.get_active_player() == player_id:
			rules.pass_activation(player_id)
	check_equal(doubles, 1, "the double-action token drawn")
	display.free()
	rules.free()


func test_a_double_action_still_shows_after_its_first_action_and_a_refresh() -> void:
	var rules := _rules(25)
	var display := DisplayCheck.make(self, rules)
	var label: Label = display.get_node("%ActiveLabel")
	StarterGame.keep_all(rules)
	var player_id := rules.draw_next_token()
	check_equal(rules.perform_action(player_id, _custom("haste")), OK, "haste")
	while rules.get_round() == 1:
		player_id = rules.draw_next_token()
		if _last_drawn_is_double(rules):
			break
		rules.pass_activation(player_id)
	check_equal(rules.get_actions_left(), 2, "the double-action token drawn")
	check_equal(rules.perform_action(player_id, _custom("noop")), OK, "its first action")
	display.refresh()
	check(
		label.text.ends_with(TokenBagDisplay.DOUBLE_ACTION_TEXT), "after a refresh: " + label.text
	)
	display.free()
	rules.free()


func test_an_eliminated_active_player_no_longer_looks_active_and_their_row_says_out() -> void:
	var rules := _rules(26)
	var display := DisplayCheck.make(self, rules)
	StarterGame.keep_all(rules)
	var player_id := rules.draw_next_token()
	check_equal(rules.eliminate_player(player_id), OK, "the active player eliminated")
	check_equal(rules.get_active_player(), GameRules.NO_PLAYER, "nobody acts in the rules")
	check_equal(display.get_active_player(), -1, "nor on the display")
	var label: Label = display.get_node("%ActiveLabel")
	check(not label.text.contains(NAMES[player_id]), "the status line: " + label.text)
	var row: PanelContainer = display.get_node("%%Rows/Row%d" % player_id)
	var border := (row.get_theme_stylebox("panel") as StyleBoxFlat).border_width_left
	check_equal(border, 0, "the eliminated player's row is not highlighted")
	var row_name: Label = row.get_node("Line/Name")
	# Before the name: after it, a long name's "…" cut it off, and the row looked alive.
	check(row_name.text.begins_with(TokenBagDisplay.OUT_TEXT), "their row: " + row_name.text)
	check_equal(row_name.tooltip_text, row_name.text, "the whole name in the tooltip")
	while rules.get_round() == 1:
		rules.pass_activation(rules.draw_next_token())
	check(row_name.text.contains(TokenBagDisplay.OUT_TEXT), "next round: " + row_name.text)
	check_equal(DisplayCheck.problems(display, rules), PackedStringArray(), "the counts")
	display.free()
	rules.free()


func test_a_bag_emptied_by_an_effect_does_not_say_every_token_was_drawn() -> void:
	var rules := _rules(27, {"command_tiers": [{"tokens": 1}]})
	var display := DisplayCheck.make(self, rules, 10.0)
	var viewer := DisplayCheck.make(self, null, 10.0)
	StarterGame.keep_all(rules)
	_send(viewer, rules)
	var player_id := rules.draw_next_token()
	_send(viewer, rules)
	check_equal(rules.perform_action(player_id, _custom("wipe")), OK, "the others' tokens removed")
	_send(viewer, rules)
	check_equal(rules.get_round(), 2, "the emptied bag ended the round")
	for shown: TokenBagDisplay in [display, viewer]:
		var texts := _status(shown)
		check(shown.is_round_complete_shown(), "Round Complete! for the emptied bag")
		check(not texts.contains("All tokens drawn"), "a token was taken out: " + texts)
		check(not texts.contains("Every player has acted"), "not everyone acted: " + texts)
	display.refresh()
	while rules.get_round() == 2:
		rules.pass_activation(rules.draw_next_token())
	var texts := _status(display)
	check(texts.contains("All tokens drawn"), "every token drawn: " + texts)
	display.free()
	viewer.free()
	rules.free()


func test_the_bag_stops_pulsing_once_the_game_is_over_mid_round() -> void:
	var rules := _rules(28, {"command_tiers": [{"tokens": 3}]})
	var display := DisplayCheck.make(self, rules)
	var bag: Control = display.get_node("%Bag")
	StarterGame.keep_all(rules)
	var player_id := rules.draw_next_token()
	for other in [(player_id + 1) % 3, (player_id + 2) % 3]:
		rules.eliminate_player(other)
	check(display.is_game_over_shown(), "the game is over")
	check(
		display.get_remaining() in [1, 2, 3], "with few tokens left: %d" % display.get_remaining()
	)
	var colours: Array[Color] = []
	for frame in 20:
		await get_tree().process_frame
		if bag.modulate not in colours:
			colours.append(bag.modulate)
	check_equal(colours, [Color.WHITE] as Array[Color], "the bag's colours after the game's end")
	display.free()
	rules.free()


func test_views_no_bag_could_hold_are_refused_naming_what_is_wrong() -> void:
	var display := DisplayCheck.make(self, null)
	display.show_view(1, _bag_view(3, 3, []), NAMES)
	var command := {"owner": 0, "kind": "command"}
	var bad_views := {
		"bag.remaining is 5": _with(_bag_view(3, 3, []), "remaining", 5),
		"3 tokens left of 2": _with(_bag_view(3, 3, []), "players", _tallies(2, 2, 3)),
		"player 9": _bag_view(2, 3, [{"owner": 9, "kind": "command"}]),
		"kind 1": _bag_view(2, 3, [command, {"owner": 1, "kind": 1}]),
		'kind "triple_action"': _bag_view(2, 3, [{"owner": 0, "kind": "triple_action"}]),
		# Named by type and size: the engine will not write out one nested 10 000 deep.
		"bag.upcoming names Array of 1": _with(_bag_view(3, 3, []), "upcoming", [_deep()]),
		# More drawn and left than put in (a draw from an empty bag among them): accepted, and
		# "Ada's token!" shown.
		"more of player 0's tokens": _bag_view(1, 3, [command, command, command]),
		"more of player 1's tokens": _bag_view(0, 0, _drawn([0, 0, 0, 1, 1, 1, 1])),
		"bag.max_streak is Array of 1": _with(_bag_view(3, 3, []), "max_streak", _deep()),
	}
	for fragment: String in bad_views:
		expect_error(display.show_view.bind(1, bad_views[fragment], NAMES), fragment)
		check_equal(display.get_remaining(), 6, "after %s: the count" % fragment)
		check_equal(display.get_active_player(), -1, "after %s: no draw" % fragment)
	display.show_view(1, _bag_view(2, 3, [{"owner": 0, "kind": "double_action"}]), NAMES)
	check_equal(display.get_remaining(), 5, "a good view after the bad ones")
	var label: Label = display.get_node("%ActiveLabel")
	check(label.text.ends_with(TokenBagDisplay.DOUBLE_ACTION_TEXT), "its kind: " + label.text)
	display.free()


func test_a_view_shown_again_from_its_own_draw_shown_handler_is_shown_once() -> void:
	var display := DisplayCheck.make(self, null)
	display.show_view(1, _bag_view(3, 3, []), NAMES)
	var view := _bag_view(2, 3, [{"owner": 0, "kind": "command"}])
	var shown: Array[int] = []
	display.draw_shown.connect(
		func(player_id: int) -> void:
			shown.append(player_id)
			display.show_view(1, view, NAMES)
	)
	display.show_view(1, view, NAMES)
	check_equal(shown, [0] as Array[int], "one draw shown")
	check(display.is_caught_up(), "caught up")
	check_equal(display.get_remaining(), 5, "the count")
	display.free()
	# A handler that shows a newer view, while the view it interrupts changes more than its draw
	# (the mercy rule off): the newer view is the last word.
	display = DisplayCheck.make(self, null)
	display.show_view(1, _with(_bag_view(3, 3, []), "max_streak", 1), NAMES)
	var newer := _bag_view(1, 3, [{"owner": 0, "kind": "command"}, {"owner": 0, "kind": "command"}])
	display.draw_shown.connect(func(_player_id: int) -> void: display.show_view(1, newer, NAMES))
	display.show_view(1, view, NAMES)
	check(display.is_caught_up(), "caught up with the newer view")
	check_equal(display.get_remaining(), 4, "the newer view's count")
	display.free()


func test_show_view_is_refused_on_a_display_that_follows_rules_or_a_bag() -> void:
	var rules := _rules(29)
	var display := DisplayCheck.make(self, rules)
	StarterGame.keep_all(rules)
	rules.draw_next_token()
	var view := {"remaining": 1, "players": _tallies(1, 1), "drawn": []}
	expect_error(display.show_view.bind(5, view, {0: "Zed"}), "follows its rules")
	check_equal(DisplayCheck.problems(display, rules), PackedStringArray(), "the rules' bag")
	check_equal((display.get_node("%RoundLabel") as Label).text, "Round 1", "the round")
	display.rules = null
	var bag := CommandTokenBag.new()
	bag.add_player_tokens(0, 2)
	bag.add_player_tokens(1, 2)
	display.token_bag = bag
	expect_error(display.show_view.bind(5, view, {0: "Zed"}), "follows its token_bag")
	check_equal(display.get_remaining(), 4, "the bag's count")
	display.free()
	rules.free()


func test_the_panel_keeps_its_width_and_every_row_its_pips_past_six_tokens() -> void:
	var display := DisplayCheck.make(self, null)
	var widths: Array[float] = []
	for tokens in [4, 6, 9]:
		var view := {"remaining": 2 * tokens, "players": _tallies(2, tokens), "drawn": []}
		display.show_view(tokens, view, NAMES)
		await get_tree().process_frame
		await get_tree().process_frame
		widths.append(display.get_combined_minimum_size().x)
		for player_id in 2:
			var pips := display.get_node("%%Rows/Row%d/Line/Pips" % player_id).get_children()
			var shown := pips.filter(
				func(pip: Node) -> bool: return pip is ColorRect and pip.visible
			)
			check(not shown.is_empty(), "%d tokens: row %d shows pips" % [tokens, player_id])
	check_equal(widths, [widths[0], widths[0], widths[0]] as Array[float], "the panel's widths")
	display.free()


func test_views_show_the_order_of_seats_and_initiative() -> void:
	for order in ["seats", "initiative"]:
		# Effects that add or take tokens are a rule of bag order: none here.
		var rules := GameRules.new()
		rules.randomize_seed = false
		var players := StarterGame.players(3, PackedStringArray(NAMES.values()))
		var config := StarterGame.config({"activation_order": order})
		check_equal(rules.setup(players, config), OK, "setup")
		var display := DisplayCheck.make(self, null)
		StarterGame.keep_all(rules)
		_send(display, rules)
		while rules.get_round() == 1:
			var upcoming := rules.get_upcoming_players(rules.get_bag().get_remaining_count())
			var found := ChanceColumn.problems(display, rules.get_bag(), upcoming)
			check_equal(found, PackedStringArray(), "%s: the views' order" % order)
			if upcoming.size() > 3:
				check(_status(display).contains("Next: "), "%s: %s" % [order, _status(display)])
			var player_id := rules.draw_next_token()
			_send(display, rules)
			check_equal(rules.pass_activation(player_id), OK, "pass")
			_send(display, rules)
		display.free()
		rules.free()


func test_views_show_the_mercy_rule() -> void:
	var rules := _rules(26, {"max_streak": 1})
	var display := DisplayCheck.make(self, null)
	StarterGame.keep_all(rules)
	_send(display, rules)
	var capped_shown := 0
	while rules.get_round() == 1:
		var player_id := rules.draw_next_token()
		_send(display, rules)
		var capped := rules.get_capped_player()
		for id: int in NAMES:
			var chance := display.get_node("%%Rows/Row%d/Line/Chance" % id) as Label
			var waits := chance.text == TokenBagDisplay.CAPPED_TEXT
			check_equal(waits, id == capped, "player %d's chance %s" % [id, chance.text])
			capped_shown += 1 if waits else 0
		check_equal(rules.pass_activation(player_id), OK, "pass")
		_send(display, rules)
	check(capped_shown > 3, "the mercy rule showed %d times" % capped_shown)
	display.free()
	rules.free()


func test_a_double_action_token_flies_with_a_gold_rim() -> void:
	var rules := _rules(27)
	var display := DisplayCheck.make(self, rules)
	display.draw_duration = 0.2
	var flyer: Panel = display.get_node("%Flyer")
	StarterGame.keep_all(rules)
	var player_id := rules.draw_next_token()
	await wait_until(display.is_caught_up, "the first token to land")
	check_equal(rules.perform_action(player_id, _custom("haste")), OK, "haste")
	var rims := {}
	while rules.get_round() == 1:
		player_id = rules.draw_next_token()
		check(flyer.visible, "the token flies")
		var rim := (flyer.get_theme_stylebox("panel") as StyleBoxFlat).border_color
		rims[_last_drawn_is_double(rules)] = rim
		await wait_until(display.is_caught_up, "the token to land")
		if rules.get_active_player() == player_id:
			rules.pass_activation(player_id)
	check_equal(rims, {false: Color.WHITE, true: Color.GOLD}, "the rims of the two kinds")
	display.free()
	rules.free()


func test_a_display_that_joins_a_round_late_shows_whose_token_is_out_and_the_mercy_rule() -> void:
	var rules := _rules(28, {"max_streak": 1})
	StarterGame.keep_all(rules)
	for step in 3:
		var player_id := rules.draw_next_token()
		if step < 2:
			rules.pass_activation(player_id)
	# A client that joins now (or rejoins) gets its first view three draws into the round.
	var display := DisplayCheck.make(self, null)
	display.draw_duration = 0.2
	var shown: Array[int] = []
	display.draw_shown.connect(shown.append)
	_send(display, rules)
	check(display.is_caught_up(), "nothing flies for draws made before the client came")
	check_equal(shown.size(), 3, "the draws before it, shown at once")
	check_equal(display.get_active_player(), rules.get_active_player(), "whose token is out")
	var capped := rules.get_capped_player()
	check(capped >= 0, "the mercy rule holds someone back")
	var chance := display.get_node("%%Rows/Row%d/Line/Chance" % capped) as Label
	check_equal(chance.text, TokenBagDisplay.CAPPED_TEXT, "player %d waits" % capped)
	var remaining := (display.get_node("%RemainingLabel") as Label).text
	check_equal(remaining, str(rules.get_bag().get_remaining_count()), "tokens left")
	display.free()
	rules.free()


func _rules(seed_value: int, overrides := {}) -> GameRules:
	var config := StarterGame.config(overrides)
	(config["action_kinds"] as Dictionary).merge(KINDS)
	config["factions"] = {"vanguard": {"reserve_tokens": 2}}
	var players := StarterGame.players(3, PackedStringArray(NAMES.values()))
	players[1]["faction"] = "vanguard"
	var rules := GameRules.new()
	rules.randomize_seed = false
	rules.seed = seed_value
	check_equal(rules.setup(players, config), OK, "setup")
	return rules


# Shows [param display] the view seat 0's client receives of [param rules].
func _send(display: TokenBagDisplay, rules: GameRules) -> void:
	var view := rules.get_snapshot_for(0)
	var over: bool = view["phase"]["phase"] == "game_over"
	var winner: Variant = view["phase"].get("winner")
	display.show_view(view["round"], view["bag"], NAMES, over, -1 if winner == null else winner)


func _check_view(display: TokenBagDisplay, rules: GameRules, what: String) -> void:
	check_equal(DisplayCheck.problems(display, rules), PackedStringArray(), what)


func _custom(kind: String) -> Dictionary:
	return {"type": "custom", "kind": kind}


func _last_drawn_is_double(rules: GameRules) -> bool:
	var history := rules.get_bag().get_drawn_history()
	return not history.is_empty() and history[-1].kind == CommandToken.KIND_DOUBLE_ACTION


# The tokens left that [param display]'s rows show, added up.
func _rows_left(display: TokenBagDisplay) -> int:
	var left := 0
	for row in display.get_node("%Rows").get_children():
		left += (row.get_node("Line/Count") as Label).text.get_slice(" / ", 0).to_int()
	return left


func _status(display: TokenBagDisplay) -> String:
	var active := (display.get_node("%ActiveLabel") as Label).text
	return "%s / %s" % [active, (display.get_node("%HintLabel") as Label).text]


# A view of players 0 and 1, 3 tokens each, with [param left_0] and [param left_1] left after
# the tokens [param drawn].
func _bag_view(left_0: int, left_1: int, drawn: Array) -> Dictionary:
	var players := [
		{"player": 0, "contributed": 3, "remaining": left_0},
		{"player": 1, "contributed": 3, "remaining": left_1},
	]
	return {"remaining": left_0 + left_1, "players": players, "drawn": drawn}


# Command tokens drawn of [param owners], in order.
func _drawn(owners: Array) -> Array:
	return owners.map(func(owner: int) -> Dictionary: return {"owner": owner, "kind": "command"})


# An Array nested 10 000 deep.
func _deep() -> Array:
	var outer: Array = []
	var inner := outer
	for _depth in 10000:
		var next: Array = []
		inner.append(next)
		inner = next
	return outer


func _with(view: Dictionary, key: String, value: Variant) -> Dictionary:
	var changed := view.duplicate()
	changed[key] = value
	return changed


# [param count] players' tallies, [param tokens] put in and [param left] (all of them: -1) left
# each.
func _tallies(count: int, tokens: int, left := -1) -> Array:
	var tallies := []
	for player_id in count:
		var remaining := tokens if left < 0 else left
		tallies.append({"player": player_id, "contributed": tokens, "remaining": remaining})
	return tallies
