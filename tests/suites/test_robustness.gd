extends TestSuite
## Issue #15, "never take the game down": each reproduction from the issue, as a test. A crash,
## a Rust panic (the runner fails on "panicked" in the log) or a bricked node fails it.

## Deeper than any stack would survive if the conversion recursed without a limit.
const VERY_DEEP := 10000
## An action the validator judges (it is never asked about a pass).
const SCOUT := {"type": "custom", "kind": "scout"}

## Held only here, and dropped by their own signal handlers.
var _bag: CommandTokenBag
var _turns: TurnSystem
var _auditor: FairnessAuditor


func test_a_hook_returning_a_string_name_refuses_and_the_node_stays_intact() -> void:
	var rules := _game_in_round_one()
	var active := rules.get_active_player()
	rules.action_validator = func(_p: int, _a: Dictionary) -> Variant: return &"no"
	var code: Variant = expect_refusal(
		rules,
		"rejected_by_game",
		func() -> Variant: return rules.perform_action(active, SCOUT),
		"rejected the action: no"
	)
	check_equal(code, FAILED, "a StringName reason refuses like a String")
	check_equal(rules.get_active_player(), active, "the token is kept")
	rules.action_validator = func(_p: int, _a: Dictionary) -> Variant: return &""
	check_equal(rules.perform_action(active, SCOUT), OK, "an empty StringName accepts")
	rules.action_validator = Callable()
	var kinds: Array = []
	rules.reaction_resolved.connect(
		func(_p: int, action: Dictionary, _c: int, _d: int) -> void: kinds.append(action["kind"])
	)
	rules.reaction_provider = func(resolved: Dictionary) -> Array:
		if resolved["depth"] > 0:
			return []
		return [{&"player_id": resolved["player_id"], &"kind": &"scout"}]
	var next := rules.draw_next_token()
	check_equal(rules.pass_activation(next), OK, "StringName keys and kind are read")
	check_equal(kinds, ["scout"], "the reaction resolved")
	check(rules.save_game() != "", "the node still saves")
	check_equal(rules.setup([0, 1], {}), OK, "and still sets up a game")
	rules.free()


func test_string_names_anywhere_in_an_argument_convert() -> void:
	var rules := _game_in_round_one()
	var active := rules.get_active_player()
	var action := {&"type": &"custom", &"kind": &"scout", "context": {&"hex": [&"a", &"b"]}}
	check_equal(rules.perform_action(active, action), OK, "a StringName action is performed")
	check_equal(rules.get_active_player(), GameRules.NO_PLAYER, "the activation ended")
	active = rules.draw_next_token()
	var scout := {"type": "custom", "kind": "scout", "context": &"target"}
	check_equal(rules.perform_action(active, scout), OK, "a StringName context")
	active = rules.draw_next_token()
	var path := NodePath("Units/Archer")
	check_equal(
		rules.perform_action(active, {"type": "custom", "kind": "scout", "context": path}),
		OK,
		"a NodePath context is its text"
	)
	var named := GameRules.new()
	check_equal(named.setup([{"id": 0, "name": &"Ada"}, {&"id": 1}], {}), OK, "StringName setup")
	check_equal(named.get_player_state(0)["name"], "Ada", "the name is its text")
	var auditor := FairnessAuditor.new()
	for event: Dictionary in rules.get_events_for(GameRules.SPECTATOR, 0):
		var renamed := {}
		for key: String in event:
			renamed[StringName(key)] = event[key]
		check(auditor.observe(renamed), "an event with StringName keys is observed")
	named.free()
	rules.free()


