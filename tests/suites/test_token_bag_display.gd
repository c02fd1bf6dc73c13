extends TestSuite
## TokenBagDisplay headless: it follows whole bot games draw by draw (its counts, labels and
## chances match the rules' bag), shows "Round Complete!" and resets for the next round, and
## takes a player's tokens away when they are eliminated.

const DISPLAY_SCENE := "res://addons/horizons_edge/token_bag_display/token_bag_display.tscn"


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


func _check_against_bag(display: TokenBagDisplay, rules: GameRules, what: String) -> void:
	var bag := rules.get_bag()
	var remaining: Label = display.get_node("%RemainingLabel")
	check_equal(remaining.text, str(bag.get_remaining_count()), "%s: bag count" % what)
	var chances := bag.get_next_draw_chances()
	for player_id in bag.get_player_ids():
		var row := "%%Rows/Row%d/Line/" % player_id
		var count: Label = display.get_node(row + "Count")
		var expected := (
			"%d / %d"
			% [
				bag.get_player_remaining_count(player_id),
				bag.get_player_contributed_count(player_id)
			]
		)
		check_equal(count.text, expected, "%s: player %d's tokens" % [what, player_id])
		var chance: Label = display.get_node(row + "Chance")
		var percent := "%d%%" % roundi(100.0 * chances.get(player_id, 0.0))
		check_equal(chance.text, percent, "%s: player %d's chance" % [what, player_id])


func _display(rules: GameRules, hold: float) -> TokenBagDisplay:
	var display: TokenBagDisplay = (load(DISPLAY_SCENE) as PackedScene).instantiate()
	display.draw_duration = 0.0
	display.transition_duration = 0.0
	display.round_complete_hold = hold
	add_child(display)
	display.rules = rules
	return display


func _rules(seed_value: int, player_count: int) -> GameRules:
	var rules := StarterGame.rules(seed_value, player_count, {"round_limit": 3})
	check(rules.is_set_up(), "setup")
	return rules


func _play_bots(rules: GameRules) -> void:
	check_equal(StarterGame.play_bots(rules), OK, "bot actions")
