extends RefCounted
## The checks of what a peer sends a [RulesSessionHost] (and a [RulesServerLobby]) before any of it
## is used: pure functions of the value, bounded in cost whatever arrives. [RulesSessionHost] gives
## them and their limits under its own name ([method RulesSessionHost.is_small],
## [method RulesSessionHost.display_name], [constant RulesSessionHost.MAX_REQUEST_DEPTH], ...).
## Also the checks a script's own calls get before a session or server touches the network (in
## the scene tree, a bind address).

## The longest player name a hello may carry.
const MAX_NAME_LENGTH := 64
## A rejoin token is written as this many hex digits.
const TOKEN_LENGTH := 32
## The largest request accepted: containers nested this deep...
const MAX_REQUEST_DEPTH := 8
## ... this many values in all (keys, elements, packed elements)...
const MAX_REQUEST_ITEMS := 256
## ... and no String or StringName longer than this.
const MAX_STRING_LENGTH := 256
## Value types a request may hold; objects, callables, signals and RIDs are refused.
const REFUSED_TYPES := [TYPE_OBJECT, TYPE_CALLABLE, TYPE_SIGNAL, TYPE_RID]
## The value types the rules read as JSON (see [method is_readable]).
const READABLE_TYPES := [
	TYPE_NIL,
	TYPE_BOOL,
	TYPE_INT,
	TYPE_FLOAT,
	TYPE_STRING,
	TYPE_STRING_NAME,
	TYPE_NODE_PATH,
	TYPE_VECTOR2,
	TYPE_VECTOR2I,
	TYPE_VECTOR3,
	TYPE_VECTOR3I,
	TYPE_VECTOR4,
	TYPE_VECTOR4I,
	TYPE_COLOR,
	TYPE_DICTIONARY,
	TYPE_ARRAY,
	TYPE_PACKED_BYTE_ARRAY,
	TYPE_PACKED_INT32_ARRAY,
	TYPE_PACKED_INT64_ARRAY,
	TYPE_PACKED_FLOAT32_ARRAY,
	TYPE_PACKED_FLOAT64_ARRAY,
	TYPE_PACKED_STRING_ARRAY,
	TYPE_PACKED_VECTOR2_ARRAY,
	TYPE_PACKED_VECTOR3_ARRAY,
	TYPE_PACKED_COLOR_ARRAY,
	TYPE_PACKED_VECTOR4_ARRAY,
]
## The readable types made of floats, each of which must be finite.
const FLOAT_TYPES := [
	TYPE_VECTOR2,
	TYPE_VECTOR3,
	TYPE_VECTOR4,
	TYPE_COLOR,
	TYPE_PACKED_FLOAT32_ARRAY,
	TYPE_PACKED_FLOAT64_ARRAY,
	TYPE_PACKED_VECTOR2_ARRAY,
	TYPE_PACKED_VECTOR3_ARRAY,
	TYPE_PACKED_COLOR_ARRAY,
	TYPE_PACKED_VECTOR4_ARRAY,
]


## [param player_name] as a name to show: control characters (line breaks, tabs, ...), line and
## paragraph separators and invisible characters (zero-width spaces, direction overrides, a
## byte-order mark, lone surrogates) left out, spaces of every script trimmed, at most
## [constant MAX_NAME_LENGTH] characters; "" when nothing is left, and the seat keeps its name.
static func display_name(player_name: String) -> String:
	var kept := PackedStringArray()
	for character in player_name:
		var code := character.unicode_at(0)
		if code >= 32 and (code < 127 or code > 159) and not _is_invisible(code):
			kept.append(character)
	var first := 0
	while first < kept.size() and _is_space(kept[first].unicode_at(0)):
		first += 1
	var end := kept.size()
	while end > first and _is_space(kept[end - 1].unicode_at(0)):
		end -= 1
	return "".join(kept.slice(first, end)).left(MAX_NAME_LENGTH)


# Whether the character [param code] is a space (Unicode's White_Space that the name kept:
# the rules trim those, and a name of nothing else is refused).
static func _is_space(code: int) -> bool:
	return (
		code == 0x20
		or code == 0xA0
		or code == 0x1680
		or (code >= 0x2000 and code <= 0x200A)
		or code == 0x202F
		or code == 0x205F
		or code == 0x3000
	)


# Whether the character [param code] shows nothing on its own, breaks the line or turns the text
# after it around: the zero-width space, the line and paragraph separators, direction
# embeddings, overrides and isolates, the word joiner and invisible operators, the byte-order
# mark, and surrogates (never a character on their own).
# The zero-width joiner and non-joiner stay (emoji sequences, Persian and Indic spelling), and
# so do the left-to-right and right-to-left marks.
static func _is_invisible(code: int) -> bool:
	return (
		code == 0x200B
		or code == 0x2028
		or code == 0x2029
		or (code >= 0x202A and code <= 0x202E)
		or (code >= 0x2060 and code <= 0x2064)
		or (code >= 0x2066 and code <= 0x2069)
		or code == 0xFEFF
		or (code >= 0xD800 and code <= 0xDFFF)
	)