func test_a_typed_dictionary_where_another_type_belongs_is_refused() -> void:
	var rules := _game_in_round_one()
	var hash := rules.get_state_hash()
	var typed: Dictionary[StringName, StringName] = {&"type": &"pass"}
	var untyped: Variant = typed
	var errors := _errors_of(func() -> Variant: return rules.callv("pass_activation", [untyped]))
	check(not errors.is_empty(), "the failed call is reported")
	_errors_of(func() -> void: rules.set("seed", untyped))
	_errors_of(func() -> Variant: return CommandTokenBag.new().callv("peek_tokens", [untyped]))
	_errors_of(func() -> Variant: return TurnSystem.new().callv("next_turn", [untyped]))
	check_equal(rules.get_state_hash(), hash, "nothing changed")
	check_equal(rules.perform_action(rules.get_active_player(), typed), OK, "and it is an action")
	rules.free()


func test_a_class_reference_where_a_value_belongs_is_refused_not_a_panic() -> void:
	# `Node` in GDScript is a class reference, which answers only its class's static methods:
	# formatting it for the conversion error once panicked inside the extension.
	var rules := _game_in_round_one()
	var hash := rules.get_state_hash()
	var calls := [
		[rules, "pass_activation"],
		[rules, "load_game"],
		[rules, "load_game_bytes"],
		[CommandTokenBag.new(), "set_seed"],
		[TurnSystem.new(), "get_predicted_queue"],
	]
	for call: Array in calls:
		for reference: Variant in [Node, GameRules, StarterGame]:
			var errors := _errors_of(func() -> Variant: return call[0].callv(call[1], [reference]))
			check(
				errors.size() > 0 and "cannot convert" in errors[0] and not "panic" in str(errors),
				"%s(%s): refused as a conversion, no panic: %s" % [call[1], reference, errors]
			)
	check_equal(rules.get_state_hash(), hash, "nothing changed")
	check_equal(rules.pass_activation(rules.get_active_player()), OK, "the node plays on")
	rules.free()


func test_typed_containers_are_read_like_untyped_ones() -> void:
	# Typed code passes typed containers straight through (no Variant on the way); setup used to
	# panic on an Array[Dictionary] and corrupt memory.
	var rules := GameRules.new()
	var players: Array[Dictionary] = [{"id": 0}, {"id": 1}]
	check_equal(rules.setup(players, {}), OK, "an Array[Dictionary] of players")
	check_equal(players.size(), 2, "and the caller's array is intact")
	var ids: Array[int] = [0, 1, 2]
	var config: Dictionary[String, int] = {"round_limit": 3}
	check_equal(rules.setup(ids, config), OK, "an Array[int] and a Dictionary[String, int]")
	check_equal(rules.get_config()["round_limit"], 3, "read")
	StarterGame.keep_all(rules)
	var action: Dictionary[String, String] = {"type": "pass"}
	check_equal(rules.perform_action(rules.draw_next_token(), action), OK, "a typed action")
	var event: Dictionary[String, Variant] = {"type": "bag_emptied"}
	check(FairnessAuditor.new().observe(event), "a typed event")
	rules.free()


