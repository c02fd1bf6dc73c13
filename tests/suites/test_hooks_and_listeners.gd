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


## An object whose method judges actions, to be freed while it is the validator.
class Judge:
	extends Object

	func refuse(_player_id: int, _action: Dictionary) -> Variant:
		return "refused by the judge"
