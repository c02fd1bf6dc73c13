extends SceneTree
## The GDScript fuzzer: seeded random calls on every class of the horizons_edge extension, with
## hostile arguments of every Variant type, re-entrant signal handlers and hooks, checked for
## Rust panics, GDScript errors and state changes on refusal. [code]cargo xtask fuzz[/code] and
## the "GDScript fuzzer" step of [code]cargo xtask test[/code] run it in child processes, so a
## crash is caught and reported with the call that caused it.
##
## [codeblock]
## godot --headless --path tests -s res://fuzz/fuzz.gd -- --seed 7 --calls 4000 --seconds 20
##     --journal /tmp/journal.txt [--skip string-name,deep,typed,free,recursion]
## [/codeblock]
##
## The run is a series of episodes. Each makes fresh objects (a [GameRules] in the tree and one
## outside it, a [CommandTokenBag], a [TurnSystem], a [FairnessAuditor], the read-only bag of a
## game and [CommandToken]s from draws), plays some of them into real games, connects random
## handlers to their signals and random hooks to the games, then makes random calls: every
## method [method ClassDB.class_get_method_list] lists, half the time with plausible arguments
## (so deep states are reached) and otherwise with hostile ones, through [method Object.callv]
## or, for half the calls whose arguments fit, through a statically typed caller compiled at
## run time (see [code]typed_calls.gd[/code]). After every call that was refused (an
## [enum Error] other than OK, or an error logged and -1/null/empty returned) and every const
## call, the target's serialized state must be as before; at the end of an episode every object
## must still work. Before each call a line goes to the journal and is flushed:
## [code]<call index> <depth> <Class>.<method>(<args>)[/code] (lines of handlers and hooks start
## with [code]-[/code]), so the last line names the call a dying engine was in. The same seed
## makes the same calls; [code]--calls N[/code] stops after call N.
##
## Findings are printed as [code]fuzz: FAIL <kind>: ...[/code]; the closing line is
## [code]fuzz: seed S: N calls (T top-level), E episodes, ...[/code]. Exit code 0: nothing
## found; 1: findings; 2: bad arguments.

enum Plan { NOTHING, CALL_ANY, REENTER, FREE, DROP, RECONNECT, SET_HOOKS, LOAD_STATE }
enum HookPlan { ANSWER, CALL_BACK, FREE_RULES, REPLACE_HOOKS, WRONG_ARITY, RECURSE }

const FuzzLog := preload("res://fuzz/fuzz_log.gd")
const FuzzState := preload("res://fuzz/fuzz_state.gd")
const FuzzValues := preload("res://fuzz/fuzz_values.gd")
const TypedCalls := preload("res://fuzz/typed_calls.gd")

const EXIT_FINDINGS := 1
const EXIT_USAGE := 2
## Categories [code]--skip[/code] can leave out while a known bug is being fixed.
const SKIPPABLE: PackedStringArray = ["string-name", "deep", "typed", "free", "recursion"]
const PLAN_NAMES: PackedStringArray = [
	"nothing", "call any", "re-enter", "free", "drop", "reconnect", "set hooks", "load state"
]
const PLAN_WEIGHTS: Array[int] = [2, 6, 6, 1, 1, 1, 1, 1]
const HOOK_PLAN_NAMES: PackedStringArray = [
	"answer", "call back", "free the rules", "replace hooks", "wrong arity", "recurse"
]
const HOOK_PLAN_WEIGHTS: Array[int] = [8, 4, 2, 1, 1, 2]
## Handler recursion limits: each handler re-enters until the handlers of one top-level call
## have run this many times.
const RECURSION_LIMITS: Array[int] = [2, 16, 300, 3000]
## Recursion limit under [code]--skip recursion[/code].
const SHALLOW_RECURSION := 64
## The slots: which object of the episode a call goes to.
const SLOT_RULES_IN_TREE := 0
const SLOT_RULES := 1
const SLOT_BAG := 2
const SLOT_TURNS := 3
const SLOT_AUDITOR := 4
const SLOT_BAG_COPY := 5
const SLOT_TOKEN := 6
const SLOT_CATALOG := 7
const SLOT_CARD := 8
const SLOT_STRUCTURE := 9
const SLOT_NAMES: PackedStringArray = [
	"rules in the tree",
	"rules outside the tree",
	"bag",
	"turns",
	"auditor",
	"game's bag",
	"token",
	"card catalog",
	"catalog's card",
	"catalog's structure",
]
const SLOT_WEIGHTS: Array[int] = [26, 16, 18, 18, 8, 7, 7, 8, 4, 4]
## Calls, handlers and hooks nest at most this deep (except the re-entering handlers), so the
## fuzzer stays clear of GDScript's own call-depth limit.
const MAX_NESTING := 400
## Calls one top-level call may lead to (through handlers and hooks), at most: a re-entering
## handler and a hook that reacts to every reaction can otherwise keep one call busy for minutes.
const CALLS_PER_TOP_LEVEL := 20000
## Top-level calls per episode, at most.
const EPISODE_CALLS := 150
## Reports printed per kind of finding (all are counted).
const REPORTS_PER_KIND := 3
## Methods whose refusal may come after some of their work is done, as documented: the rounds
## play_rounds played before a refused command stay played.
const PARTIAL_ON_REFUSAL: PackedStringArray = ["play_rounds"]
## One call in this many compares whole saves of a game, not only its hash and log length.
const FULL_STATE_EVERY := 8