func test_nesting_too_deep_or_sharing_too_often_is_refused_not_fatal() -> void:
	var rules := _game_in_round_one()
	var active := rules.get_active_player()
	var saved := rules.save_game()
	var deep := _nested(VERY_DEEP)
	var calls: Array[Callable] = [
		func() -> Variant:
			return rules.perform_action(
				active, {"type": "custom", "kind": "scout", "context": deep}
			),
		func() -> Variant: return rules.play_card_from_hand(active, 0, deep),
		func() -> Variant: return rules.build(active, "generator", {"at": deep}),
		func() -> Variant: return rules.perform_action(active, {"type": "pass", "x": deep}),
	]
	for call in calls:
		var code: Variant = expect_error(call, "nests deeper than")
		check_equal(code, ERR_INVALID_PARAMETER, "refused as malformed")
	check(rules.save_game() == saved, "nothing changed")
	var fresh := GameRules.new()
	expect_error(func() -> Variant: return fresh.setup([0, deep], {}), "nests deeper")
	expect_error(func() -> Variant: return fresh.setup([0, 1], {"cards": deep}), "nests deeper")
	check(not fresh.is_set_up(), "no game from a refused setup")
	fresh.free()
	var auditor := FairnessAuditor.new()
	expect_error(func() -> Variant: return auditor.observe({"type": deep}), "nests deeper")
	# An action, not a pass: a pass would stand without the refused reactions.
	var scout := {"type": "custom", "kind": "scout"}
	rules.reaction_provider = func(_r: Dictionary) -> Array: return [deep]
	var code: Variant = expect_error(
		func() -> Variant: return rules.perform_action(active, scout), "nests deeper"
	)
	check_equal(code, ERR_INVALID_PARAMETER, "a provider's deep return refuses the action")
	var cyclic: Array = []
	cyclic.append(cyclic)
	rules.reaction_provider = func(_r: Dictionary) -> Array: return cyclic
	expect_error(func() -> Variant: return rules.perform_action(active, scout), "nests deeper")
	cyclic.clear()
	rules.reaction_provider = Callable()
	# One Array held twice at every level: 2^levels values written out (at 40 levels the
	# conversion ran until memory ran out).
	var spare := GameRules.new()
	for levels in [21, 40]:
		var shared: Variant = 1
		for level in levels:
			shared = [shared, shared]
		var custom := {"type": "custom", "kind": "scout", "context": shared}
		var shared_calls: Array[Callable] = [
			func() -> Variant: return rules.perform_action(active, custom),
			func() -> Variant: return auditor.observe({"type": shared}),
			func() -> Variant: return spare.setup([0, 1], {"cards": shared}),
		]
		for call in shared_calls:
			expect_error(call, "values in all")
	# A packed array or a String held many times counts its length each time; a list of
	# players sharing one Dictionary counts it for each entry.
	for size in [65536, 1 << 20]:
		var bytes := PackedByteArray()
		bytes.resize(size)
		var many := []
		many.resize(100 if size == 65536 else 100000)
		many.fill(bytes)
		var big := {"type": "custom", "kind": "scout", "context": many}
		expect_error(func() -> Variant: return rules.perform_action(active, big), "values in all")
	var deck := []
	deck.resize(200000)
	deck.fill(0)
	var seats := []
	seats.resize(10)
	seats.fill({"id": 0, "deck": deck})
	expect_error(func() -> Variant: return spare.setup(seats, {}), "values in all")
	spare.free()
	check(rules.save_game() == saved, "still nothing changed")
	rules.free()


func test_free_inside_a_hook_is_refused_and_the_node_lives_on() -> void:
	# Godot's clean-up of the cancelled free took the node out of the tree and deleted its
	# children (the validator's own node among them): they are kept, and put back.
	var holder := Node.new()
	add_child(holder)
	holder.add_child(Node.new())
	var rules := _game_in_round_one()
	holder.add_child(rules)
	holder.move_child(rules, 0)
	rules.owner = holder
	var child := Node.new()
	rules.add_child(child)
	child.owner = holder
	var active := rules.get_active_player()
	var hash := rules.get_state_hash()
	rules.action_validator = func(_p: int, _a: Dictionary) -> bool:
		rules.free()
		return false
	var errors := _errors_of(func() -> Variant: return rules.perform_action(active, SCOUT))
	check(is_instance_valid(rules), "the node was not freed")
	check("".join(errors).contains("queue_free"), "the error says what to do: %s" % [errors])
	check_equal(rules.get_state_hash(), hash, "the refused action changed nothing")
	check(is_instance_valid(child), "its child was not deleted")
	await get_tree().process_frame
	check(rules.get_parent() == holder and rules.get_index() == 0, "back in its place")
	check(rules.owner == holder and child.owner == holder, "with its owner")
	check(is_instance_valid(child) and child.get_parent() == rules, "and its child")
	rules.action_validator = Callable()
	rules.reaction_provider = func(_r: Dictionary) -> Array:
		rules.free()
		return []
	var passed: Array = []
	_errors_of(func() -> void: passed.append(rules.pass_activation(active)))
	check(is_instance_valid(rules), "not freed by the reaction provider either")
	check_equal(passed, [OK], "the pass went ahead")
	rules.reaction_provider = Callable()
	# (free() in a signal handler is refused by Godot itself, with a script error.)
	check_equal(rules.pass_activation(rules.draw_next_token()), OK, "and it still plays")
	# Freed for good before it could go back: its children go with it, and nothing panics.
	var other := _game_in_round_one()
	holder.add_child(other)
	var kept := Node.new()
	other.add_child(kept)
	other.action_validator = func(_p: int, _a: Dictionary) -> bool:
		other.free()
		return false
	_errors_of(func() -> Variant: return other.perform_action(other.get_active_player(), SCOUT))
	other.action_validator = Callable()
	other.free()
	await get_tree().process_frame
	await get_tree().process_frame
	check(not is_instance_valid(kept), "its child went with it")
	var late := error_log.take()
	check(late.is_empty(), "nothing went wrong putting it back: %s" % [late])
	holder.free()


