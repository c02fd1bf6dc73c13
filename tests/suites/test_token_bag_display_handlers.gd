extends TestSuite
## TokenBagDisplay following rules whose handlers, connected before it, act before it hears of
## what they follow: they draw again (in the same round or the next, two draws ahead), re-read
## the display mid-draw (refresh(), the rules given again, entering the tree), or put tokens in
## as a new round starts. Each draw must be shown once, marked by its own token's kind, with the
## order as of that draw, and the counts must come out as the rules' bag has them.

const NAMES: Array[String] = ["Ada", "Brin", "Cato", "Dara"]


func test_a_draw_a_handler_makes_before_the_display_hears_of_the_last_shows_its_own_kind() -> void:
	# A token_drawn handler connected before the display ends every other activation at once
	# and draws the next token: the display heard of draw k with draw k+1 made, and marked draw
	# k "×2" (or not) by draw k+1's token.
	var rules := StarterGame.rally_rules(NAMES.slice(0, 3), 2, 10)
	var kinds: Array[bool] = []
	rules.event_logged.connect(
		func(event: Dictionary) -> void:
			if event["type"] == "token_drawn":
				kinds.append(false)
			elif event["type"] == "double_action_drawn":
				kinds[-1] = true
	)
	_chain_every_other_draw(rules)
	var display := DisplayCheck.make(self, rules)
	var active_label: Label = display.get_node("%ActiveLabel")
	var shown: Array[bool] = []
	display.draw_shown.connect(
		func(_player_id: int) -> void:
			shown.append(active_label.text.ends_with(TokenBagDisplay.DOUBLE_ACTION_TEXT))
	)
	await _play_to_the_end(rules, display)
	check(kinds.has(true) and kinds.has(false), "double and single tokens drawn: %s" % [kinds])
	var wrong := PackedStringArray()
	for draw in mini(shown.size(), kinds.size()):
		if shown[draw] != kinds[draw]:
			wrong.append("draw %d shown %s" % [draw + 1, "×2" if shown[draw] else "single"])
	check_equal(shown.size(), kinds.size(), "every draw shown once")
	check_equal(wrong, PackedStringArray(), "each draw marked by its own token")
	display.free()
	rules.free()


func test_a_draw_a_handler_makes_before_the_display_hears_of_the_last_shows_it_next() -> void:
	# The same handler in seat order: while draw k flew, the order column and the "Next:" strip
	# showed the order as of draw k+1, leaving out the player it had drawn.
	var rules := GameRules.new()
	rules.randomize_seed = false
	rules.seed = 8
	var seats := StarterGame.config({"round_limit": 3, "activation_order": "seats"})
	rules.setup(StarterGame.players(3, PackedStringArray(NAMES)), seats)
	_chain_every_other_draw(rules)
	var display := DisplayCheck.make(self, rules)
	var hint: Label = display.get_node("%HintLabel")
	var drawn: Array[Array] = []
	rules.token_drawn.connect(
		func(player_id: int, remaining: int) -> void: drawn.append([player_id, remaining])
	)
	var shown: Array[Array] = []
	display.draw_shown.connect(
		func(player_id: int) -> void:
			shown.append([player_id, _marked_next(display, rules), hint.text])
	)
	await _play_to_the_end(rules, display)
	check_equal(shown.size(), drawn.size(), "every draw shown once")
	var wrong := PackedStringArray()
	for draw in mini(shown.size(), drawn.size()) - 1:
		if drawn[draw + 1][1] >= drawn[draw][1]:
			continue  # the next draw is the next round's
		var next: int = drawn[draw + 1][0]
		var strip := "Next: %s" % NAMES[next]
		var strip_shown: String = shown[draw][2]
		if (
			shown[draw][1] != next
			or strip_shown.begins_with("Next:") != strip_shown.begins_with(strip)
		):
			wrong.append("draw %d: %s shown, %s next" % [draw + 1, shown[draw], NAMES[next]])
	check_equal(wrong, PackedStringArray(), "each draw with the order as of that draw")
	display.free()
	rules.free()


