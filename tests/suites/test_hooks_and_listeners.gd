extends TestSuite
## Hooks and signal handlers changed between two GameRules calls: every way of setting,
## clearing or connecting one takes effect with the next command (the rules ask the engine about
## hooks only once one was set, and about each signal once per call); what a command returns is
## its own doing, whatever its handlers do.


func test_a_refused_handler_that_asks_again_while_a_hook_calls_commands_ends() -> void:
	# Told after the hook instead of inside it, each refusal's handler ran the hooks again into
	# another refusal: legal_actions never returned.
	var rules := StarterGame.rules(12, 2)
	StarterGame.keep_all(rules)
	var active := rules.draw_next_token()
	rules.action_validator = func(player_id: int, _action: Dictionary) -> Variant:
		rules.perform_action(player_id, {"type": "pass"})
		return true
	var asked := [0]
	rules.refused.connect(
		func(_m: String, _p: int, _k: String, _r: String) -> void:
			asked[0] += 1
			if asked[0] < 100:
				rules.legal_actions(active)
	)
	rules.legal_actions(active)
	rules.perform_action(active, {"type": "custom", "kind": "scout"})
	error_log.take()
	check(asked[0] < 100, "the handler asked %d times" % asked[0])
	check_equal(rules.get_phase(), GameRules.PHASE_AWAITING_DRAW, "the scout was taken")
	rules.free()


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
	# Its object freed, the validator was taken for unset: every action accepted, nothing said.
	check_equal(
		expect_error(
			rules.build.bind(active, "generator", Vector2i(3, 0)),
			"the action_validator cannot be called: its object was freed"
		),
		ERR_INVALID_PARAMETER,
		"its object freed: the script's misuse, not an accepted action"
	)
	check_equal(rules.get_last_refusal()["kind"], "hook_broken", "told as a broken hook")
	rules.action_validator = Callable()
	check_equal(rules.build(active, "generator", Vector2i(3, 0)), OK, "cleared: accepted")
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


func test_hooks_that_cannot_be_called_are_refused_not_taken_for_unset() -> void:
	# A misspelt method, or an object freed with a scene, switched the game's rules off without a
	# word: the validator accepted everything and the provider's reactions stopped.
	var rules := StarterGame.rules(11, 2, {"starting_resources": 500})
	StarterGame.keep_all(rules)
	var judge := Judge.new()
	rules.action_validator = judge.refuse
	expect_error(rules.set.bind("action_validator", Callable(judge, "refuze")), "no method")
	expect_error(rules.set_reaction_provider.bind(Callable(judge, "provde")), "no method")
	# Bound, its object alive: not said to be freed.
	expect_error(rules.set_action_validator.bind(Callable(judge, "refuze").bind(1)), "it wraps")
	check_equal(rules.action_validator, Callable(judge, "refuse"), "the validator kept")
	check(rules.reaction_provider.is_null(), "no provider set")
	var active := rules.draw_next_token()
	check_equal(rules.build(active, "generator", Vector2i(1, 0)), FAILED, "the judge still judges")
	rules.action_validator = Callable()
	rules.reaction_provider = judge.provide
	judge.free()
	check_equal(
		expect_error(
			rules.build.bind(active, "generator", Vector2i(1, 0)),
			"the reaction_provider cannot be called: its object was freed"
		),
		ERR_INVALID_PARAMETER,
		"a provider whose object was freed: refused"
	)
	check_equal(rules.get_objects().size(), 0, "nothing built")
	check_equal(rules.pass_activation(active), OK, "a pass stands")
	var errors := error_log.take()
	check(
		errors.size() == 2 and "cannot be called" in errors[0] and "stands without" in errors[1],
		"the broken provider and the pass without reactions, both said: %s" % [errors]
	)
	check_equal(rules.get_active_player(), GameRules.NO_PLAYER, "the pass still ends the turn")
	rules.free()


func test_hooks_whose_extra_parameters_have_defaults_are_called() -> void:
	# Callable.get_argument_count() counts parameters with default values too: a method hook
	# with one more, optional, parameter was refused as taking too many arguments.
	var rules := StarterGame.rules(12, 2, {"starting_resources": 500})
	StarterGame.keep_all(rules)
	var judge := Judge.new()
	rules.action_validator = judge.accept_unless_strict
	rules.reaction_provider = judge.provide
	var active := rules.draw_next_token()
	check_equal(rules.build(active, "generator", Vector2i(1, 0)), OK, "optional parameters")
	rules.action_validator = Judge.lenient
	active = rules.draw_next_token()
	check_equal(rules.build(active, "generator", Vector2i(3, 0)), OK, "a static method's too")
	rules.reaction_provider = Callable()
	rules.action_validator = judge.need_three
	active = rules.draw_next_token()
	check_equal(
		expect_error(
			rules.build.bind(active, "generator", Vector2i(2, 0)),
			"the action_validator takes 3 arguments; it is called with 2"
		),
		ERR_INVALID_PARAMETER,
		"a third parameter without a default is still refused"
	)
	rules.action_validator = func(_p: int, _a: Dictionary, _strict := false) -> bool: return true
	check_equal(
		expect_error(rules.build.bind(active, "generator", Vector2i(2, 0)), "a plain method"),
		ERR_INVALID_PARAMETER,
		"a lambda's defaults cannot be seen: refused, saying what to do"
	)
	judge.free()
	rules.free()


