extends TestSuite
## Hooks and signal handlers changed between two GameRules calls: every way of setting,
## clearing or connecting one takes effect with the next command (the rules ask the engine about
## hooks only once one was set, and about each signal once per call).


func test_hooks_set_replaced_or_cleared_between_commands_take_effect_at_once() -> void:
	# A command asks whether hooks are set only when one holds a Callable: every way of
	# setting one must count, and clearing one or freeing its object must stop it.
	var rules := StarterGame.rules(11, 2, {"starting_resources": 500})
	StarterGame.keep_all(rules)
	var active := rules.draw_next_token()
	check_equal(rules.build(active, "generator", Vector2i(1, 0)), OK, "no validator: accepted")
	active = rules.draw_next_token()
	rules.set(
		"action_validator", func(_player_id: int, _action: Dictionary) -> Variant: return "no"
	)
	check_equal(
		rules.build(active, "generator", Vector2i(2, 0)), FAILED, "set() takes effect at once"
	)
	rules.action_validator = Callable()
	check_equal(rules.build(active, "generator", Vector2i(2, 0)), OK, "cleared: accepted again")
	var judge := Judge.new()
	rules.set_action_validator(judge.refuse)
	active = rules.draw_next_token()
	check_equal(rules.build(active, "generator", Vector2i(3, 0)), FAILED, "a method as validator")
	judge.free()
	check_equal(rules.build(active, "generator", Vector2i(3, 0)), OK, "its object freed: ignored")
	var resolved: Array = []
	rules.reaction_provider = func(action: Dictionary) -> Array:
		resolved.append(action["action"]["type"])
		return []
	active = rules.draw_next_token()
	check_equal(rules.pass_activation(active), OK, "a pass")
	check_equal(resolved, ["pass"], "the provider set between commands saw the pass")
	rules.free()


func test_a_handler_connected_or_disconnected_between_commands_counts_at_once() -> void:
	var rules := StarterGame.rules(5, 2, {})
	StarterGame.keep_all(rules)
	var heard: Array = []
	var record := func(player_id: int, _remaining: int) -> void: heard.append(player_id)
	rules.pass_activation(rules.draw_next_token())
	rules.token_drawn.connect(record)
	var first := rules.draw_next_token()
	check_equal(heard, [first], "connected after a draw nobody heard: the next draw is heard")
	rules.pass_activation(first)
	rules.token_drawn.disconnect(record)
	rules.pass_activation(rules.draw_next_token())
	check_equal(heard, [first], "disconnected: not called again")
	rules.connect("token_drawn", record)
	var third := rules.draw_next_token()
	check_equal(heard, [first, third], "connected by name: heard again")
	rules.free()


func test_a_hook_that_changes_the_hooks_from_inside_takes_effect_from_the_next_command() -> void:
	var rules := StarterGame.rules(11, 2, {"starting_resources": 500})
	StarterGame.keep_all(rules)
	var asked: Array = []
	rules.action_validator = func(_player_id: int, _action: Dictionary) -> Variant:
		asked.append("validator")
		rules.action_validator = Callable()
		return "no, and no more"
	var seen: Array = []
	var second := func(_resolved: Dictionary) -> Array:
		seen.append("second")
		return []
	rules.reaction_provider = func(_resolved: Dictionary) -> Array:
		seen.append("first")
		rules.set_reaction_provider(second)
		return []
	var active := rules.draw_next_token()
	check_equal(rules.build(active, "generator", Vector2i(1, 0)), FAILED, "refused by the hook")
	check_equal(rules.build(active, "generator", Vector2i(1, 0)), OK, "the hook cleared itself")
	check_equal(asked, ["validator"], "asked once")
	active = rules.draw_next_token()
	check_equal(rules.pass_activation(active), OK, "a pass")
	check_equal(seen, ["first", "second"], "the provider replaced itself for the next command")
	rules.free()


func test_a_hook_setter_given_any_other_type_is_refused_and_keeps_the_hook() -> void:
	var rules := StarterGame.rules(11, 2, {"starting_resources": 500})
	StarterGame.keep_all(rules)
	rules.action_validator = func(_player_id: int, _action: Dictionary) -> Variant: return "kept"
	var deep: Array = []
	var inner := deep
	for _level in 9999:
		var next: Array = []
		inner.append(next)
		inner = next
	for wrong: Variant in [&"validator", NAN, deep, Node.new(), PackedInt64Array([1])]:
		rules.callv("set_action_validator", [wrong])
		rules.set("action_validator", wrong)
		rules.callv("set_reaction_provider", [wrong])
		check(
			not error_log.take().is_empty(), "%s refused with an error" % type_string(typeof(wrong))
		)
		if wrong is Node:
			wrong.free()
	var active := rules.draw_next_token()
	check_equal(rules.build(active, "generator", Vector2i(1, 0)), FAILED, "the validator kept")
	check_equal(rules.get_last_refusal()["reason"].contains("kept"), true, "its reason")
	rules.free()


## An object whose method judges actions, to be freed while it is the validator.
class Judge:
	extends Object

	func refuse(_player_id: int, _action: Dictionary) -> Variant:
		return "refused by the judge"