var _rng := RandomNumberGenerator.new()
var _values: FuzzValues
var _log: FuzzLog
var _journal: FileAccess
var _journal_path := ""
var _seed := 1
var _max_calls := 3000
var _seconds := 30.0
var _skip: PackedStringArray = []
var _started_msec := 0
var _calls := 0
var _top_calls := 0
var _episodes := 0
var _depth := 0
var _handler_runs := 0
## The index of the current top-level call.
var _top_call_index := 0
var _failures: Dictionary = {}
## The objects of the episode, by slot (null once freed or dropped).
var _targets: Array = []
## Every node made in the episode, freed at its end.
var _nodes: Array = []
## Method lists and signal lists ([name, argument count]) by class.
var _methods: Dictionary = {}
var _signals: Dictionary = {}
## Instance id → hooks of that game running now (its state cannot be read meanwhile).
var _in_hook: Dictionary = {}
## Instance id → whether a nested call changed that object (then its state may differ).
var _changed: Dictionary = {}
## What encloses the current call: outer calls, handlers and hooks.
var _trail: PackedStringArray = []
## Statically typed callers of every method (see [method _build_typed_callers]).
var _typed_callers: Object
## Names of the settable properties of GameRules, reset before the health check.
var _rules_properties: PackedStringArray = []


func _initialize() -> void:
	var problem := _parse_options(OS.get_cmdline_user_args())
	if problem != "":
		printerr("fuzz: %s" % problem)
		quit(EXIT_USAGE)
		return
	_rng.seed = _seed
	_log = FuzzLog.new()
	OS.add_logger(_log)
	_run.call_deferred()


func _run() -> void:
	if not ClassDB.class_exists("GameRules"):
		_fail("SETUP", "the horizons_edge extension did not load")
	else:
		_started_msec = Time.get_ticks_msec()
		_values = FuzzValues.new(_rng)
		_values.skip_string_names = _skip.has("string-name")
		_values.skip_deep = _skip.has("deep")
		_values.skip_typed = _skip.has("typed")
		_values.subjects = _targets
		_read_classes()
		_journal = FileAccess.open(_journal_path, FileAccess.WRITE)
		_note("seed %d: making the pools of saves and events" % _seed)
		_fill_pools()
		while _calls < _max_calls and _elapsed() < _seconds:
			_episode()
			await process_frame
		_values.release()
		_values = null
	_targets.clear()
	var seconds := _elapsed()
	var found := PackedStringArray()
	for kind: String in _failures:
		found.append("%s %d" % [kind, _failures[kind]])
	print(
		(
			"fuzz: seed %d: %d calls (%d top-level), %d episodes, %.1f s, findings: %s"
			% [
				_seed,
				_calls,
				_top_calls,
				_episodes,
				seconds,
				", ".join(found) if not found.is_empty() else "none"
			]
		)
	)
	_journal = null
	OS.remove_logger(_log)
	_log = null
	quit(0 if _failures.is_empty() else EXIT_FINDINGS)


func _parse_options(args: PackedStringArray) -> String:
	var index := 0
	while index < args.size():
		var option := args[index]
		var value := args[index + 1] if index + 1 < args.size() else ""
		match option:
			"--seed":
				_seed = value.to_int()
			"--calls":
				_max_calls = value.to_int()
			"--seconds":
				_seconds = value.to_float()
			"--journal":
				_journal_path = value
			"--skip":
				_skip = value.split(",", false)
				for category in _skip:
					if not SKIPPABLE.has(category):
						return "unknown --skip category %s (%s)" % [category, ", ".join(SKIPPABLE)]
			_:
				return "unknown option %s" % option
		index += 2
	if _journal_path == "":
		return "usage: -- --seed N --calls N --seconds S --journal PATH [--skip a,b]"
	return ""


func _elapsed() -> float:
	return (Time.get_ticks_msec() - _started_msec) / 1000.0


## Reads the methods and signals of every extension class from ClassDB, so methods added later
## are fuzzed without a change here.
func _read_classes() -> void:
	for cls in [
		"GameRules",
		"CommandTokenBag",
		"TurnSystem",
		"FairnessAuditor",
		"CommandToken",
		"CardCatalog",
		"CardDefinition",
		"StructureDefinition",
	]:
		var methods: Array = []
		for method: Dictionary in ClassDB.class_get_method_list(cls, true):
			var returned: Dictionary = method["return"]
			var info := {
				"name": method["name"],
				"args": method["args"],
				"error": returned["class_name"] == &"Error",
				"const": (method["flags"] & METHOD_FLAG_CONST) != 0,
			}
			methods.append(info)
			info["typed"] = TypedCalls.source_of(cls, method)
			info["defaults"] = method["default_args"].size()
		# Object.free (which really frees a node that no call or emission holds) and
		# Node.duplicate, called with no arguments: a duplicate() whose argument does not convert
		# leaks the copy it made (a Godot bug, not the extension's).
		if not _skip.has("free"):
			methods.append(
				{"name": "free", "args": [], "error": false, "const": false, "own": true}
			)
		if ClassDB.is_parent_class(cls, "Node"):
			methods.append(
				{"name": "duplicate", "args": [], "error": false, "const": false, "own": true}
			)
		_methods[cls] = methods
		var signals: Array = []
		for signal_info: Dictionary in ClassDB.class_get_signal_list(cls, true):
			signals.append([signal_info["name"], signal_info["args"].size()])
		_signals[cls] = signals
	for method: Dictionary in _methods["GameRules"]:
		var method_name: String = method["name"]
		if method_name.begins_with("set_") and method["args"].size() == 1:
			_rules_properties.append(method_name.trim_prefix("set_"))
	_build_typed_callers()


