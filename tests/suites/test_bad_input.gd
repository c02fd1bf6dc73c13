extends TestSuite
## The bad-input matrix through the GDScript API: each case is a call a game might get wrong.
## Every case must say why — misuse of the API (a wrong type, an unknown id) in the error log, an
## ordinary refusal of play (out of turn, cannot afford) through get_last_refusal() and no error
## — return a checkable value, and leave the game exactly as it was (its save and state hash
## compared before and after).

const HUGE := 1 << 62


func test_every_bad_call_is_refused_and_changes_nothing() -> void:
	var rules := _game_in_round_one()
	var active := rules.get_active_player()
	var idle := 1 - active
	var saved := rules.save_game()
	var bytes := rules.save_game_bytes()
	var cases: Array = [
		# Wrong Variant types, through dynamic calls as a data-driven game would make them: told
		# in Godot's own words (it said "Bug: Invalid call error code 1337").
		["pass_activation", ["zero"], "Cannot convert argument 1 from String to int"],
		["play_card_from_hand", [active, "first", null], "Cannot convert argument 2 from String"],
		["build", [active, 7, null], "Cannot convert argument 2 from int"],
		["keep_hand", [active, "all"], "not an Array of hand indices"],
		["perform_action", [active, "pass"], "Cannot convert argument 2 from String"],
		["setup", ["players", {}], "Cannot convert argument 1 from String to Array"],
		["load_game", [42], "Cannot convert argument 1 from int to String"],
		# Too few or too many arguments, in Godot's own words too.
		["pass_activation", [], "expected 1 argument(s), but called with 0"],
		["pass_activation", [active, 1], "expected 1 argument(s), but called with 2"],
		# Negative and huge integers.
		["pass_activation", [-1], "out of range"],
		["pass_activation", [HUGE], "out of range"],
		["play_card_from_hand", [active, -1, null], "hand index"],
		["play_card_from_hand", [active, HUGE, null], "hand index"],
		["create_token", [idle, "Imp", 1, 1], "not the active player"],
		["keep_hand", [active, PackedInt64Array([-3])], "hand index"],
		["eliminate_player", [HUGE], "out of range"],
		["get_player_state", [-7], "out of range"],
		["get_upgrade_cost", [HUGE], "out of range"],
		["legal_actions", [-2], "out of range"],
		# Unknown ids and names.
		["pass_activation", [6], "not in this game"],
		["bot_decide", [6], "not in this game"],
		["eliminate_player", [6], "not in this game"],
		["get_player_state", [6], "not in this game"],
		["get_foreseen", [6], "not in this game"],
		["legal_actions", [6], "not in this game"],
		["build", [active, "castle", null], "no structure called"],
		["perform_action", [active, {"type": "custom", "kind": "dance"}], "no action kind"],
		["perform_action", [active, {"type": "fly"}], "not an action"],
		["perform_action", [active, {"type": "pass", "extra": 1}], "unknown field `extra`"],
		[
			"perform_action",
			[active, {"type": "build", "structure": "generator", "spot": 1}],
			"spot"
		],
		["perform_action", [active, {"type": "play_card", "hand_index": -4}], "not an action"],
		["play_card_from_hand", [active, 0, Callable()], "context"],
		["build", [active, "generator", Node], "context"],
		# Out of turn and out of phase.
		["pass_activation", [idle], "not the active player"],
		["attempt_command_upgrade", [idle], "not the active player"],
		["draw_next_token", [], "has not acted"],
		["take_mulligan", [active], "only possible during"],
		["keep_hand", [active, PackedInt64Array()], "only possible during"],
		["start_game", [], "only possible during"],
		["bot_decide", [idle], "no decision to make"],
		["undo_action", [], "re-roll"],
		# Upgrading past what can be paid.
		["attempt_command_upgrade", [active], "cannot afford"],
		# Truncated, garbage and tampered saves.
		["load_game", [""], "not valid JSON"],
		["load_game", ["\u0000\u0001garbage"], "not valid JSON"],
		["load_game", [saved.left(saved.length() - 9)], "not valid JSON"],
		["load_game", [saved.replace('"horizons_edge.game"', '"chess"')], '"chess"'],
		["load_game", [saved.replace('"version":2', '"version":3')], "version 3"],
		["load_game", [saved.replace('"command_tier":0', '"command_tier":5')], "tier 5"],
		["load_game_bytes", [PackedByteArray()], "HEGAME"],
		["load_game_bytes", [saved.to_utf8_buffer()], "HEGAME"],
		["load_game_bytes", [bytes.slice(0, bytes.size() - 9)], "ends early"],
		["load_replay", ["{}"], "not valid JSON"],
		# Per-viewer views for viewers who are not seated.
		["get_snapshot_for", [6], "not in this game"],
		["get_snapshot_for", [-2], "out of range"],
		["get_events_for", [6, 0], "not in this game"],
		# A nonce that is not 32 bytes of hex, or that no round waits for.
		["add_entropy", [active, "beef"], "64 hex digits"],
		["add_entropy", [active, "zz".repeat(32)], "not hex"],
		["add_entropy", [active, "00".repeat(32)], "no nonce to add"],
	]
	for entry: Array in cases:
		_check_refused(rules, entry[0], entry[1], entry[2])
	check(cases.size() >= 40, "at least 40 cases (%d)" % cases.size())
	rules.free()


