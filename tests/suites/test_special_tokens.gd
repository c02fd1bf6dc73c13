extends TestSuite
## Special tokens through GDScript: a double-action token (effect grant_double_action) gives its
## owner two actions in one activation; the token's kind, get_actions_left and the display say so.

const KINDS := {
	"rally": {"effects": [{"effect": "grant_double_action", "this_round": true}]},
	"muster": {"effects": [{"effect": "grant_double_action", "this_round": false}]},
}


func test_a_double_action_token_gives_two_actions_and_is_shown() -> void:
	var rules := StarterGame.rules(61, 2, {"action_kinds": KINDS, "round_limit": 2})
	check(rules.is_set_up(), "setup")
	var display := DisplayCheck.make(self, rules)
	# As wide as in the bundled game's window, and its names.
	display.size = Vector2(480, 240)
	for player_id in rules.get_player_ids():
		rules.rename_player(player_id, "player %d" % player_id)
	StarterGame.keep_all(rules)
	var first := rules.draw_next_token()
	check_equal(rules.get_actions_left(), 1, "an ordinary token")
	check_equal(rules.perform_action(first, _custom("rally")), OK, "rally")
	var found := false
	while rules.get_round() == 1 and not found:
		var player_id := rules.draw_next_token()
		if rules.get_actions_left() == 2:
			found = true
			check_equal(player_id, first, "the rallying player's token")
			var token: CommandToken = rules.get_bag().get_drawn_history().back()
			check_equal(token.kind, CommandToken.KIND_DOUBLE_ACTION, "its kind")
			var label := display.get_node("%ActiveLabel") as Label
			check(label.text.ends_with(display.DOUBLE_ACTION_TEXT), "the display says so")
			var hint := (display.get_node("%HintLabel") as Label).text
			check(hint.begins_with(display.DOUBLE_ACTION_HINT), "and what it means: %s" % hint)
			# In the bundled game's width, with its names, it was cut: "×2 (double ac…".
			await get_tree().process_frame
			var font := label.get_theme_font("font")
			var font_size := label.get_theme_font_size("font_size")
			var width := font.get_string_size(label.text, 0, -1, font_size).x
			check(
				width <= label.size.x, "'%s' fits in %d px: %d" % [label.text, label.size.x, width]
			)
			check_equal(rules.perform_action(player_id, _custom("muster")), OK, "first action")
			check_equal(rules.get_active_player(), player_id, "still their activation")
			check_equal(rules.get_actions_left(), 1, "one more")
		check_equal(rules.pass_activation(player_id), OK, "pass")
	check(found, "the double-action token was drawn in round 1")
	check_equal(rules.get_actions_left(), 0, "no activation open")
	display.free()
	rules.free()


func _custom(kind: String) -> Dictionary:
	return {"type": "custom", "kind": kind}