## Compiles the typed callers of every method into one script, at run time, so that methods
## added later get theirs too.
func _build_typed_callers() -> void:
	var sources := PackedStringArray()
	for cls: String in _methods:
		for method: Dictionary in _methods[cls]:
			if method.has("typed"):
				sources.append(method["typed"])
	_typed_callers = TypedCalls.compile(sources)
	if _typed_callers == null:
		_fail("SETUP", "the typed callers do not compile")


## Real saves and events for plausible arguments: a few seeded games played by bots.
func _fill_pools() -> void:
	for players in [2, 4]:
		var rules := StarterGame.rules(_seed + players, players, {"round_limit": 3})
		StarterGame.keep_all(rules)
		rules.play_rounds(2, GameRules.AUTOPLAY_BOTS)
		_remember(rules, rules.save_game())
		_remember(rules, rules.save_replay())
		_values.events.append_array(rules.get_events_since(0))
		var bag := rules.get_bag()
		_remember(bag, bag.to_json())
		rules.free()
	var turns := TurnSystem.new()
	turns.add_unit(1, TurnSystem.SIDE_PLAYER, 12)
	turns.setup_seats(PackedInt64Array([0, 1, 2]), _seed)
	_remember(turns, turns.to_json())


func _remember(target: Variant, json: String) -> void:
	var pool: PackedStringArray = _values.saves.get(target.get_class(), PackedStringArray())
	if json == "" or pool.has(json):
		return
	if pool.size() >= 8:
		pool.remove_at(_rng.randi() % pool.size())
	pool.append(json)
	_values.saves[target.get_class()] = pool


# Episodes --------------------------------------------------------------------------------------


func _episode() -> void:
	_episodes += 1
	_journal = FileAccess.open(_journal_path, FileAccess.WRITE)
	# The bags' spare token objects, kept for reuse, are not the episode's leaks.
	CommandToken.free_spares()
	var objects := Performance.get_monitor(Performance.OBJECT_COUNT)
	_note("seed %d episode %d from call %d" % [_seed, _episodes, _calls])
	_top_call_index = _calls
	_targets.clear()
	_targets.resize(SLOT_STRUCTURE + 1)
	for slot in _targets.size():
		_create(slot)
	_set_up_world()
	for slot in _targets.size():
		_wire(slot)
	var calls := _rng.randi_range(EPISODE_CALLS / 4, EPISODE_CALLS)
	for index in calls:
		if _calls >= _max_calls or _elapsed() >= _seconds:
			break
		_top_level_call()
	for slot in _targets.size():
		_unwire(slot)
	_check_health()
	_free_world()
	CommandToken.free_spares()
	var left := Performance.get_monitor(Performance.OBJECT_COUNT) - objects
	if left > 0:
		_fail("LEAK", "episode %d left %d more objects than it found" % [_episodes, left])


func _create(slot: int) -> void:
	var target: Object = null
	match slot:
		SLOT_RULES_IN_TREE, SLOT_RULES:
			var rules := GameRules.new()
			rules.randomize_seed = false
			rules.seed = _rng.randi()
			_nodes.append(rules)
			if slot == SLOT_RULES_IN_TREE:
				root.add_child(rules)
			target = rules
		SLOT_BAG:
			var bag := CommandTokenBag.new()
			bag.set_seed(_rng.randi())
			target = bag
		SLOT_TURNS:
			target = TurnSystem.new()
		SLOT_AUDITOR:
			target = FairnessAuditor.new()
		SLOT_BAG_COPY:
			var rules: Variant = _targets[SLOT_RULES_IN_TREE]
			if is_instance_valid(rules) and rules.is_set_up():
				target = _call(rules, "get_bag", [])
		SLOT_TOKEN:
			var bag := CommandTokenBag.new()
			bag.set_seed(_rng.randi())
			_call(bag, "add_player_tokens", [_rng.randi_range(0, 7), 1])
			target = _call(bag, "draw_token", [])
		SLOT_CATALOG:
			target = CardCatalog.from_config(_values.config())
		SLOT_CARD, SLOT_STRUCTURE:
			# An entry of the catalog, whose changes the catalog passes on.
			var catalog: Variant = _targets[SLOT_CATALOG]
			var entries: Array = []
			if catalog is CardCatalog:
				entries = catalog.cards if slot == SLOT_CARD else catalog.structures
			if not entries.is_empty():
				target = entries[0]
			else:
				target = CardDefinition.new() if slot == SLOT_CARD else StructureDefinition.new()
	_targets[slot] = target
	_note("new %s: %s" % [SLOT_NAMES[slot], _values.describe(target)])