func test_calls_before_setup_and_after_game_over_are_refused() -> void:
	var fresh := GameRules.new()
	for method in ["start_game", "draw_next_token", "save_game", "save_replay", "get_bag"]:
		expect_error(func() -> Variant: return fresh.call(method), "no game")
	check(not fresh.is_set_up(), "still nothing set up")
	fresh.setup([0, 1], {})
	_check_refused(fresh, "play_rounds", [1, GameRules.AUTOPLAY_PASS], "not started")
	fresh.free()
	var rules := _game_in_round_one()
	rules.eliminate_player(rules.get_player_ids()[0])
	check_equal(rules.get_phase(), GameRules.PHASE_GAME_OVER, "the last player standing won")
	for entry: Array in [
		["draw_next_token", [], "game is over"],
		["pass_activation", [1], "game is over"],
		["eliminate_player", [1], "game is over"],
		["start_game", [], "game is over"],
	]:
		_check_refused(rules, entry[0], entry[1], entry[2])
	rules.free()


func test_get_action_refusal_tells_what_perform_action_would_even_without_a_game() -> void:
	# Before setup() it said "not_started" (ERR_UNAVAILABLE) where perform_action refused as
	# "no_game" (ERR_UNCONFIGURED); inside a hook it said "not_started" too.
	var pass_action := {"type": "pass"}
	var fresh := GameRules.new()
	fresh.perform_action(0, pass_action)
	var refused := fresh.get_last_refusal()
	error_log.take()
	var told := fresh.get_action_refusal(0, pass_action)
	error_log.take()
	for key in ["code", "kind", "misuse"]:
		check_equal(told.get(key), refused.get(key), "before setup: %s" % key)
	fresh.free()
	var rules := _game_in_round_one()
	var inside: Array[Dictionary] = []
	var undo_told: Array[String] = []
	rules.action_validator = func(player_id: int, _action: Dictionary) -> Variant:
		rules.perform_action(player_id, pass_action)
		inside.append(rules.get_last_refusal())
		inside.append(rules.get_action_refusal(player_id, pass_action))
		undo_told.append(rules.get_undo_refusal())
		return true
	rules.perform_action(rules.get_active_player(), {"type": "custom", "kind": "scout"})
	error_log.take()
	check_equal(inside.size(), 2, "the validator asked")
	if inside.size() == 2:
		for key in ["code", "kind"]:
			check_equal(inside[1].get(key), inside[0].get(key), "inside a hook: %s" % key)
		# get_undo_refusal said "no game" there, where undo_action is refused as busy.
		check_equal(undo_told, [inside[0].get("reason")], "why undo_action would be refused")
	rules.free()


func test_a_signal_handler_calling_back_in_with_bad_input_changes_nothing() -> void:
	var rules := _game_in_round_one()
	var codes: Array = []
	rules.action_rejected.connect(
		func(player_id: int, _reason: String) -> void:
			if codes.size() < 3:
				codes.append(rules.pass_activation(player_id + 100))
	)
	var active := rules.get_active_player()
	var hash := rules.get_state_hash()
	rules.pass_activation(1 - active)
	var errors := error_log.take()
	check_equal(codes.size(), 3, "the handler ran for each rejection, nested")
	check(codes.all(func(code: Error) -> bool: return code == ERR_DOES_NOT_EXIST), "all refused")
	check_equal(errors.size(), 3, "the three unknown players logged as misuse")
	check(
		Array(errors).all(func(error: String) -> bool: return "not in this game" in error),
		"only they: acting out of turn is not an error: %s" % errors
	)
	check_equal(rules.get_state_hash(), hash, "nothing changed")
	check_equal(rules.get_active_player(), active, "the token is kept")
	rules.free()


