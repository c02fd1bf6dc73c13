extends RefCounted
## The values of the GDScript fuzzer ([code]fuzz.gd[/code]): hostile Variants of every type,
## plausible arguments chosen by parameter name (so that calls reach deep game states), hostile
## values hidden inside plausible shapes, and short printable descriptions for the journal.
## Every choice comes from the fuzzer's seeded [RandomNumberGenerator].

## How deep the deep containers nest: far past any recursion a converter can survive.
const DEEP_LEVELS := 12000
## How deep they nest instead under [code]--skip deep[/code].
const SHALLOW_LEVELS := 64
## The arguments of a call are described in at most this many characters.
const DESCRIBED_CHARS := 400
## Containers nested deeper than this are described by their depth and innermost value.
const DESCRIBED_LEVELS := 4
const INTS: Array[int] = [
	0,
	-1,
	1,
	2,
	7,
	8,
	9,
	64,
	65,
	10001,
	1 << 31,
	(1 << 31) - 1,
	1 << 32,
	(1 << 32) - 1,
	1 << 53,
	1 << 62,
	-(1 << 62),
	9223372036854775807,
	-9223372036854775807 - 1,
]
const FLOATS: Array[float] = [
	NAN, INF, -INF, -0.0, 0.0, 0.5, 1.0, -1.0, 1e308, -1e308, 5e-324, 9007199254740993.0
]
const STRINGS: Array[String] = [
	"",
	"pass",
	"scout",
	"custom",
	"generator",
	"-1",
	"1e400",
	"NaN",
	"%s %d {0}",
	"\u0001",
	"名前 \u202e",
	'{"type": "pass"}',
	"res://",
	"\n\t ",
]
const MATH: Array = [
	Vector2(NAN, INF),
	Vector2i(-1, 1 << 30),
	Vector3(0.5, -0.0, 1e308),
	Vector3i(0, 0, 0),
	Vector4(NAN, 0, 0, 1),
	Vector4i(-1, 0, 1, 2),
	Color(NAN, 0, 0, 1),
	Rect2(0, 0, INF, -1),
	Rect2i(-1, -1, 0, 0),
	Transform2D(),
	Transform3D(),
	Basis(),
	Quaternion(NAN, 0, 0, 1),
	AABB(Vector3(), Vector3(-1, -1, -1)),
	Plane(Vector3.UP, NAN),
	Projection(),
]
const ACTION_TYPES: Array[String] = [
	"pass", "play_card", "build", "upgrade_command", "create_token", "custom"
]
const KINDS: Array[String] = ["scout", "trade", "dance"]
const STRUCTURES: Array[String] = ["generator", "monument", "castle"]
## Hexadecimal digits, for nonces.
const HEX := "0123456789abcdef"

## No StringName anywhere (--skip string-name).
var skip_string_names := false
## No typed Array or Dictionary (--skip typed).
var skip_typed := false
## No container nested past [constant SHALLOW_LEVELS] (--skip deep).
var skip_deep := false
## The objects under test (the fuzzer's slots, shared); hostile values may be any of them.
var subjects: Array = []
## JSON saved by objects under test, by class name, for loading back (often lightly corrupted).
var saves: Dictionary = {}
## Events of real games, for FairnessAuditor.observe.
var events: Array = []

var _rng: RandomNumberGenerator
var _starter: Dictionary
var _deep: Array = []
var _nodes: Array = []
var _freed: Object


func _init(rng: RandomNumberGenerator) -> void:
	_rng = rng
	_starter = StarterGame.config()
	_freed = Object.new()
	_freed.free()


## A hostile value of a random Variant type, deep and odd containers included.
func hostile() -> Variant:
	var value: Variant = null
	match _rng.randi_range(0, 20):
		0:
			value = null
		1:
			value = _rng.randf() < 0.5
		2, 3:
			value = pick(INTS) if _rng.randf() < 0.7 else _rng.randi_range(-10, 100)
		4:
			value = FLOATS[_rng.randi_range(0, FLOATS.size() - 1)]
		5:
			value = _string()
		6, 7:
			value = _string_name(STRINGS[_rng.randi_range(0, STRINGS.size() - 1)])
		8:
			value = [NodePath(""), NodePath("a/b:c"), NodePath("/root"), ^".."][_rng.randi() % 4]
		9:
			value = _callable()
		10:
			value = _object()
		11:
			value = RID() if _rng.randf() < 0.5 else _signal()
		12:
			value = MATH[_rng.randi_range(0, MATH.size() - 1)]
		13:
			value = _packed()
		14:
			value = _dictionary(2)
		15:
			value = _array(2)
		16, 17:
			value = deep()
		18:
			value = _array(1) if skip_typed else _typed_array()
		19:
			value = _dictionary(1) if skip_typed else _typed_dictionary()
		20:
			value = _nested(_rng.randi_range(100, 300), _rng.randf() < 0.5, _string_name("pass"))
	return value