## Plays the episode's objects into real states, through journaled calls.
func _set_up_world() -> void:
	for slot in [SLOT_RULES_IN_TREE, SLOT_RULES]:
		var rules: Variant = _targets[slot]
		if _rng.randf() < 0.8:
			var players := _rng.randi_range(1, 8)
			_call(rules, "setup", [_values.players_of(players), _values.config()])
			if _rng.randf() < 0.8:
				_call(rules, "start_game", [])
				for player in _ids_of(rules):
					if _rng.randf() < 0.2:
						_call(rules, "take_mulligan", [player])
					_call(rules, "keep_hand", [player, PackedInt64Array()])
				if _rng.randf() < 0.3:
					_call(rules, "play_rounds", [_rng.randi_range(0, 2), GameRules.AUTOPLAY_BOTS])
	_create(SLOT_BAG_COPY)
	var bag: Variant = _targets[SLOT_BAG]
	for player in _rng.randi_range(0, 8):
		_call(bag, "add_player_tokens", [player, _rng.randi_range(1, 6)])
	_call(bag, "shuffle", [])
	var turns: Variant = _targets[SLOT_TURNS]
	for unit in _rng.randi_range(0, 5):
		_call(turns, "add_unit", [unit + 1, unit % 2, _rng.randi_range(1, 30)])
	if _rng.randf() < 0.5:
		_call(turns, "setup_seats", [PackedInt64Array(range(_rng.randi_range(1, 8))), _seed])
		_call(turns, "set_mode", [_rng.randi_range(0, 1)])
	var auditor: Variant = _targets[SLOT_AUDITOR]
	# Real events in order, so that rounds are verified (and their signals raised).
	for index in _rng.randi_range(0, _values.events.size()):
		_call(auditor, "observe", [_values.events[index]])


func _ids_of(target: Variant) -> PackedInt64Array:
	var ids: Variant = null
	if is_instance_valid(target) and target.has_method("get_player_ids"):
		ids = _call(target, "get_player_ids", [])
	return ids if ids is PackedInt64Array else PackedInt64Array()


func _free_world() -> void:
	for node: Variant in _nodes:
		if is_instance_valid(node):
			node.free()
	_nodes.clear()
	# A catalog may hold itself: the fuzzer stores any value in its properties (a Dictionary
	# holding the catalog, say), a reference cycle of its own making, not a leak of ours.
	var no_cards: Array[CardDefinition] = []
	var no_structures: Array[StructureDefinition] = []
	for target: Variant in _targets:
		if is_instance_valid(target) and target is CardCatalog:
			target.action_kinds = {}
			target.cards = no_cards
			target.structures = no_structures
	_targets.clear()
	_values.release()
	_in_hook.clear()
	_changed.clear()
	_trail.clear()


# Calls -----------------------------------------------------------------------------------------


func _top_level_call() -> void:
	_top_calls += 1
	_top_call_index = _calls
	_handler_runs = 0
	_log.take_since(0)
	var slot := _weighted(SLOT_WEIGHTS)
	if not is_instance_valid(_targets[slot]):
		_create(slot)
	var target: Variant = _targets[slot]
	if not is_instance_valid(target):
		return
	if _rng.randf() < 0.3:
		_advance(target)
	else:
		_random_call(target)


## A random method of [param target] with plausible or hostile arguments.
func _random_call(target: Variant) -> Variant:
	if not is_instance_valid(target):
		return null
	var methods: Array = _methods[target.get_class()]
	var method: Dictionary = methods[_rng.randi() % methods.size()]
	var plausible := _rng.randf() < 0.5
	var situation := _situation(target) if plausible or _rng.randf() < 0.5 else {}
	var args: Array = []
	for arg: Dictionary in method["args"]:
		if plausible or _rng.randf() < 0.3:
			args.append(_plausible(target, arg["name"], arg["type"], situation))
		else:
			args.append(_values.hostile())
	var arity := _rng.randf() if not method.get("own", false) else 1.0
	if arity < 0.03:
		args.append(_values.hostile())
	elif arity < 0.06 and not args.is_empty():
		args.pop_back()
	_bound_cost(method["name"], args)
	return _call(target, method["name"], args)


func _plausible(target: Variant, param: String, type: int, situation: Dictionary) -> Variant:
	if type == TYPE_CALLABLE and is_instance_valid(target) and target is GameRules:
		return _make_hook(_targets.find(target), param == "action_validator")
	return _values.plausible(param, type, situation)