func test_contexts_of_every_packed_array_and_vector_reach_the_validator_as_json() -> void:
	# The rules keep a context as JSON: every packed array, vector and color converts (as Arrays
	# of numbers), and a Dictionary whose keys would read the same as text is refused, not cut.
	var rules := _game_in_round_one()
	var seen: Array = []
	rules.action_validator = func(_player_id: int, action: Dictionary) -> Variant:
		seen.append(action["context"])
		return "only looking"
	var cases: Array = [
		[Vector2i(-1, 2), [-1, 2]],
		[Vector4i(1, 2, 3, 4), [1, 2, 3, 4]],
		[Vector4(1, 2, 3, 4.5), [1, 2, 3, 4.5]],
		[Color(1, 0.5, 0, 1), [1, 0.5, 0, 1]],
		[PackedByteArray([7, 255]), [7, 255]],
		[PackedVector2Array([Vector2(1, 2), Vector2(3, 4.5)]), [[1, 2], [3, 4.5]]],
		[PackedVector3Array([Vector3(1, 2, 3)]), [[1, 2, 3]]],
		[PackedVector4Array([Vector4(1, 2, 3, 4)]), [[1, 2, 3, 4]]],
		[PackedColorArray([Color(0, 0, 1, 0.5)]), [[0, 0, 1, 0.5]]],
		[{1: "a unit", "tag": &"name"}, {"1": "a unit", "tag": "name"}],
	]
	var active := rules.get_active_player()
	for case: Array in cases:
		seen.clear()
		var result := rules.perform_action(
			active, {"type": "custom", "kind": "scout", "context": case[0]}
		)
		check_equal(
			result,
			FAILED,
			"%s converted, then refused by the validator" % type_string(typeof(case[0]))
		)
		check_equal(
			seen, [case[1]], "%s reached the validator as JSON" % type_string(typeof(case[0]))
		)
	rules.action_validator = Callable()
	var colliding := {"type": "custom", "kind": "scout", "context": {1: "first", "1": "second"}}
	_check_refused(rules, "perform_action", [active, colliding], "two keys")
	_check_refused(
		rules,
		"perform_action",
		[active, {"type": "custom", "kind": "scout", "context": NAN}],
		"not a finite number"
	)
	rules.free()


func test_saves_the_rules_could_not_play_on_are_refused_and_change_nothing() -> void:
	# Counters at the top of their range loaded, and then every action was refused as a bug
	# (an overflow): a game that could never go on. A hand of a million cards loaded, and then
	# legal_actions() ran for minutes. Both are refused at the load.
	var rules := _game_in_round_one()
	var saved := rules.save_game()
	# As text: the largest u64 is beyond GDScript's int.
	var cases := {
		"round": ['"round":1,', '"round":4294967295,'],
		"action": ['"action":0}', '"action":18446744073709551615}'],
		"object": ['"object":0,', '"object":4294967295,'],
	}
	for what: String in cases:
		var case: Array = cases[what]
		var tampered := saved.replace(case[0], case[1])
		check(tampered != saved, "%s was changed" % what)
		var code: Variant = expect_error(
			rules.load_game.bind(tampered), "more than a game can count"
		)
		check_equal(code, ERR_INVALID_DATA, "%s refused" % what)
		check_equal(rules.save_game(), saved, "the game is unchanged")
	var start := saved.find('"hand":[')
	var cards := PackedStringArray()
	cards.resize(1001)
	cards.fill("1")
	var big := (
		saved.left(start) + '"hand":[' + ",".join(cards) + saved.substr(saved.find("]", start))
	)
	var code: Variant = expect_error(rules.load_game.bind(big), "a deck holds at most 1000")
	check_equal(code, ERR_INVALID_DATA, "a hand beyond any deck refused")
	check_equal(rules.save_game(), saved, "the game is unchanged")
	check_equal(rules.pass_activation(rules.get_active_player()), OK, "and it plays on")
	rules.free()
	var turns := TurnSystem.new()
	turns.set_mode(TurnSystem.MODE_SEATS)
	turns.setup_seats([0, 1, 2], 1)
	for id in [5, 7]:
		turns.add_turn_trigger(id, 1, TurnSystem.TRIGGER_EVERYONE)
	var json := turns.to_json()
	var unordered := json.replace('"id":5', '"id":X').replace('"id":7', '"id":5')
	unordered = unordered.replace('"id":X', '"id":7')
	check(unordered != json, "the triggers were swapped")
	code = expect_error(turns.load_json.bind(unordered), "out of order")
	check_equal(code, ERR_INVALID_DATA, "triggers out of id order refused")
	check_equal(turns.to_json(), json, "the turn system is unchanged")