func test_a_game_loaded_handler_may_load_again_and_again() -> void:
	var rules := _game_in_round_one()
	var saved := rules.save_game()
	var heard := [0]
	rules.game_loaded.connect(
		func() -> void:
			heard[0] += 1
			if heard[0] < 3000:
				rules.load_game(saved)
	)
	check_equal(rules.load_game(saved), OK, "loaded")
	check_equal(heard[0], 3000, "every load said so, one after another (flat, no deep stack)")
	check_equal(rules.save_game(), saved, "the game is the one loaded")
	rules.free()


func test_a_handler_dropping_the_last_reference_does_not_free_the_emitter_mid_call() -> void:
	_bag = CommandTokenBag.new()
	_bag.add_player_tokens(0, 2)
	_bag.token_drawn.connect(_drop_bag)
	var token := _bag.draw_token()
	check(token != null and token.player_id == 0, "the draw finished")
	check(_bag == null, "the handler dropped the bag")
	_turns = TurnSystem.new()
	_turns.add_unit(1, TurnSystem.SIDE_PLAYER, 10)
	_turns.turn_started.connect(_drop_turns)
	check_equal(_turns.next_turn(), 1, "the turn started")
	check(_turns == null, "the handler dropped the turn system")
	var game := StarterGame.rules(16, 2)
	StarterGame.keep_all(game)
	game.play_rounds(1, GameRules.AUTOPLAY_PASS)
	_auditor = FairnessAuditor.new()
	_auditor.round_verified.connect(_drop_auditor)
	for event: Dictionary in game.get_events_for(GameRules.SPECTATOR, 0):
		if _auditor:
			_auditor.observe(event)
	check(_auditor == null, "the handler dropped the auditor")
	game.free()
	# What the handlers dropped is released on the next frame.
	await get_tree().process_frame