func test_hooks_that_take_fewer_parameters_than_given_are_refused_saying_so() -> void:
	# A validator taking no parameters refused every action as if it had returned false, with
	# nothing in the error log; a reaction provider taking none was never heard from. A hook that
	# breaks its contract is the script's misuse (ERR_INVALID_PARAMETER, "hook_broken"), not the
	# game's rule saying no (FAILED, "rejected_by_game"). The error log names the method called
	# (it said "GameRules:" alone).
	var rules := StarterGame.rules(13, 2, {"starting_resources": 500})
	StarterGame.keep_all(rules)
	rules.action_validator = func() -> bool: return true
	var active := rules.draw_next_token()
	check_equal(
		expect_error(
			rules.build.bind(active, "generator", Vector2i(1, 0)),
			"GameRules.build: the action_validator takes 0 arguments; it is called with 2"
		),
		ERR_INVALID_PARAMETER,
		"a validator without parameters"
	)
	var refusal := rules.get_last_refusal()
	check_equal([refusal["kind"], refusal["misuse"]], ["hook_broken", true], "the script's misuse")
	var reason: String = refusal["reason"]
	check("takes 0 arguments" in reason, "the refusal says why, not 'returned false': " + reason)
	rules.action_validator = Callable()
	rules.reaction_provider = func() -> Array: return []
	check_equal(
		expect_error(
			rules.build.bind(active, "generator", Vector2i(1, 0)),
			"GameRules.build: the reaction_provider takes 0 arguments; it is called with"
		),
		ERR_INVALID_PARAMETER,
		"a reaction provider without parameters"
	)
	rules.free()


func test_draw_next_token_returns_the_drawn_player_when_a_handler_passes_at_once() -> void:
	# A bot seat answered from token_drawn: the handler passes before draw_next_token() returns.
	# The draw still opened that player's activation, and that is what it returns.
	var rules := StarterGame.rules(11, 2, {})
	StarterGame.keep_all(rules)
	var drawn: Array = []
	rules.token_drawn.connect(
		func(player_id: int, _remaining: int) -> void:
			drawn.append(player_id)
			rules.pass_activation(player_id)
	)
	var returned: Array = []
	for draw in 4:
		returned.append(rules.draw_next_token())
	check_equal(returned, drawn, "each call returns the player its own draw made active")
	check(not returned.has(GameRules.NO_PLAYER), "never NO_PLAYER after a draw")
	check_equal(rules.get_active_player(), GameRules.NO_PLAYER, "every activation already ended")
	check(rules.get_last_refusal().is_empty(), "nothing was refused")
	rules.free()


func test_a_planned_bot_move_the_validator_refuses_falls_back_without_a_refusal() -> void:
	# The planner does not ask the hooks; when they refuse its pick, bot_decide() falls back to a
	# choice they allow. The call succeeded: nothing may say it was refused.
	var rules := StarterGame.rules(300, 2, {})
	rules.action_validator = func(_player_id: int, action: Dictionary) -> Variant:
		return "no cards today" if action["type"] == "play_card" else true
	var refusals: Array = []
	rules.refused.connect(
		func(method: String, _player_id: int, _kind: String, _reason: String) -> void:
			refusals.append(method)
	)
	rules.action_rejected.connect(
		func(_player_id: int, reason: String) -> void: refusals.append(reason)
	)
	var completed: Array = []
	rules.action_completed.connect(
		func(_player_id: int, action: Dictionary) -> void: completed.append(action["type"])
	)
	StarterGame.keep_all(rules)
	for activation in 6:
		var active := rules.draw_next_token()
		check_equal(rules.bot_decide(active, 2), OK, "the bot acted")
		if rules.get_active_player() == active:
			rules.pass_activation(active)
	check_equal(refusals, [], "no refused or action_rejected signal for calls that succeeded")
	check(rules.get_last_refusal().is_empty(), "get_last_refusal() still empty")
	check(not completed.has("play_card"), "no card was played past the validator")
	check(completed.size() >= 6, "every bot_decide() completed an action")
	rules.free()


## An object whose method judges actions, to be freed while it is the validator.
class Judge:
	extends Object

	func refuse(_player_id: int, _action: Dictionary) -> Variant:
		return "refused by the judge"

	func accept_unless_strict(_player_id: int, _action: Dictionary, strict := false) -> bool:
		return not strict

	func provide(_resolved: Dictionary, _depth := 0) -> Array:
		return []

	func need_three(_player_id: int, _action: Dictionary, _third: int) -> bool:
		return true

	static func lenient(_player_id: int, _action: Dictionary, strict := false) -> bool:
		return not strict


func test_a_handler_that_replaces_the_game_hears_nothing_more_of_the_old_one() -> void:
	# event_logged of the event whose own signal's handler loaded (or set up) another game still
	# came after it, telling of a draw the loaded game never had; and refused after a load from
	# an action_rejected handler.
	var other := StarterGame.rules(5, 2)
	var fresh := other.save_game()
	other.free()
	for replace: String in ["load_game", "setup"]:
		var rules := StarterGame.rules(6, 2)
		StarterGame.keep_all(rules)
		var heard: Array = []
		var swap := func() -> void:
			if replace == "load_game":
				rules.load_game(fresh)
			else:
				rules.setup(StarterGame.players(2), StarterGame.config())
		rules.token_drawn.connect(func(_p: int, _r: int) -> void: swap.call(), CONNECT_ONE_SHOT)
		rules.action_rejected.connect(func(_p: int, _r: String) -> void: swap.call())
		rules.event_logged.connect(func(event: Dictionary) -> void: heard.append(event["type"]))
		rules.refused.connect(
			func(_m: String, _p: int, kind: String, _r: String) -> void: heard.append(kind)
		)
		rules.draw_next_token()
		check_equal(heard, [], "%s from token_drawn: the draw's event_logged dropped" % replace)
		StarterGame.keep_all(rules)
		var player := rules.draw_next_token()
		heard.clear()
		rules.perform_action(1 - player, {"type": "pass"})  # not their turn
		check_equal(heard, [], "%s from action_rejected: refused dropped" % replace)
		rules.free()