func test_a_save_passed_through_godot_s_json_is_refused_saying_why() -> void:
	# JSON.parse_string reads every number as a float: a save parsed and written again (to embed
	# it in a game's own save file) failed with "invalid type: floating point `2.0`, expected
	# u32", which did not say what went wrong or what to do.
	var rules := _game_in_round_one()
	var reparsed := JSON.stringify(JSON.parse_string(rules.save_game()))
	var loaded := GameRules.new()
	check_equal(
		expect_error(loaded.load_game.bind(reparsed), "keep a save as the text it was written as"),
		ERR_PARSE_ERROR,
		"the game's save"
	)
	var bag := CommandTokenBag.new()
	bag.add_player_tokens(1, 3)
	var bag_text := JSON.stringify(JSON.parse_string(bag.to_json()))
	check_equal(
		expect_error(CommandTokenBag.new().load_json.bind(bag_text), "read as a decimal"),
		ERR_PARSE_ERROR,
		"a bag's"
	)
	loaded.free()
	rules.free()


## Calls [param method] with [param args] and checks the refusal: misuse logged as an error, or
## a refusal of play said by [method GameRules.get_last_refusal] and not logged (either
## containing [param fragment] when it is not empty), no OK returned, and the game unchanged.
func test_a_keep_of_anything_but_hand_indices_is_misuse_and_bottoms_nothing() -> void:
	# The engine made an Array of Strings or floats into the PackedInt64Array the method took,
	# element by element: "three" kept the hand with card 0 on the bottom, 2.7 bottomed card 2.
	var rules := StarterGame.rules(404, 2)
	rules.start_game()
	rules.take_mulligan(0)
	var bad: Array = [
		["three"],
		[2.7],
		[1.0],
		[null],
		[[1]],
		"0",
		PackedStringArray(["1"]),
		PackedFloat64Array([1.0]),
		Vector2i(1, 0),
		{"0": 1},
	]
	for bottom: Variant in bad:
		_check_refused(rules, "keep_hand", [0, bottom], "hand indices")
	check_equal(rules.keep_hand(0, [1]), OK, "an Array of one int")
	check_equal(rules.keep_hand(1, PackedInt32Array()), OK, "an empty packed Array")
	check_equal(rules.get_phase(), GameRules.PHASE_AWAITING_DRAW, "round 1")
	rules.free()


func _check_refused(rules: GameRules, method: String, args: Array, fragment: String) -> void:
	var saved := rules.save_game()
	var hash := rules.get_state_hash()
	var before := rules.get_last_refusal()
	var result: Variant = rules.callv(method, args)
	var errors := error_log.take()
	var refusal := rules.get_last_refusal()
	var what := "%s(%s)" % [method, str(args).left(40)]
	var said := "\n".join(errors)
	if errors.is_empty():
		check(refusal != before and not refusal["misuse"], "%s: a refusal of play" % what)
		said = refusal.get("reason", "")
	if fragment != "":
		check(fragment in said, "%s: '%s' in %s" % [what, fragment, said])
	check(not (result is int and result == OK and fragment != ""), "%s: not OK" % what)
	check_equal(rules.get_state_hash(), hash, "%s: state hash" % what)
	check(rules.save_game() == saved, "%s: save unchanged" % what)


func _game_in_round_one() -> GameRules:
	var rules := StarterGame.rules(404, 2)
	StarterGame.keep_all(rules)
	rules.draw_next_token()
	return rules
