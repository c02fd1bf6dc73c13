extends RefCounted
## The command-line options of the bundled game's servers ([code]game_server.gd[/code] and
## [code]dedicated_server.gd[/code]): [code]--name value[/code] pairs over a table of defaults.


## [param defaults] with every [code]--name value[/code] pair of [param args] applied (a dash in
## a name stands for an underscore), each value converted to its default's type; empty (after an
## error message) on an unknown option, or on a value that is not a number for a number option.
static func parse(args: PackedStringArray, defaults: Dictionary) -> Dictionary:
	var options := defaults.duplicate()
	if args.size() % 2 != 0:
		printerr("server: options come in pairs (--name value): %s" % " ".join(args))
		return {}
	for index in range(0, args.size(), 2):
		var key := args[index].trim_prefix("--").replace("-", "_")
		var value := args[index + 1]
		if (
			not options.has(key)
			or (typeof(defaults[key]) != TYPE_STRING and not value.is_valid_float())
		):
			printerr("server: unknown option or bad value: %s %s" % [args[index], value])
			return {}
		options[key] = type_convert(value, typeof(defaults[key]))
	return options