## A random item of [param items] from the fuzzer's generator (null if there is none).
func pick(items: Array) -> Variant:
	return null if items.is_empty() else items[_rng.randi() % items.size()]


## A plausible argument for parameter [param param] of Variant type [param type]: ids of the
## game's players, real action shapes, the starter configuration, real saves... [param situation]
## describes the target: [code]class[/code], [code]players[/code] (ids seated, a
## PackedInt64Array), [code]active[/code] (its active player or -1) and [code]legal[/code] (the
## actions it would accept now).
func plausible(param: String, type: int, situation: Dictionary) -> Variant:
	var value: Variant = _plausible_by_name(param, type, situation)
	if value == null:
		value = _plausible_by_type(type)
	var roll := _rng.randf()
	if roll < 0.1:
		value = _odd_shape(param, value)
	elif (value is Dictionary or value is Array) and roll < 0.3:
		value = taint(value)
	return value


## A copy of [param value] (a plausible Dictionary or Array) with a hostile value inside: a
## field replaced, a key turned into a StringName, or junk added, at a random depth. Only the
## containers on the way down are copied, so [param value] itself is left as it was.
func taint(value: Variant) -> Variant:
	var copy: Variant = value.duplicate()
	var holder: Variant = copy
	for level in 4:
		var keys: Array = holder.keys() if holder is Dictionary else range(holder.size())
		keys = keys.filter(
			func(key: Variant) -> bool:
				var item: Variant = holder[key]
				return (item is Dictionary or item is Array) and not item.is_typed()
		)
		if keys.is_empty() or _rng.randf() < 0.4:
			break
		var key: Variant = keys[_rng.randi() % keys.size()]
		var child: Variant = holder[key].duplicate()
		holder[key] = child
		holder = child
	if holder.is_typed() or holder.is_read_only():
		return copy
	if holder is Dictionary:
		_taint_dictionary(holder)
	elif holder.is_empty() or _rng.randf() < 0.3:
		holder.append(hostile())
	else:
		holder[_rng.randi() % holder.size()] = hostile()
	return copy


## What an action_validator returns: mostly true, sometimes a refusal, sometimes anything.
func verdict() -> Variant:
	var roll := _rng.randf()
	var value: Variant = true
	if roll < 0.1:
		value = false
	elif roll < 0.2:
		value = ["not here", ""][_rng.randi() % 2]
	elif roll < 0.3:
		value = _string_name("nope")
	elif roll < 0.55:
		value = hostile()
	return value


## What a reaction_provider returns: nothing, real reactions (which may chain until the
## reaction limits roll the activation back), reactions with hostile fields, or anything.
func reactions(players: PackedInt64Array) -> Variant:
	var roll := _rng.randf()
	var value: Variant = []
	var player: int = players[_rng.randi() % players.size()] if not players.is_empty() else 0
	if roll < 0.2:
		value = [{"player_id": player, "kind": KINDS[_rng.randi() % 2]}]
	elif roll < 0.3:
		var many: Array = []
		for index in _rng.randi_range(2, 80):
			many.append({"player_id": player, "kind": "scout", "context": index})
		value = many
	elif roll < 0.4:
		value = [{"player_id": player, "kind": _string_name("scout")}]
	elif roll < 0.5:
		value = [taint({"player_id": player, "kind": "trade", "context": {"spot": [1, 2]}})]
	elif roll < 0.6:
		value = [{"player_id": player, "kind": "scout", "context": _nested(200, true, NAN)}]
	elif roll < 0.75:
		value = hostile()
	return value


## A container nested [constant DEEP_LEVELS] deep (built once, iteratively), or
## [constant SHALLOW_LEVELS] under [code]--skip deep[/code].
func deep() -> Variant:
	if _deep.is_empty():
		var levels := SHALLOW_LEVELS if skip_deep else DEEP_LEVELS
		_deep = [
			_nested(levels, false, 1),
			_nested(levels, true, "pass"),
			_nested(levels, _rng.randf() < 0.5, _string_name("scout")),
			{"type": "custom", "kind": "scout", "context": _nested(levels, true, null)},
		]
	return _deep[_rng.randi() % _deep.size()]