## What plausible arguments for [param target] depend on: its players, its active player and
## what it would accept now.
func _situation(target: Variant) -> Dictionary:
	if not is_instance_valid(target):
		return {}
	var situation: Dictionary = {"class": target.get_class()}
	if target is GameRules and _in_hook.get(target.get_instance_id(), 0) == 0:
		var players := _ids_of(target)
		var active: Variant = _call(target, "get_active_player", [])
		situation["players"] = players
		situation["active"] = active if active is int else -1
		if situation["active"] >= 0 and _rng.randf() < 0.5:
			situation["legal"] = _call(target, "legal_actions", [situation["active"]])
	elif target is CommandTokenBag:
		situation["players"] = _call(target, "get_player_ids", [])
	elif target is TurnSystem:
		situation["players"] = _call(target, "get_seat_order", [])
	return situation


## Keeps arguments that only ask for a lot of work (thousands of rounds or samples) small.
func _bound_cost(method: String, args: Array) -> void:
	if args.is_empty() or not args[0] is int:
		return
	if method == "play_rounds" and args[0] > 16 and args[0] <= 0xFFFFFFFF:
		args[0] = 16
	elif method == "sample_rest_of_round" and args[0] > 200 and args[0] <= 100000:
		args[0] = 200


## The call that moves [param target] on: the next step of its game, a draw, the next turn.
func _advance(target: Variant) -> void:
	if target is GameRules:
		_advance_game(target)
	elif target is CommandTokenBag:
		if _call(target, "is_empty", []) == true:
			for player in _rng.randi_range(1, 4):
				_call(target, "add_player_tokens", [player, _rng.randi_range(1, 4)])
		else:
			_call(target, "draw_token", [])
	elif target is TurnSystem:
		_call(target, "next_turn" if _rng.randf() < 0.6 else "end_turn", [])
	elif target is FairnessAuditor:
		_call(target, "observe", [_values.pick(_values.events)])
	else:
		_random_call(target)


func _advance_game(rules: Variant) -> void:
	var phase: Variant = _call(rules, "get_phase", [])
	var players := _ids_of(rules)
	match phase:
		GameRules.PHASE_SETUP:
			_call(rules, "start_game", [])
		GameRules.PHASE_MULLIGAN:
			for player in players:
				var state: Variant = _call(rules, "get_player_state", [player])
				if state is Dictionary and not state.get("kept", true):
					var method: String = ["keep_hand", "take_mulligan", "bot_decide"][
						_rng.randi() % 3
					]
					var args: Array = (
						[player, PackedInt64Array()] if method == "keep_hand" else [player]
					)
					_call(rules, method, args)
					break
		GameRules.PHASE_AWAITING_DRAW:
			var pending: Variant = _call(rules, "get_pending_entropy", [])
			if pending is PackedInt64Array and not pending.is_empty():
				_call(
					rules, "add_entropy", [pending[0], _values.plausible("nonce", TYPE_STRING, {})]
				)
			else:
				_call(rules, "draw_next_token", [])
		GameRules.PHASE_ACTIVATION:
			var active: Variant = _call(rules, "get_active_player", [])
			var choice := _rng.randi_range(0, 5)
			if choice <= 2:
				var legal: Variant = _call(rules, "legal_actions", [active])
				var action: Variant = _values.pick(legal) if legal is Array else null
				if action is Dictionary and _rng.randf() < 0.2:
					action = _values.taint(action)
				_call(rules, "perform_action", [active, action if action != null else {}])
			elif choice == 3:
				_call(rules, "bot_decide", [active])
			elif choice == 4:
				_call(rules, "play_rounds", [1, _rng.randi_range(0, 1)])
			else:
				_call(rules, "undo_action", [])
		_:
			_call(rules, "setup", [_values.players_of(_rng.randi_range(2, 8)), _values.config()])


## Calls [param method] on [param target] through [method Object.callv], journaled first, and
## checks what Godot logged and how the target's state moved.
func _call(target: Variant, method: String, args: Array) -> Variant:
	if not is_instance_valid(target):
		return null
	if _depth >= MAX_NESTING or _calls - _top_call_index >= CALLS_PER_TOP_LEVEL:
		return null
	var index := _calls
	var info := _method_info(target, method)
	var typed: bool = _typed_callers != null and TypedCalls.fits(info, args) and _rng.randf() < 0.5
	var text := _journal_call(target, method + ("[typed]" if typed else ""), args)
	var id: int = target.get_instance_id()
	var readable: bool = _in_hook.get(id, 0) == 0
	var whole := _rng.randi() % FULL_STATE_EVERY == 0
	var before: Variant = FuzzState.state_of(target, whole) if readable else null
	var said_before := FuzzState.last_refusal(target)
	var mark := _log.errors.size()
	var outer_changed: bool = _changed.get(id, false)
	_changed[id] = false
	_trail.append("#%d %s" % [index, text])
	_depth += 1
	var result: Variant = null
	if typed:
		result = _typed_callers.callv("%s__%s" % [target.get_class(), method], [target] + args)
	elif method == "free":
		# Through a Callable: target.callv() would lock the target for its own duration, so
		# free() could never succeed.
		result = Callable(target, "free").callv(args)
	else:
		result = target.callv(method, args)
	_depth -= 1
	_trail.resize(_trail.size() - 1)
	var own := _log.take_since(mark)
	# A refusal of play logs nothing; the object's last refusal, for this very method, says it.
	var said := FuzzState.last_refusal(target)
	var said_so: bool = said != said_before and said.get("method", "").ends_with("." + method)
	var refused := (
		(FuzzState.is_refusal(info, result, own) or (said_so and FuzzState.looks_refused(result)))
		and not PARTIAL_ON_REFUSAL.has(method)
	)
	var nested_change: bool = _changed.get(id, false)
	if readable and not nested_change and (refused or info["const"]):
		if is_instance_valid(target) and _in_hook.get(id, 0) == 0:
			var after: Variant = FuzzState.state_of(target, whole)
			_log.take_since(mark)
			if before != after:
				_state_changed(target, text, result, refused, before, after)
	_changed[id] = outer_changed or nested_change or not (refused or info["const"])
	_report_findings(index, text)
	_adopt(result)
	if is_instance_valid(target) and not refused and _rng.randf() < 0.05:
		_remember_state(target)
	return result