func test_handlers_that_keep_calling_back_run_flat() -> void:
	for mode in [TurnSystem.MODE_INITIATIVE, TurnSystem.MODE_SEATS]:
		var turns := TurnSystem.new()
		turns.add_unit(1, TurnSystem.SIDE_PLAYER, 20)
		turns.add_unit(2, TurnSystem.SIDE_ENEMY, 10)
		turns.setup_seats(PackedInt64Array([0, 1, 2]), 5)
		turns.set_mode(mode)
		var started := [0]
		turns.turn_started.connect(
			func(_id: int, _extra: bool) -> void:
				started[0] += 1
				if started[0] < 20000:
					turns.end_turn()
					turns.next_turn()
		)
		turns.next_turn()
		check_equal(started[0], 20000, "20 000 turns started from handlers (mode %d)" % mode)
		_disconnect_all(turns)
	var bag := CommandTokenBag.new()
	bag.set_seed(3)
	var drawn := [0]
	bag.token_drawn.connect(
		func(_p: int, _r: int) -> void:
			drawn[0] += 1
			if drawn[0] < 20000:
				bag.clear()
				bag.add_player_tokens(0, 1)
				bag.draw_token()
	)
	bag.add_player_tokens(0, 1)
	bag.draw_token()
	check_equal(drawn[0], 20000, "20 000 draws from handlers")
	_disconnect_all(bag)
	# Each verdict's handler feeds the auditor the events up to the next round's reveal (a round
	# fed again fails once and then says nothing, so each is fed once, in order).
	var game := StarterGame.rules(15, 2, {"round_limit": 500})
	StarterGame.keep_all(game)
	game.play_rounds(500, GameRules.AUTOPLAY_PASS)
	var chunks: Array = [[]]
	for event: Dictionary in game.get_events_for(GameRules.SPECTATOR, 0):
		chunks.back().append(event)
		if event["type"] == "round_revealed":
			chunks.append([])
	var auditor := FairnessAuditor.new()
	var fed := [0]
	var again := func() -> void:
		if fed[0] < chunks.size():
			fed[0] += 1
			for event: Dictionary in chunks[fed[0] - 1]:
				auditor.observe(event)
	auditor.round_verified.connect(func(_round: int, _draws: int) -> void: again.call())
	auditor.round_failed.connect(func(_round: int, _reason: String) -> void: again.call())
	again.call()
	check_equal(auditor.get_verified_rounds().size(), 500, "500 audits started from handlers")
	check_equal(auditor.get_failures(), PackedStringArray(), "every round fair")
	_disconnect_all(auditor)
	game.free()


func test_what_the_rules_accept_saves_and_replays() -> void:
	var rules := _game_in_round_one()
	var active := rules.get_active_player()
	var too_deep := {"type": "custom", "kind": "scout", "context": _nested(126)}
	var code: Variant = expect_error(
		func() -> Variant: return rules.perform_action(active, too_deep), "nests deeper"
	)
	check_equal(code, ERR_INVALID_PARAMETER, "126 levels are refused")
	var deepest := {"type": "custom", "kind": "scout", "context": _nested(32)}
	check_equal(rules.perform_action(active, deepest), OK, "32 levels are accepted")
	var copy := GameRules.new()
	check_equal(copy.load_game(rules.save_game()), OK, "the save loads")
	check_equal(copy.get_state_hash(), rules.get_state_hash(), "the same game")
	check_equal(copy.load_game_bytes(rules.save_game_bytes()), OK, "the binary save loads")
	check_equal(copy.save_game(), rules.save_game(), "the same game from binary")
	check_equal(copy.load_replay(rules.save_replay()), OK, "the replay loads")
	check_equal(copy.get_state_hash(), rules.get_state_hash(), "the same game again")
	copy.free()
	rules.free()


func test_a_replay_reproduces_what_the_hooks_decided() -> void:
	var rules := StarterGame.rules(77, 3, {"round_limit": 3, "starting_resources": 200})
	var asked := [0]
	rules.reaction_provider = func(resolved: Dictionary) -> Array:
		asked[0] += 1
		if resolved["depth"] > 0 or asked[0] % 2 == 0:
			return []
		return [{"player_id": resolved["player_id"], "kind": "trade"}]
	rules.action_validator = func(_p: int, action: Dictionary) -> Variant:
		asked[0] += 1
		return "no building" if action["type"] == "build" and asked[0] % 3 == 0 else true
	check_equal(StarterGame.play_bots(rules), OK, "bots play to the end")
	check(asked[0] > 50, "the hooks were asked (%d)" % asked[0])
	var replayed := GameRules.new()
	check_equal(replayed.load_replay(rules.save_replay()), OK, "the replay loads")
	check_equal(replayed.get_state_hash(), rules.get_state_hash(), "the same game, hooks and all")
	for player_id in rules.get_player_ids():
		check_equal(
			replayed.get_player_state(player_id)["resources"],
			rules.get_player_state(player_id)["resources"],
			"player %d's resources" % player_id
		)
	# The first question of a trace is a validation; answer it with a reaction list instead.
	var edited := rules.save_replay().replace('"decisions":[', '"decisions":[{"reactions":[]},')
	var code: Variant = expect_error(
		func() -> Variant: return replayed.load_replay(edited), "does not replay as recorded"
	)
	check_equal(code, ERR_INVALID_DATA, "a record that does not match is refused")
	check_equal(replayed.get_state_hash(), rules.get_state_hash(), "the loaded game stays")
	replayed.free()
	rules.free()


