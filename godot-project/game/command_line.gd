extends RefCounted
## The command-line options of the bundled game ([code]main.tscn[/code]) and its servers
## ([code]game_server.gd[/code], [code]dedicated_server.gd[/code]): [code]--name value[/code]
## pairs over a table of defaults, each checked against its limits before anything starts.

## The largest 64-bit int.
const INT64_LARGEST := 9223372036854775807


## [param defaults] with every [code]--name value[/code] pair of [param args] applied (a dash in
## a name stands for an underscore), each value converted to its default's type and checked
## against [param limits]: for a number option [code][least, most][/code], for a text option the
## list of the values it takes. Empty, after a one-line error naming the option, on an unknown
## option, a missing value, a value that is not a number for a number option (NAN included) or
## one outside its limits.
static func parse(args: PackedStringArray, defaults: Dictionary, limits := {}) -> Dictionary:
	var options := defaults.duplicate()
	if args.size() % 2 != 0:
		printerr("options come in pairs (--name value): %s" % " ".join(args))
		return {}
	for index in range(0, args.size(), 2):
		var key := args[index].trim_prefix("--").replace("-", "_")
		var value := args[index + 1]
		if not args[index].begins_with("--") or not options.has(key):
			printerr("unknown option %s (options: %s)" % [args[index], _names(defaults)])
			return {}
		var problem := _problem(value, defaults[key], limits.get(key, []))
		if problem != "":
			printerr("%s %s: %s" % [args[index], value, problem])
			return {}
		options[key] = type_convert(value, typeof(defaults[key]))
	return options


# Why [param value] does not fit an option whose default is [param default] and whose limits
# are [param limit] (see parse()); "" when it fits.
static func _problem(value: String, default: Variant, limit: Array) -> String:
	if typeof(default) == TYPE_STRING:
		if limit.is_empty() or value in limit:
			return ""
		return "expected one of %s" % ", ".join(limit)
	var is_int := typeof(default) == TYPE_INT
	if not (value.is_valid_int() if is_int else value.is_valid_float()):
		return "expected %s" % ("a whole number" if is_int else "a number")
	if is_int and not _fits_int(value):
		return "expected a whole number from %d to %d" % [-INT64_LARGEST - 1, INT64_LARGEST]
	var number := value.to_float()
	if not is_finite(number):
		return "expected a finite number"
	if limit.size() == 2 and (number < limit[0] or number > limit[1]):
		return "expected a number from %s to %s" % [_text(limit[0]), _text(limit[1])]
	return ""


# Whether the whole number [param text] fits a 64-bit int (the engine would clamp it, logging
# an error of its own).
static func _fits_int(text: String) -> bool:
	var negative := text.begins_with("-")
	var digits := text.trim_prefix("-").trim_prefix("+").lstrip("0")
	# The smallest int is one less than the negative of the largest.
	var largest := "9223372036854775808" if negative else str(INT64_LARGEST)
	return (
		digits.length() < largest.length()
		or (digits.length() == largest.length() and digits <= largest)
	)


# [param number] as the command line writes it (a whole number without ".0").
static func _text(number: float) -> String:
	return str(int(number)) if number == floorf(number) else str(number)


# The options of [param defaults], as they are written on the command line.
static func _names(defaults: Dictionary) -> String:
	var names := PackedStringArray()
	for key: String in defaults:
		names.append("--" + key.replace("_", "-"))
	return " ".join(names)
