class_name NetOptions
extends RefCounted
## Command-line options of the multiplayer test processes.


## [param defaults] with every `--name value` pair of [param args] applied, each value converted
## to its default's type ("--token-file" sets "token_file").
static func parse(args: PackedStringArray, defaults: Dictionary) -> Dictionary:
	var options := defaults.duplicate()
	for index in range(0, args.size() - 1, 2):
		var key := args[index].trim_prefix("--").replace("-", "_")
		if not options.has(key):
			push_error("unknown option --%s" % key)
			continue
		options[key] = type_convert(args[index + 1], typeof(defaults[key]))
	return options