## A lightly corrupted copy of [param text] (one digit changed, a slice cut or repeated, the
## end cut off), or the text itself.
func corrupt(text: String) -> String:
	if text.is_empty():
		return text
	var at := _rng.randi_range(0, text.length() - 1)
	var corrupted := text
	match _rng.randi_range(0, 4):
		0:
			var digits := RegEx.create_from_string("[0-9]").search_all(text)
			if not digits.is_empty():
				var digit: RegExMatch = digits[_rng.randi() % digits.size()]
				var other := str(_rng.randi_range(0, 9))
				corrupted = text.left(digit.get_start()) + other + text.substr(digit.get_end())
		1:
			corrupted = text.left(at) + text.substr(at + _rng.randi_range(1, 40))
		2:
			corrupted = text.left(at) + text.substr(at, 30) + text.substr(at)
		3:
			corrupted = text.left(at)
	return corrupted


## The players of a setup: ids or Dictionaries with the starter deck, in an Array or a typed one.
func players_of(count: int) -> Array:
	var seated := StarterGame.players(count)
	var roll := _rng.randf()
	if roll < 0.2:
		seated = range(count)
	elif roll < 0.4 and not skip_typed:
		# As a game holds them in a `var players: Array[Dictionary]`.
		seated = Array(seated, TYPE_DICTIONARY, &"", null)
	return seated


## A setup config: the starter set with random rules (round limit, order, entropy, reactions
## that chain).
func config() -> Dictionary:
	var overrides: Dictionary = {}
	if _rng.randf() < 0.6:
		overrides["round_limit"] = _rng.randi_range(1, 6)
	if _rng.randf() < 0.4:
		overrides["activation_order"] = _rng.randi_range(0, 2)
	if _rng.randf() < 0.2:
		overrides["player_entropy"] = true
	if _rng.randf() < 0.3:
		overrides["victory_points_to_win"] = _rng.randi_range(1, 10)
	if _rng.randf() < 0.3:
		var trigger: String = ["pass", "scout", "play_card"][_rng.randi() % 3]
		overrides["reactions"] = [{"name": "echo", "trigger": trigger, "response": "scout"}]
		overrides["max_reaction_depth"] = _rng.randi_range(0, 6)
	var merged := _starter.duplicate(true)
	merged.merge(overrides, true)
	return merged


## Frees the nodes made as argument values and forgets the objects under test.
func release() -> void:
	for node: Variant in _nodes:
		if is_instance_valid(node):
			node.free()
	_nodes.clear()


## [param args] as a short printable list.
func describe_args(args: Array) -> String:
	var parts := PackedStringArray()
	for arg: Variant in args:
		parts.append(describe(arg))
	var text := ", ".join(parts)
	return text if text.length() <= DESCRIBED_CHARS else text.left(DESCRIBED_CHARS) + "…"


## [param value] in a line: its type where it matters, containers shortened, deep nesting
## given as a depth, long strings as a length.
func describe(value: Variant, depth: int = 0) -> String:
	var text := ""
	match typeof(value):
		TYPE_NIL:
			text = "null"
		TYPE_BOOL, TYPE_INT:
			text = str(value)
		TYPE_FLOAT:
			text = _describe_float(value)
		TYPE_STRING:
			text = _quote(value)
		TYPE_STRING_NAME:
			text = "&" + _quote(String(value))
		TYPE_NODE_PATH:
			text = "^" + _quote(String(value))
		TYPE_OBJECT:
			text = _describe_object(value)
		TYPE_CALLABLE:
			text = _describe_callable(value)
		TYPE_ARRAY, TYPE_DICTIONARY:
			text = _describe_container(value, depth)
		_:
			if typeof(value) >= TYPE_PACKED_BYTE_ARRAY:
				text = "%s(size %d)" % [type_string(typeof(value)), value.size()]
			else:
				text = "%s%s" % [type_string(typeof(value)), str(value).left(60)]
	return text