func test_a_display_read_again_while_a_draw_is_on_its_way_shows_that_draw_once() -> void:
	# A handler connected before the display re-reads it at a double action's draw (refresh(),
	# the rules given again, or the display entering the tree): the display then heard that draw
	# as well, took it off the row twice and marked it as a single one.
	for how in ["refresh", "rules", "tree"]:
		var rules := StarterGame.rally_rules(["Ada", "Brin", "Cato"])
		var display: TokenBagDisplay = (load(DisplayCheck.SCENE) as PackedScene).instantiate()
		display.draw_duration = 0.0
		display.round_complete_hold = 0.0
		var doubled := [false]
		rules.token_drawn.connect(
			func(_player_id: int, _remaining: int) -> void:
				if doubled[0] or rules.get_actions_left() != 2:
					return
				doubled[0] = true
				match how:
					"refresh":
						display.refresh()
					"rules":
						display.rules = rules
					"tree":
						add_child(display)
		)
		if how != "tree":
			add_child(display)
		display.rules = rules
		StarterGame.keep_all(rules)
		while not doubled[0] and rules.get_phase() != GameRules.PHASE_GAME_OVER:
			StarterGame.finish_activation(rules, rules.draw_next_token())
		var active_label: Label = display.get_node("%ActiveLabel")
		check(active_label.text.ends_with(TokenBagDisplay.DOUBLE_ACTION_TEXT), "%s: ×2" % how)
		check_equal(DisplayCheck.problems(display, rules), PackedStringArray(), how)
		display.free()
		rules.free()


func test_the_order_as_of_a_draw_keeps_the_round_s_last_draw_made_ahead() -> void:
	# Seat order: at a round's second to last token a handler before the display passes, draws
	# the last token, passes and draws the next round's first. While the second to last flew,
	# "next" named the next round's first player, not the one who drew the last token.
	var rules := StarterGame.rules(5, 3, {"round_limit": 2, "activation_order": "seats"})
	var drawn: Array[int] = []
	rules.token_drawn.connect(
		func(player_id: int, remaining: int) -> void:
			drawn.append(player_id)
			if remaining == 1 and rules.get_round() == 1:
				rules.pass_activation(player_id)
				rules.pass_activation(rules.draw_next_token())
				rules.draw_next_token()
	)
	var display := DisplayCheck.make(self, rules)
	var next_shown: Array[int] = []
	display.draw_shown.connect(
		func(_player_id: int) -> void: next_shown.append(_marked_next(display, rules))
	)
	StarterGame.keep_all(rules)
	while rules.get_round() == 1:
		StarterGame.finish_activation(rules, rules.draw_next_token())
	var last_of_round := rules.get_bag().get_drawn_history().size()
	last_of_round = drawn.size() - last_of_round
	check(last_of_round >= 2, "round 1's draws")
	check_equal(next_shown[last_of_round - 2], drawn[last_of_round - 1], "next at the last but one")
	display.free()
	rules.free()


func test_tokens_a_handler_adds_in_the_next_round_are_counted_once() -> void:
	# At a round's last token a handler before the display passes, draws the next round's first
	# token and plays Rally (a token put into the bag). The display took the new round's counts
	# with that token in, then added it again when its bag_changed came.
	var rules := StarterGame.rally_rules(["Ada", "Brin", "Cato"], 2, 10)
	var done := [false]
	rules.token_drawn.connect(
		func(player_id: int, remaining: int) -> void:
			if done[0] or remaining != 0:
				return
			done[0] = true
			rules.pass_activation(player_id)
			var first := rules.draw_next_token()
			check_equal(rules.play_card_from_hand(first, 0, null), OK, "Rally played")
	)
	var display := DisplayCheck.make(self, rules)
	StarterGame.keep_all(rules)
	while not done[0]:
		rules.pass_activation(rules.draw_next_token())
	await wait_until(display.is_caught_up, "the new round shown")
	check_equal(rules.get_round(), 2, "the next round")
	check_equal(DisplayCheck.problems(display, rules), PackedStringArray(), "counted once")
	display.free()
	rules.free()


func test_a_round_a_handler_played_on_starts_with_what_was_put_in() -> void:
	# A round_started handler before the display plays round 2 through (cards that add tokens),
	# or draws, plays one and undoes it. The rows of round 2 started from the bag as it was by
	# then, less every addition logged: 0 / 0 while their tokens were drawn, or an undone one
	# taken off. They start from what each player put in (the round's tokens_contributed).
	for how in ["play on", "undo"]:
		var config := StarterGame.config({"round_limit": 3})
		config["cards"]["6"] = {
			"name": "Reinforce",
			"energy": 0,
			"effects": [{"effect": "add_tokens", "whose": "own", "count": 2}]
		}
		var rules := GameRules.new()
		rules.randomize_seed = false
		rules.seed = 11
		var deck := [6, 6, 6, 6, 6, 6, 6, 6, 6, 6]
		rules.setup(
			[{"id": 0, "deck": deck}, {"id": 1, "deck": deck}, {"id": 2, "deck": deck}], config
		)
		rules.round_started.connect(
			func(round_number: int) -> void:
				if round_number != 2:
					return
				if how == "play on":
					rules.play_rounds(1, GameRules.AUTOPLAY_BOTS)
				else:
					var player_id := rules.draw_next_token()
					rules.play_card_from_hand(player_id, 0, null)
					check_equal(rules.undo_action(), OK, "undone")
		)
		var display := DisplayCheck.make(self, rules)
		var rows_at_first_draw: Array[int] = []
		display.draw_shown.connect(
			func(_player_id: int) -> void:
				var round_label: Label = display.get_node("%RoundLabel")
				if round_label.text != "Round 2" or not rows_at_first_draw.is_empty():
					return
				for player_id in 3:
					var count: Label = display.get_node("%%Rows/Row%d/Line/Count" % player_id)
					rows_at_first_draw.append(count.text.get_slice(" / ", 1).to_int())
		)
		StarterGame.keep_all(rules)
		while rules.get_round() < 2:
			rules.pass_activation(rules.draw_next_token())
		await wait_until(display.is_caught_up, "round 2 shown")
		var put_in: Array[int] = [0, 0, 0]
		for event: Dictionary in rules.get_events_since(0):
			if event["type"] == "tokens_contributed" and event["round"] == 2:
				put_in[event["player"]] = event["tokens"]
		check_equal(rows_at_first_draw, put_in, "%s: round 2's rows as it started" % how)
		if how == "undo":
			check_equal(DisplayCheck.problems(display, rules), PackedStringArray(), "undone")
		display.free()
		rules.free()