func test_no_mulligan_strands_a_hand() -> void:
	var rules := GameRules.new()
	rules.setup([{"id": 0, "name": "Ada"}, {"id": 1, "name": "Brin"}], {})
	rules.start_game()
	var code: Variant = expect_refusal(
		rules,
		"mulligan_limit",
		func() -> Variant: return rules.take_mulligan(0),
		"no cards would be left"
	)
	check_equal(code, ERR_CANT_ACQUIRE_RESOURCE, "a mulligan with nothing to draw is refused")
	check_equal(rules.keep_hand(0, PackedInt64Array()), OK, "the empty hand is kept")
	rules.free()
	for seed_value in range(290, 310):
		var bots := GameRules.new()
		bots.randomize_seed = false
		bots.seed = seed_value
		bots.setup([0, 1], {})
		bots.start_game()
		check_equal(bots.play_rounds(2, GameRules.AUTOPLAY_BOTS), 2, "seed %d" % seed_value)
		bots.free()


func test_every_query_from_inside_a_hook_answers_or_says_busy() -> void:
	# Item 12: queries used to return -1, 0 or nothing inside a hook without a word. Now those
	# that read the game answer (as they would outside it, the action not yet taken), and those
	# that need the log, a save or more say ERR_BUSY in the error log.
	var rules := _game_in_round_one()
	var active := rules.get_active_player()
	var reads := [
		"get_phase",
		"get_round",
		"get_player_ids",
		"get_living_player_ids",
		"get_pending_entropy",
		"get_active_player",
		"get_state_hash",
		"get_objects",
		"get_config",
	]
	var busy := ["save_game", "save_replay", "get_last_event_seq", "can_undo"]
	var outside := {}
	for query: String in reads:
		outside[query] = rules.call(query)
	var inside := {}
	var logged := {}
	rules.action_validator = func(_p: int, _a: Dictionary) -> bool:
		for query: String in reads + busy:
			error_log.take()
			inside[query] = rules.call(query)
			logged[query] = error_log.take()
		return true
	check_equal(rules.perform_action(active, SCOUT), OK, "the action is accepted")
	for query: String in reads:
		check_equal(inside.get(query), outside[query], "%s inside a hook" % query)
		check_equal(logged.get(query), PackedStringArray(), "%s logs nothing" % query)
	for query: String in busy:
		var errors: PackedStringArray = logged.get(query, PackedStringArray())
		check(
			errors.size() == 1 and "resolving an action" in errors[0],
			"%s inside a hook logs ERR_BUSY: %s" % [query, errors]
		)
	rules.free()


func test_replacing_the_game_from_inside_a_hook_is_refused_with_a_trace() -> void:
	# setup and the three loads returned ERR_BUSY from a hook, but without the refused signal
	# or get_last_refusal() that every other refused call leaves.
	var rules := _game_in_round_one()
	var save := rules.save_game()
	var heard: Array = []
	rules.refused.connect(
		func(method: String, _player_id: int, kind: String, _reason: String) -> void:
			heard.append([method, kind])
	)
	var answers := {}
	var kinds := {}
	var calls := {
		"GameRules.setup": func() -> Error: return rules.setup([0, 1], {}),
		"GameRules.load_game": func() -> Error: return rules.load_game(save),
		"GameRules.load_game_bytes":
		func() -> Error: return rules.load_game_bytes(PackedByteArray()),
		"GameRules.load_replay": func() -> Error: return rules.load_replay(save),
	}
	rules.action_validator = func(_p: int, _a: Dictionary) -> bool:
		for method: String in calls:
			answers[method] = calls[method].call()
			kinds[method] = rules.get_last_refusal().get("kind")
		return true
	error_log.take()
	check_equal(rules.perform_action(rules.get_active_player(), SCOUT), OK, "the action")
	error_log.take()
	for method: String in calls:
		check_equal(answers.get(method), ERR_BUSY, "%s inside a hook" % method)
		check_equal(kinds.get(method), "busy", "%s: get_last_refusal()" % method)
	check_equal(
		heard.filter(func(entry: Array) -> bool: return entry[1] == "busy"),
		calls.keys().map(func(method: String) -> Array: return [method, "busy"]),
		"refused signals"
	)
	rules.free()