## Writes the call about to be made to the journal, flushed, and counts it; returns its text.
func _journal_call(target: Object, method: String, args: Array) -> String:
	var text := "%s.%s(%s)" % [target.get_class(), method, _values.describe_args(args)]
	if _journal:
		_journal.store_line("%d %d %s" % [_calls, _depth, text])
		_journal.flush()
	_calls += 1
	return text


func _method_info(target: Variant, method: String) -> Dictionary:
	for info: Dictionary in _methods.get(target.get_class(), []):
		if info["name"] == method:
			return info
	return {"name": method, "args": [], "error": false, "const": false}


func _remember_state(target: Variant) -> void:
	if target is GameRules and _in_hook.get(target.get_instance_id(), 0) == 0:
		if target.is_set_up():
			_remember(target, target.save_game())
	elif target is CommandTokenBag:
		_remember(target, target.to_json())
	_log.take_since(_log.errors.size())


func _state_changed(
	target: Variant, text: String, result: Variant, refused: bool, before: Variant, after: Variant
) -> void:
	var why := "was refused (returned %s)" % _values.describe(result) if refused else "is const"
	_fail(
		"INVARIANT",
		(
			"%s %s but changed the %s's state:\n    before %s\n    after  %s"
			% [
				text,
				why,
				target.get_class(),
				FuzzState.difference(before, after),
				FuzzState.difference(after, before)
			]
		)
	)


## Tracks what a call returned: nodes to free at the end of the episode, tokens and read-only
## bags to call next.
func _adopt(result: Variant) -> void:
	if result is Array and not result.is_empty():
		result = result[0]
	if typeof(result) != TYPE_OBJECT or not is_instance_valid(result):
		return
	if _targets.size() <= SLOT_TOKEN:
		return
	if result is Node and not _nodes.has(result):
		_nodes.append(result)
	elif result is CommandToken and _rng.randf() < 0.3:
		_targets[SLOT_TOKEN] = result
	elif result is CommandTokenBag and result.is_read_only() and _rng.randf() < 0.3:
		_targets[SLOT_BAG_COPY] = result


## Reports the panics and script errors logged during call [param index].
func _report_findings(index: int, text: String) -> void:
	for finding in _log.take_findings():
		var kind := "PANIC" if finding.begins_with("PANIC") else "SCRIPT_ERROR"
		_fail(kind, "%s\n    during #%d %s%s" % [finding, index, text, _context()])


func _context() -> String:
	if _trail.is_empty():
		return ""
	var shown := _trail.slice(maxi(0, _trail.size() - 4))
	shown.reverse()
	var more := _trail.size() - shown.size()
	var tail := " (and %d more levels)" % more if more > 0 else ""
	return "\n    inside " + "\n    inside ".join(shown) + tail


func _fail(kind: String, message: String) -> void:
	_failures[kind] = _failures.get(kind, 0) + 1
	if _failures[kind] <= REPORTS_PER_KIND:
		printerr(
			(
				"fuzz: FAIL %s: %s\n    replay: cargo xtask fuzz --seed %d --calls %d"
				% [kind, message, _seed, _calls]
			)
		)
	_note("FAIL %s: %s" % [kind, message.get_slice("\n", 0)])


func _note(text: String) -> void:
	if _journal:
		_journal.store_line("- %d %s" % [_depth, text])
		_journal.flush()


func _weighted(weights: Array[int]) -> int:
	var total := 0
	for weight in weights:
		total += weight
	var roll := _rng.randi_range(0, total - 1)
	for index in weights.size():
		roll -= weights[index]
		if roll < 0:
			return index
	return 0


# Handlers and hooks ----------------------------------------------------------------------------


## Connects random handlers to the signals of the object in [param slot] (and random hooks to
## a game).
func _wire(slot: int) -> void:
	var target: Variant = _targets[slot]
	if not is_instance_valid(target):
		return
	for entry: Array in _signals[target.get_class()]:
		if _rng.randf() < 0.4:
			_connect(target, slot, entry[0], entry[1])
	if target is GameRules and _rng.randf() < 0.7:
		_set_hooks(target)