func test_a_re_read_while_a_round_s_start_is_on_its_way_keeps_the_round_s_draws() -> void:
	# A handler before the display acts as a round starts and the display is read again before
	# it hears round_started: a game_started handler that keeps every hand and draws (an
	# auto-start script; the display's own game_started re-reads it), or a round_started handler
	# that draws or puts a reserve token in, then refresh(). The pending round start wiped the
	# re-read draw (which was then skipped as shown), or the token was counted twice.
	for how in ["auto start", "draw", "reserve"]:
		var factions := {"vanguard": {"reserve_tokens": 2}}
		var seated := StarterGame.players(3)
		for seat: Dictionary in seated:
			seat["faction"] = "vanguard"
		var rules := GameRules.new()
		rules.randomize_seed = false
		rules.seed = 5
		rules.setup(seated, StarterGame.config({"round_limit": 3, "factions": factions}))
		var display := DisplayCheck.make(self, null)
		if how == "auto start":
			rules.game_started.connect(
				func(_ids: PackedInt64Array) -> void:
					for player_id in rules.get_player_ids():
						rules.keep_hand(player_id, PackedInt64Array())
					rules.draw_next_token()
			)
		else:
			rules.round_started.connect(
				func(round_number: int) -> void:
					if round_number != 2:
						return
					if how == "draw":
						rules.draw_next_token()
					else:
						check_equal(rules.commit_reserve(1), OK, "reserve put in")
					display.refresh()
			)
		display.rules = rules
		if how == "auto start":
			rules.start_game()
		else:
			StarterGame.keep_all(rules)
		var found := PackedStringArray()
		while rules.get_round() < 3 and rules.get_phase() != GameRules.PHASE_GAME_OVER:
			if rules.get_phase() == GameRules.PHASE_AWAITING_DRAW:
				rules.draw_next_token()
			else:
				rules.pass_activation(rules.get_active_player())
			if found.is_empty() and rules.get_round() < 3:
				found = DisplayCheck.problems(display, rules)
		check_equal(found, PackedStringArray(), "%s: the display as the rules, step by step" % how)
		display.free()
		rules.free()


# A token_drawn handler, connected before any display, that ends every other activation at once
# and draws the next token (in the same round or the next).
func _chain_every_other_draw(rules: GameRules) -> void:
	var heard := [0]
	rules.token_drawn.connect(
		func(player_id: int, _remaining: int) -> void:
			heard[0] += 1
			if heard[0] % 2 == 1 and rules.get_active_player() == player_id:
				StarterGame.finish_activation(rules, player_id)
				if rules.get_phase() == GameRules.PHASE_AWAITING_DRAW:
					rules.draw_next_token()
	)


# Plays [param rules] to their end, activation by activation, and waits for [param display].
func _play_to_the_end(rules: GameRules, display: TokenBagDisplay) -> void:
	StarterGame.keep_all(rules)
	while rules.get_phase() != GameRules.PHASE_GAME_OVER:
		if rules.get_phase() == GameRules.PHASE_AWAITING_DRAW:
			rules.draw_next_token()
		else:
			StarterGame.finish_activation(rules, rules.get_active_player())
	await wait_until(display.is_caught_up, "every draw shown")


# The player whose row the display marks "next" in seat or initiative order, or -1.
func _marked_next(display: TokenBagDisplay, rules: GameRules) -> int:
	for player_id in rules.get_player_ids():
		var chance: Label = display.get_node("%%Rows/Row%d/Line/Chance" % player_id)
		if chance.text == "next":
			return player_id
	return -1