## Whether [param value] is within [constant MAX_REQUEST_DEPTH], [constant MAX_REQUEST_ITEMS]
## and [constant MAX_STRING_LENGTH] and holds none of [constant REFUSED_TYPES]. Walks without
## recursion and stops at the first limit, so its cost is bounded whatever arrives.
static func is_small(value: Variant) -> bool:
	var stack: Array = [value]
	var depths: PackedInt32Array = [0]
	var items := 0
	while not stack.is_empty():
		var item: Variant = stack.pop_back()
		var depth: int = depths[depths.size() - 1]
		depths.resize(depths.size() - 1)
		items += 1
		var type := typeof(item)
		if items > MAX_REQUEST_ITEMS or depth > MAX_REQUEST_DEPTH or type in REFUSED_TYPES:
			return false
		if type in [TYPE_STRING, TYPE_STRING_NAME, TYPE_NODE_PATH]:
			if String(item).length() > MAX_STRING_LENGTH:
				return false
		elif type == TYPE_DICTIONARY or type == TYPE_ARRAY:
			var count: int = item.size() * (2 if type == TYPE_DICTIONARY else 1)
			if items + count > MAX_REQUEST_ITEMS:
				return false
			var inner: Array = item.keys() + item.values() if type == TYPE_DICTIONARY else item
			stack.append_array(inner)
			for _index in inner.size():
				depths.append(depth + 1)
		elif type >= TYPE_PACKED_BYTE_ARRAY:
			items += item.size()
			if items > MAX_REQUEST_ITEMS:
				return false
			if type == TYPE_PACKED_STRING_ARRAY:
				for text: String in item:
					if text.length() > MAX_STRING_LENGTH:
						return false
	return true


## Whether [param value] (one [method is_small] took) reads as JSON as the rules read a request:
## only [constant READABLE_TYPES], Dictionary keys that are Strings, StringNames or ints, no two
## keys written alike (1 and "1"), and no number that is not finite (NAN, an infinity, also in
## vectors, colours and packed arrays). What the rules could not read they would refuse with an
## error quoting it, in the server's log: a table refuses it first.
static func is_readable(value: Variant) -> bool:
	var type := typeof(value)
	if not type in READABLE_TYPES:
		return false
	if type == TYPE_DICTIONARY:
		for key: Variant in value:
			if not typeof(key) in [TYPE_STRING, TYPE_STRING_NAME, TYPE_INT]:
				return false
		return not _has_keys_alike(value) and value.values().all(is_readable)
	if type == TYPE_ARRAY:
		return value.all(is_readable)
	if type == TYPE_FLOAT:
		return is_finite(value)
	if type in FLOAT_TYPES:
		# Written as "nan" or "inf" where a component is not finite.
		var written := var_to_str(value)
		return not ("nan" in written or "inf" in written)
	return true


# Whether two keys of [param dictionary] are written alike as JSON keys (1 and "1").
static func _has_keys_alike(dictionary: Dictionary) -> bool:
	var written := {}
	for key: Variant in dictionary:
		written[str(key)] = true
	return written.size() != dictionary.size()


## Whether [param value] is a String of exactly [param length] characters, each one of
## [param alphabet]: no sign, prefix or space (a nonce in hex, a table code).
static func is_spelled(value: Variant, length: int, alphabet: String) -> bool:
	if typeof(value) != TYPE_STRING or value.length() != length:
		return false
	for character: String in value:
		if not character in alphabet:
			return false
	return true


## Whether a hello's fields are a name (String, at most [constant MAX_NAME_LENGTH] characters), a
## rejoin token (String: "" or [constant TOKEN_LENGTH] characters) and a seq (int).
static func is_hello(player_name: Variant, rejoin_token: Variant, since_seq: Variant) -> bool:
	if typeof(player_name) != TYPE_STRING or typeof(rejoin_token) != TYPE_STRING:
		return false
	if typeof(since_seq) != TYPE_INT or player_name.length() > MAX_NAME_LENGTH:
		return false
	return rejoin_token == "" or rejoin_token.length() == TOKEN_LENGTH


## Whether [param node] is in the scene tree, whose multiplayer API the network classes talk
## through; if not, says so for [param method] ("Class.method") with an error.
static func in_tree(node: Node, method: String) -> bool:
	if not node.is_inside_tree():
		push_error("%s: add the %s to the scene tree first" % [method, method.get_slice(".", 0)])
	return node.is_inside_tree()


## Whether [param address] is one a server may listen on ([code]"*"[/code]: every interface, or
## an IPv4 or IPv6 address); if not, says so for [param method] with an error. ENet would listen
## on every interface instead, which a host meant to stay local must not.
static func is_bind_address(address: String, method: String) -> bool:
	if address == "*" or address.is_valid_ip_address():
		return true
	push_error('%s: cannot listen on %s: not "*" nor an IP address' % [method, address.left(80)])
	return false


## Whether [param callable] can be called with one argument: it declares one or more, or it is a
## method that takes any number ([constant METHOD_FLAG_VARARG], which declares none).
static func takes_an_argument(callable: Callable) -> bool:
	if callable.get_argument_count() >= 1:
		return true
	var target := callable.get_object()
	if target == null or callable.is_custom():
		return false
	for method: Dictionary in target.get_method_list():
		if method["name"] == callable.get_method():
			return method["flags"] & METHOD_FLAG_VARARG != 0
	return false
