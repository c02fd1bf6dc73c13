extends TestSuite
## Token manipulation through GDScript: effects add_tokens and remove_tokens change this round's
## bag; bag_changed tells of it, the bag and the display follow, and a client's auditor verifies
## the round.

const KINDS := {
	"reinforce": {"effects": [{"effect": "add_tokens", "whose": "own", "count": 2}]},
	"sabotage": {"effects": [{"effect": "remove_tokens", "whose": "opponents", "count": 1}]},
}


func test_reinforce_and_sabotage_change_the_bag_and_the_display_follows() -> void:
	var rules := StarterGame.rules(21, 3, {"action_kinds": KINDS, "round_limit": 2})
	check(rules.is_set_up(), "setup")
	var display := DisplayCheck.make(self, rules)
	var changes: Array = []
	rules.bag_changed.connect(func(id: int, change: int) -> void: changes.append([id, change]))
	StarterGame.keep_all(rules)
	var bag := func() -> CommandTokenBag: return rules.get_bag()
	var first := rules.draw_next_token()
	var left: int = bag.call().get_player_remaining_count(first)
	check_equal(rules.perform_action(first, _custom("reinforce")), OK, "reinforce")
	check_equal(changes, [[first, 2]], "bag_changed")
	check_equal(bag.call().get_player_remaining_count(first), left + 2, "two more tokens")
	_check_display(display, rules, "after reinforce")
	var second := rules.draw_next_token()
	changes.clear()
	check_equal(rules.perform_action(second, _custom("sabotage")), OK, "sabotage")
	for player_id in rules.get_player_ids():
		if player_id != second:
			check(changes.has([player_id, -1]), "player %d lost a token: %s" % [player_id, changes])
	_check_display(display, rules, "after sabotage")
	display.free()
	rules.free()


func test_a_client_s_auditor_verifies_rounds_with_bag_changes() -> void:
	var rules := StarterGame.rules(22, 4, {"action_kinds": KINDS, "round_limit": 3})
	StarterGame.keep_all(rules)
	var turn := 0
	while rules.get_phase() != GameRules.PHASE_GAME_OVER:
		var player_id := rules.draw_next_token()
		turn += 1
		var kind := "reinforce" if turn % 4 == 0 else ("sabotage" if turn % 4 == 1 else "")
		if kind == "" or rules.perform_action(player_id, _custom(kind)) != OK:
			rules.pass_activation(player_id)
	var auditor := FairnessAuditor.new()
	var changed := 0
	for event: Dictionary in rules.get_events_for(GameRules.SPECTATOR, 0):
		auditor.observe(event)
		if event["type"] in ["tokens_added", "tokens_removed"]:
			changed += 1
	check(changed > 3, "the bag changed %d times" % changed)
	check_equal(auditor.get_verified_rounds(), PackedInt64Array([1, 2, 3]), "every round")
	check_equal(auditor.get_failures(), PackedStringArray(), "no failures")
	rules.free()


func test_token_effects_need_bag_order() -> void:
	var rules := GameRules.new()
	rules.activation_order = GameRules.ORDER_INITIATIVE
	var setup := rules.setup.bind(
		StarterGame.players(2), StarterGame.config({"action_kinds": KINDS})
	)
	var code: Variant = expect_error(setup, "action_kinds.reinforce.effects[0]")
	check_equal(code, ERR_INVALID_PARAMETER, "refused")
	rules.free()


func _custom(kind: String) -> Dictionary:
	return {"type": "custom", "kind": kind}


func _check_display(display: TokenBagDisplay, rules: GameRules, moment: String) -> void:
	var problems := DisplayCheck.problems(display, rules)
	check(problems.is_empty(), "%s: %s" % [moment, problems])