func test_no_single_call_holds_the_game_up() -> void:
	var rules := StarterGame.rules(9, 2)
	StarterGame.keep_all(rules)
	var hash := rules.get_state_hash()
	var ended: Variant = expect_error(
		func() -> int: return rules.play_rounds(1 << 31, GameRules.AUTOPLAY_PASS), "rounds"
	)
	check_equal(ended, -1, "two billion rounds in one call are refused")
	check_equal(rules.get_state_hash(), hash, "nothing was played")
	check_equal(GameRules.MAX_AUTOPLAY_ROUNDS, 10000, "the bound")
	var looping := GameRules.new()
	var config := (
		StarterGame
		. config(
			{
				"reactions": [{"name": "echo", "trigger": "scout", "response": "scout"}],
				"max_reaction_depth": 1 << 20,
				"max_reactions_per_activation": 1 << 30,
			}
		)
	)
	expect_error(
		func() -> Error: return looping.setup(StarterGame.players(2), config), "at most 10000"
	)
	rules.free()
	looping.free()


func test_an_online_host_rekeys_the_game_from_the_os() -> void:
	var plain := StarterGame.rules(7, 3)
	var keyed := StarterGame.rules(7, 3)
	check_equal(keyed.rekey_from_os(), OK, "rekeyed during setup")
	for game: GameRules in [plain, keyed]:
		StarterGame.keep_all(game)
	check(
		_commitments(plain) != _commitments(keyed),
		"round 1's commitment no longer follows from seed 7"
	)
	check(
		plain.get_player_state(0)["hand"] != keyed.get_player_state(0)["hand"],
		"nor does the opening hand"
	)
	var replayed := GameRules.new()
	replayed.load_replay(keyed.save_replay())
	check_equal(replayed.get_state_hash(), keyed.get_state_hash(), "the replay keeps the key")
	var code: Variant = expect_refusal(
		keyed, "wrong_phase", keyed.rekey_from_os, "only possible during setup"
	)
	check_equal(code, ERR_UNAVAILABLE, "too late once the game started")
	for game: GameRules in [plain, keyed, replayed]:
		game.free()


func test_a_bag_loaded_by_its_own_token_drawn_handler_keeps_every_token_true() -> void:
	# The handler replaces the bag mid-draw with one whose tokens reuse the same ids: the token
	# the outer draw returns still shows its own draw, the loaded bag's tokens show theirs, and
	# the old bag's bag_emptied, still waiting, is not emitted about the new one.
	var other := CommandTokenBag.new()
	other.set_seed(1)
	other.add_player_tokens(5, 2)
	other.shuffle()
	var save := other.to_json()
	var bag := CommandTokenBag.new()
	bag.set_seed(2)
	bag.add_player_tokens(1, 1)
	bag.shuffle()
	var heard: Array = []
	var reload := func(player_id: int, remaining: int) -> void:
		heard.append(["drawn", player_id, remaining])
		if heard.size() == 1:
			bag.load_json(save)
	bag.token_drawn.connect(reload)
	var emptied := func() -> void: heard.append(["emptied"])
	bag.bag_emptied.connect(emptied)
	var first := bag.draw_token()
	check_equal(first.player_id, 1, "the outer draw's token is player 1's")
	check_equal(heard, [["drawn", 1, 0]], "the old bag's bag_emptied was dropped")
	var loaded: Array[int] = []
	while not bag.is_empty():
		loaded.append(bag.draw_token().player_id)
	check_equal(loaded, [5, 5], "the loaded bag's tokens are player 5's")
	var history := bag.get_drawn_history().map(func(t: CommandToken) -> int: return t.player_id)
	check_equal(history, [5, 5], "its history too")
	# The handler holds the bag: let go of it, or the two keep each other alive.
	bag.token_drawn.disconnect(reload)