## The shapes a game gets wrong most easily: a StringName where a String belongs, a context
## nested 200 deep, junk nested in a setup config, an event with a StringName in it.
func _odd_shape(param: String, value: Variant) -> Variant:
	var odd: Variant = value
	match param:
		"action":
			odd = [
				{"type": _string_name("pass")},
				{_string_name("type"): "pass"},
				{"type": "custom", "kind": _string_name("scout"), "context": null},
				{"type": "custom", "kind": "scout", "context": _nested(200, true, "deep")},
				{"type": "build", "structure": "generator", "context": _nested(200, false, NAN)},
			][_rng.randi() % 5]
		"players":
			odd = [{"id": 0, "name": _string_name("Ada")}, {"id": 1, "deck": [1, 2, NAN]}]
		"config":
			odd = config()
			odd[["cards", "reactions", "structures", "action_kinds"][_rng.randi() % 4]] = ([
				_dictionary(2), {"1": _nested(150, true, _string_name("x"))}
			][_rng.randi() % 2])
		"event":
			odd = (value as Dictionary).duplicate() if value is Dictionary else {}
			odd["type"] = _string_name(str(odd.get("type", "round_revealed")))
		"context", "name", "structure", "skill", "status", "nonce", "json":
			odd = _string_name(str(value)) if _rng.randf() < 0.5 else _nested(200, true, value)
	return odd


func _taint_dictionary(holder: Dictionary) -> void:
	var keys: Array = holder.keys()
	var key: Variant = pick(keys) if not keys.is_empty() else "extra"
	match _rng.randi_range(0, 2):
		0:
			holder[key] = hostile()
		1:
			var item: Variant = holder.get(key)
			holder.erase(key)
			holder[_string_name(str(key))] = item
		2:
			holder[hostile()] = hostile()


func _plausible_by_name(param: String, type: int, situation: Dictionary) -> Variant:
	var seated: Variant = situation.get("players")
	var players: PackedInt64Array = seated if seated is PackedInt64Array else PackedInt64Array()
	var current: Variant = situation.get("active")
	var active: int = current if current is int else -1
	var value: Variant = null
	match param:
		"player_id", "viewer_id", "first_id", "second_id", "controller_id", "first_player_id":
			value = _player(players, active)
		"unit_id":
			value = _rng.randi_range(1, 6)
		"trigger_id":
			value = _rng.randi_range(1, 4)
		"side", "mode", "policy":
			value = _rng.randi_range(0, 1)
		"scope", "activation_order":
			value = _rng.randi_range(0, 2)
		"speed":
			value = _rng.randi_range(1, 30) if _rng.randf() < 0.9 else 10000
		"health", "charge":
			value = _rng.randi_range(0, 150)
		"amount", "cost", "cooldown", "power", "toughness", "rounds", "draws", "hand_index":
			value = _rng.randi_range(0, 5)
		"value":
			value = _rng.randi_range(-5, 5)
		"duration":
			value = _rng.randi_range(-1, 3)
		"kind":
			value = _rng.randi_range(0, 3)
		"action":
			value = _rng.randi_range(0, 2)
			if type == TYPE_DICTIONARY:
				var legal: Variant = situation.get("legal")
				value = _action(active)
				if legal is Array and not legal.is_empty() and _rng.randf() < 0.6:
					value = pick(legal)
		"count", "depth", "samples", "seq", "since_seq":
			value = _rng.randi_range(0, 8)
		"seed":
			value = _rng.randi_range(0, 1 << 30)
		"skill":
			value = ["fireball", "heal"][_rng.randi() % 2]
		"status":
			value = ["burn", "daze"][_rng.randi() % 2]
		"name":
			value = ["Imp", "", "Militia"][_rng.randi() % 3]
		"structure":
			value = STRUCTURES[_rng.randi() % STRUCTURES.size()]
		"nonce":
			value = _nonce()
		"json":
			value = _saved_json(situation.get("class", ""))
		"bottom":
			value = PackedInt64Array([0]) if _rng.randf() < 0.3 else PackedInt64Array()
		"player_ids":
			value = _seats()
		"players":
			value = players_of(_rng.randi_range(1, 8))
		"config":
			value = config()
		"context":
			value = [null, Vector2i(1, 2), {"target": 1}, _nested(200, true, 1)][_rng.randi() % 4]
		"event":
			value = pick(events) if not events.is_empty() else {}
	return value


func _plausible_by_type(type: int) -> Variant:
	var value: Variant = null
	match type:
		TYPE_BOOL:
			value = _rng.randf() < 0.3
		TYPE_INT:
			value = _rng.randi_range(-1, 8)
		TYPE_FLOAT:
			value = _rng.randf_range(-1.0, 8.0)
		TYPE_STRING:
			value = STRINGS[_rng.randi_range(0, 4)]
		TYPE_DICTIONARY:
			value = {}
		TYPE_ARRAY:
			value = []
		TYPE_PACKED_INT64_ARRAY:
			value = PackedInt64Array()
	return value