func _connect(target: Variant, slot: int, signal_name: String, argc: int) -> void:
	var plan := _weighted(PLAN_WEIGHTS)
	var limit: int = RECURSION_LIMITS[_rng.randi() % RECURSION_LIMITS.size()]
	if _skip.has("recursion"):
		limit = mini(limit, SHALLOW_RECURSION)
	var handler := func() -> void: _on_fuzzed_signal(slot, signal_name, plan, limit)
	if plan == Plan.REENTER:
		handler = Callable(self, "_on_reentry").bind(slot, signal_name, limit)
	if argc > 0:
		handler = handler.unbind(argc)
	var flags := CONNECT_ONE_SHOT if _rng.randf() < 0.15 else 0
	target.connect(signal_name, handler, flags)


func _unwire(slot: int) -> void:
	var target: Variant = _targets[slot]
	if not is_instance_valid(target):
		return
	for entry: Array in _signals[target.get_class()]:
		for connection: Dictionary in target.get_signal_connection_list(entry[0]):
			target.disconnect(entry[0], connection["callable"])
	if target is GameRules:
		target.action_validator = Callable()
		target.reaction_provider = Callable()


func _on_fuzzed_signal(slot: int, signal_name: String, plan: int, limit: int) -> void:
	_handler_runs += 1
	var target: Variant = _targets[slot] if slot < _targets.size() else null
	if _handler_runs > limit or _depth >= MAX_NESTING or not is_instance_valid(target):
		return
	var text := "handler %s.%s: %s" % [target.get_class(), signal_name, PLAN_NAMES[plan]]
	_note(text)
	_trail.append(text)
	_depth += 1
	match plan:
		Plan.CALL_ANY:
			var other: Variant = _targets[_weighted(SLOT_WEIGHTS)]
			_random_call(other if is_instance_valid(other) else target)
		Plan.FREE:
			if not _skip.has("free"):
				_call(target, "free", [])
		Plan.DROP:
			_targets[slot] = null
		Plan.RECONNECT:
			_unwire(slot)
			_wire(slot)
		Plan.SET_HOOKS:
			var rules: Variant = _targets[_rng.randi_range(SLOT_RULES_IN_TREE, SLOT_RULES)]
			if is_instance_valid(rules):
				_set_hooks(rules)
		Plan.LOAD_STATE:
			var loader := "load_game" if target is GameRules else "load_json"
			if target.has_method(loader):
				_call(target, loader, [_values.plausible("json", TYPE_STRING, _situation(target))])
	_depth -= 1
	_trail.resize(_trail.size() - 1)


## A handler that calls straight back into the emitter with the calls that raise the same
## signal again (turns: end_turn, next_turn; a bag: clear, add_player_tokens, draw_token; a game:
## pass or bot_decide, then draw_next_token), until the handlers of the top-level call have run
## [param limit] times. It calls directly, one GDScript frame per level, so that a recursion in
## the extension reaches the native stack before GDScript's own call-depth limit (2048).
func _on_reentry(slot: int, signal_name: String, limit: int) -> void:
	_handler_runs += 1
	var target: Variant = _targets[slot] if slot < _targets.size() else null
	if _handler_runs > limit or _calls - _top_call_index >= CALLS_PER_TOP_LEVEL:
		return
	if not is_instance_valid(target):
		return
	var steps: Array = []
	if target is TurnSystem:
		steps = [["end_turn", []], ["next_turn", []]]
	elif target is CommandTokenBag:
		steps = [["clear", []], ["add_player_tokens", [0, 1]], ["draw_token", []]]
	elif target is GameRules:
		var method: String = ["pass_activation", "bot_decide"][_rng.randi() % 2]
		steps = [[method, [target.get_active_player()]], ["draw_next_token", []]]
	elif target is FairnessAuditor:
		steps = [["observe", [_values.pick(_values.events)]]]
	_note(
		(
			"handler %s.%s: re-enter (run %d of %d)"
			% [target.get_class(), signal_name, _handler_runs, limit]
		)
	)
	_changed[target.get_instance_id()] = true
	_depth += 1
	for step: Array in steps:
		if not is_instance_valid(target):
			break
		_journal_call(target, step[0], step[1])
		target.callv(step[0], step[1])
	_depth -= 1


func _set_hooks(rules: Variant) -> void:
	var slot := _targets.find(rules)
	var validator := _make_hook(slot, true) if _rng.randf() < 0.7 else Callable()
	var provider := _make_hook(slot, false) if _rng.randf() < 0.7 else Callable()
	_call(rules, "set_action_validator", [validator])
	_call(rules, "set_reaction_provider", [provider])


## A hook for the game in [param slot]: an action_validator if [param validator], otherwise a
## reaction_provider, that answers something random after doing what its plan says.
func _make_hook(slot: int, validator: bool) -> Callable:
	var plan := _weighted(HOOK_PLAN_WEIGHTS)
	var role := "action_validator" if validator else "reaction_provider"
	var rules: Variant = _targets[slot] if slot >= 0 else null
	var players := PackedInt64Array()
	if is_instance_valid(rules) and _in_hook.get(rules.get_instance_id(), 0) == 0:
		players = rules.get_player_ids()
	var answer: Variant = _values.verdict() if validator else _values.reactions(players)
	if plan == HookPlan.WRONG_ARITY:
		if _rng.randf() < 0.5:
			return func() -> Variant: return _on_hook(slot, role, plan, answer)
		return func(_a: Variant, _b: Variant, _c: Variant) -> Variant:
			return _on_hook(slot, role, plan, answer)
	if validator:
		return func(_player: Variant, _action: Variant) -> Variant:
			return _on_hook(slot, role, plan, answer)
	return func(_resolved: Variant) -> Variant: return _on_hook(slot, role, plan, answer)