func test_signals_waiting_when_a_handler_loads_a_turn_system_are_dropped() -> void:
	# turn_changed comes first; a handler that loads an empty fight there replaces the game, and
	# turn_started and status_ticked of the old one must not follow, telling of a unit gone.
	var turns := TurnSystem.new()
	turns.add_unit(1, TurnSystem.SIDE_PLAYER, 20)
	turns.apply_status(1, "burn", TurnSystem.STATUS_DAMAGE_OVER_TIME, 1, 3)
	var empty := TurnSystem.new().to_json()
	var heard: Array[String] = []
	var load_empty := func(_previous: int, _next: int, _new_round: bool) -> void:
		heard.append("turn_changed")
		turns.load_json(empty)
	turns.turn_changed.connect(load_empty)
	turns.turn_started.connect(func(_id: int, _extra: bool) -> void: heard.append("turn_started"))
	turns.status_ticked.connect(
		func(_id: int, _status: String, _value: int) -> void: heard.append("status_ticked")
	)
	turns.next_turn()
	check_equal(heard, ["turn_changed"], "nothing after the load")
	check_equal(turns.get_unit_ids(), PackedInt64Array(), "the empty fight")
	turns.turn_changed.disconnect(load_empty)


func test_a_sample_of_the_rest_of_a_round_stays_within_its_budget() -> void:
	# 100 000 samples of a full 8 x 64 bag took 4.6 s and 750 MB in one call.
	var bag := CommandTokenBag.new()
	for player_id in 8:
		bag.add_player_tokens(player_id, 64)
	bag.shuffle()
	check_equal(bag.sample_rest_of_round(1953, 1).size(), 1953, "a million tokens in all")
	check_equal(bag.sample_rest_of_round(1954, 1).size(), 0, "one sample more is refused")
	check_equal(error_log.take().size(), 1, "and said")
	bag.clear()
	bag.add_player_tokens(0, 3)
	check_equal(bag.sample_rest_of_round(100000, 1).size(), 100000, "many samples of a few tokens")


func _commitments(rules: GameRules) -> Array:
	return rules.get_events_since(0).filter(
		func(event: Dictionary) -> bool: return event["type"] == "round_committed"
	)


func _drop_bag(_player_id: int, _remaining: int) -> void:
	_bag = null


func _drop_turns(_unit_id: int, _is_extra_turn: bool) -> void:
	_turns = null


func _drop_auditor(_round: int, _draws: int) -> void:
	_auditor = null


## Disconnects every handler from [param object]'s signals: the handlers above hold the object
## they call back into, a cycle that would otherwise keep it alive.
func _disconnect_all(object: Object) -> void:
	for signal_info: Dictionary in object.get_signal_list():
		for connection: Dictionary in object.get_signal_connection_list(signal_info["name"]):
			object.disconnect(signal_info["name"], connection["callable"])


## Runs [param call] and returns the errors it logged (none of them fail the test).
func _errors_of(call: Callable) -> PackedStringArray:
	error_log.take()
	call.call()
	return error_log.take()


## An Array nested [param levels] deep, built without recursion.
func _nested(levels: int) -> Array:
	var outer: Array = []
	var inner := outer
	for _level in levels - 1:
		var next: Array = []
		inner.append(next)
		inner = next
	return outer


func _game_in_round_one() -> GameRules:
	var rules := StarterGame.rules(404, 2)
	StarterGame.keep_all(rules)
	rules.draw_next_token()
	return rules