func _player(players: PackedInt64Array, active: int) -> int:
	var roll := _rng.randf()
	var player := _rng.randi_range(0, 7)
	if roll < 0.5 and active >= 0:
		player = active
	elif roll < 0.85 and not players.is_empty():
		player = players[_rng.randi() % players.size()]
	elif roll < 0.9:
		player = -1
	return player


func _action(active: int) -> Dictionary:
	var type: String = ACTION_TYPES[_rng.randi() % ACTION_TYPES.size()]
	var action: Dictionary = {"type": type}
	match type:
		"play_card":
			action["hand_index"] = _rng.randi_range(0, 6)
			action["context"] = null
		"build":
			action["structure"] = STRUCTURES[_rng.randi() % STRUCTURES.size()]
			action["context"] = Vector2i(active, 0)
		"create_token":
			action["name"] = "Imp"
			action["power"] = _rng.randi_range(0, 3)
			action["toughness"] = _rng.randi_range(1, 3)
		"custom":
			action["kind"] = KINDS[_rng.randi() % KINDS.size()]
			action["context"] = {"target": active}
	return action


func _nonce() -> String:
	var digits := PackedStringArray()
	for index in 64:
		digits.append(HEX[_rng.randi() % HEX.length()])
	return "".join(digits)


func _seats() -> PackedInt64Array:
	var ids := PackedInt64Array()
	for id in range(8):
		if _rng.randf() < 0.5:
			ids.append(id)
	return ids


func _saved_json(target_class: String) -> String:
	var pool: Array = Array(saves.get(target_class, PackedStringArray()))
	if pool.is_empty() or _rng.randf() < 0.2:
		for texts: PackedStringArray in saves.values():
			pool.append_array(texts)
	var text: String = pick(pool) if not pool.is_empty() else "{}"
	return corrupt(text) if _rng.randf() < 0.4 else text


func _string() -> String:
	var text: String = STRINGS[_rng.randi_range(0, STRINGS.size() - 1)]
	if _rng.randf() < 0.2:
		text = "x".repeat(_rng.randi_range(1000, 70000))
	return text


func _string_name(text: String) -> Variant:
	return text if skip_string_names else StringName(text)


func _packed() -> Variant:
	var choices: Array = [
		PackedByteArray([0, 255, 128]),
		PackedInt32Array([-1, 2147483647, -2147483648]),
		PackedInt64Array([0, 1, -1, 9223372036854775807]),
		PackedInt64Array([0, 0, 0]),
		PackedFloat32Array([NAN, INF, -0.0]),
		PackedFloat64Array([1.5, -INF, 1e308]),
		PackedStringArray(["pass", "", "\u0001"]),
		PackedVector2Array([Vector2(NAN, 0)]),
		PackedVector3Array([Vector3.ONE]),
		PackedColorArray([Color.RED]),
		PackedVector4Array([Vector4.ONE]),
		PackedByteArray(),
		PackedInt64Array(),
	]
	return choices[_rng.randi() % choices.size()]


func _callable() -> Callable:
	var choices: Array[Callable] = [
		Callable(),
		func() -> void: pass,
		func(_a: Variant, _b: Variant) -> bool: return true,
		Callable(self, "no_such_method"),
		describe.bind(NAN),
		Callable(_freed, "free"),
	]
	return choices[_rng.randi() % choices.size()]


func _object() -> Variant:
	var value: Variant = null
	match _rng.randi_range(0, 7):
		0:
			var node := Node.new()
			_nodes.append(node)
			value = node
		1:
			value = _freed
		2:
			value = pick(subjects) if not subjects.is_empty() else null
		3:
			value = RefCounted.new()
		4:
			value = Resource.new()
		5:
			value = Engine
		6:
			# A class reference: formatting it for a conversion error once panicked.
			value = [Node, GameRules, CommandTokenBag, RefCounted][_rng.randi() % 4]
		7:
			value = StarterGame
	return value


func _signal() -> Signal:
	var subject: Variant = pick(subjects) if not subjects.is_empty() else null
	var value := Signal()
	if not is_instance_valid(subject):
		return value
	if subject is CommandTokenBag:
		value = Signal(subject, "token_drawn")
	elif subject is GameRules:
		value = Signal(subject, "action_completed")
	return value


func _dictionary(budget: int) -> Dictionary:
	var result: Dictionary = {}
	for index in _rng.randi_range(0, 4):
		var key: Variant = ["type", _string_name("type"), 0, -1, NAN, null, Vector2i.ONE][
			_rng.randi() % 7
		]
		result[key] = _small(budget)
	return result