func _on_hook(slot: int, role: String, plan: int, answer: Variant) -> Variant:
	var rules: Variant = _targets[slot] if slot >= 0 and slot < _targets.size() else null
	if _depth >= MAX_NESTING or not is_instance_valid(rules):
		return answer
	var text := "hook %s.%s: %s" % [rules.get_class(), role, HOOK_PLAN_NAMES[plan]]
	_note(text)
	_trail.append(text)
	var id: int = rules.get_instance_id()
	_in_hook[id] = _in_hook.get(id, 0) + 1
	_depth += 1
	match plan:
		HookPlan.CALL_BACK:
			_random_call(rules if _rng.randf() < 0.7 else _targets[_weighted(SLOT_WEIGHTS)])
		HookPlan.FREE_RULES:
			if not _skip.has("free"):
				_call(rules, "free", [])
		HookPlan.REPLACE_HOOKS:
			_set_hooks(rules)
		HookPlan.RECURSE:
			for index in _rng.randi_range(1, 3):
				_call(rules, "perform_action", [0, {"type": "pass"}])
				_call(rules, "pass_activation", [index])
	_depth -= 1
	_in_hook[id] = _in_hook.get(id, 1) - 1
	_trail.resize(_trail.size() - 1)
	return answer


# Health checks ---------------------------------------------------------------------------------


## After an episode, every object must still work: a game saves and loads back to the same
## game and plays a fresh setup; a bag saves, loads, refills and draws; turns seat and turn.
func _check_health() -> void:
	_note("health checks")
	for slot in [SLOT_RULES_IN_TREE, SLOT_RULES]:
		var rules: Variant = _targets[slot]
		if is_instance_valid(rules):
			_check_game(rules, SLOT_NAMES[slot])
	for slot in [SLOT_BAG, SLOT_BAG_COPY]:
		var bag: Variant = _targets[slot]
		if is_instance_valid(bag):
			_check_bag(bag, SLOT_NAMES[slot])
	var turns: Variant = _targets[SLOT_TURNS]
	if is_instance_valid(turns) and turns.has_method("load_json"):
		var json: String = turns.to_json()
		var copy := TurnSystem.new()
		var loaded: Variant = copy.call("load_json", json)
		var again := copy.to_json()
		var shown := ""
		if loaded != OK or again != json:
			shown = (
				" (load: %s %s; saved: %s; again: %s)"
				% [loaded, copy.get_last_refusal(), json, again]
			)
		_healthy(shown == "", "turns: load_json(to_json()) gives the same turns" + shown)
	if is_instance_valid(turns):
		var seated: bool = turns.setup_seats(PackedInt64Array([0, 1, 2]), 7) == OK
		seated = seated and turns.set_mode(TurnSystem.MODE_SEATS) == OK
		_healthy(seated and turns.next_turn() >= 0, "turns: setup_seats + next_turn")
	var auditor: Variant = _targets[SLOT_AUDITOR]
	if is_instance_valid(auditor):
		_healthy(auditor.observe(_values.events[0]) == true, "auditor: observe(a real event)")
	_log.take_since(0)
	_report_findings(_calls, "the health checks after the episode")


func _check_game(rules: GameRules, label: String) -> void:
	var pristine := GameRules.new()
	for property in _rules_properties:
		rules.set(property, pristine.get(property))
	pristine.free()
	rules.randomize_seed = false
	if rules.is_set_up():
		var saved := rules.save_game()
		var copy := GameRules.new()
		var same := copy.load_game(saved) == OK and copy.save_game() == saved
		same = same and copy.get_state_hash() == rules.get_state_hash()
		copy.free()
		_healthy(same, "%s: load_game(save_game()) gives the same game" % label)
	var played := rules.setup(StarterGame.players(2), StarterGame.config()) == OK
	played = played and rules.start_game() == OK
	for player in [0, 1]:
		played = played and rules.keep_hand(player, PackedInt64Array()) == OK
	played = played and rules.draw_next_token() >= 0
	_healthy(played, "%s: setup + start_game + keep_hand + draw_next_token" % label)


func _check_bag(bag: CommandTokenBag, label: String) -> void:
	var json := bag.to_json()
	var copy := CommandTokenBag.new()
	_healthy(
		copy.load_json(json) == OK and copy.to_json() == json,
		"%s: load_json(to_json()) gives the same bag" % label
	)
	if not bag.is_read_only():
		var refilled := bag.clear() == OK and bag.add_player_tokens(0, 2) == OK
		refilled = refilled and bag.shuffle() == OK and bag.draw_token() != null
		_healthy(refilled, "%s: clear + add_player_tokens + shuffle + draw_token" % label)


func _healthy(works: bool, what: String) -> void:
	if not works:
		_fail("INVARIANT", "after episode %d, %s failed" % [_episodes, what])