func _array(budget: int) -> Array:
	var result: Array = []
	for index in _rng.randi_range(0, 5):
		result.append(_small(budget))
	return result


func _small(budget: int) -> Variant:
	var value: Variant = null
	if budget <= 0:
		value = [1, NAN, "pass", _string_name("pass"), null, INF][_rng.randi() % 6]
	elif _rng.randf() < 0.3:
		value = _dictionary(budget - 1)
	elif _rng.randf() < 0.3:
		value = _array(budget - 1)
	else:
		value = [1, -1, NAN, "pass", _string_name("kind"), null, Vector3.ONE][_rng.randi() % 7]
	return value


func _typed_array() -> Array:
	var value: Array = []
	match _rng.randi_range(0, 3):
		0:
			value = Array([1, 2, -1], TYPE_INT, &"", null)
		1:
			value = Array([{"type": "pass"}], TYPE_DICTIONARY, &"", null)
		2:
			if skip_string_names:
				value = Array(["pass"], TYPE_STRING, &"", null)
			else:
				value = Array([&"pass", &"scout"], TYPE_STRING_NAME, &"", null)
		3:
			value = Array([RefCounted.new()], TYPE_OBJECT, &"RefCounted", null)
	return value


func _typed_dictionary() -> Dictionary:
	if skip_string_names:
		return Dictionary({"type": 1}, TYPE_STRING, &"", null, TYPE_INT, &"", null)
	return Dictionary({&"type": &"pass"}, TYPE_STRING_NAME, &"", null, TYPE_STRING_NAME, &"", null)


## [param leaf] inside [param levels] Arrays (or Dictionaries), built without recursion.
func _nested(levels: int, dictionaries: bool, leaf: Variant) -> Variant:
	var value: Variant = leaf
	for level in mini(levels, SHALLOW_LEVELS if skip_deep else levels):
		if dictionaries:
			value = {"context": value}
		else:
			value = [value]
	return value


func _describe_float(value: float) -> String:
	var text := str(value)
	if is_nan(value):
		text = "NAN"
	elif is_inf(value):
		text = "INF" if value > 0 else "-INF"
	elif value == 0.0 and 1.0 / value < 0:
		text = "-0.0"
	elif not "." in text and not "e" in text:
		text += ".0"
	return text


func _quote(text: String) -> String:
	if text.length() > 40:
		return '"%s…" (%d chars)' % [text.left(24).c_escape(), text.length()]
	return '"%s"' % text.c_escape()


func _describe_object(value: Variant) -> String:
	if not is_instance_valid(value):
		return "<freed object>"
	var object: Object = value
	return "<%s>" % object.get_class()


func _describe_callable(value: Callable) -> String:
	if value.is_null():
		return "Callable()"
	if value.is_custom():
		return "Callable(lambda)"
	return "Callable(%s)" % value.get_method()


func _describe_container(value: Variant, depth: int) -> String:
	var levels := 0
	var inner: Variant = value
	while (inner is Array or inner is Dictionary) and inner.size() == 1 and levels < 200000:
		inner = inner[0] if inner is Array else inner.values()[0]
		levels += 1
	if levels > DESCRIBED_LEVELS:
		return "%s nested %d deep around %s" % [_container_name(value), levels, describe(inner, 2)]
	if depth >= 2:
		return "%s(size %d)" % [_container_name(value), value.size()]
	var parts := PackedStringArray()
	var keys: Array = value.keys() if value is Dictionary else []
	for index in mini(value.size(), 4):
		if value is Dictionary:
			var key: Variant = keys[index]
			parts.append("%s: %s" % [describe(key, depth + 1), describe(value[key], depth + 1)])
		else:
			parts.append(describe(value[index], depth + 1))
	if value.size() > 4:
		parts.append("… %d in all" % value.size())
	var brackets := ["{", "}"] if value is Dictionary else ["[", "]"]
	var prefix := _container_name(value) if value.is_typed() else ""
	return "%s%s%s%s" % [prefix, brackets[0], ", ".join(parts), brackets[1]]


func _container_name(value: Variant) -> String:
	if value is Array:
		if value.is_typed():
			return "Array[%s]" % type_string(value.get_typed_builtin())
		return "Array"
	if value.is_typed():
		return (
			"Dictionary[%s, %s]"
			% [
				type_string(value.get_typed_key_builtin()),
				type_string(value.get_typed_value_builtin()),
			]
		)
	return "Dictionary"
