extends RefCounted
## Statically typed calls for the GDScript fuzzer ([code]fuzz.gd[/code]). GDScript compiles a
## call on a typed receiver with typed arguments to a direct (ptrcall) call, the path statically
## typed game code takes, while [method Object.callv] takes the dynamic (varcall) one; the
## extension converts arguments on both, differently. The fuzzer compiles one caller per method
## from [ClassDB] at run time and makes half of the calls whose arguments fit through it.


## The source of the caller of [param method] (a [method ClassDB.class_get_method_list] entry)
## of [param cls]: [code]func Class__method(target: Class, a0: type, ...) -> Variant[/code].
static func source_of(cls: String, method: Dictionary) -> String:
	var params := PackedStringArray(["target: %s" % cls])
	var names := PackedStringArray()
	var args: Array = method["args"]
	var defaults: Array = method["default_args"]
	for index in args.size():
		var arg: Dictionary = args[index]
		var type := "Variant" if arg["type"] == TYPE_NIL else type_string(arg["type"])
		if arg["type"] == TYPE_OBJECT:
			type = arg["class_name"]
		var param := "a%d: %s" % [index, type]
		var default_index: int = index - (args.size() - defaults.size())
		if default_index >= 0:
			param += " = %s" % var_to_str(defaults[default_index])
		params.append(param)
		names.append("a%d" % index)
	var returned: Dictionary = method["return"]
	var is_void: bool = (
		returned["type"] == TYPE_NIL and (returned["usage"] & PROPERTY_USAGE_NIL_IS_VARIANT) == 0
	)
	var call := "target.%s(%s)" % [method["name"], ", ".join(names)]
	var body := call + "\n\treturn null" if is_void else "return " + call
	return "func %s__%s(%s) -> Variant:\n\t%s\n" % [cls, method["name"], ", ".join(params), body]


## An object holding the callers [param sources] (from [method source_of]), or null if they do
## not compile.
static func compile(sources: PackedStringArray) -> Object:
	var script := GDScript.new()
	script.source_code = "extends RefCounted\n\n" + "\n".join(sources)
	if script.reload() != OK:
		return null
	return script.new()


## Whether [param args] fit the caller of a method ([param info], the fuzzer's entry with
## [code]args[/code] and [code]defaults[/code]) exactly: a count it takes and every value of its
## parameter's type. Only such calls go through a caller: a GDScript function that refuses an
## argument leaks the RefCounted arguments before it (a Godot bug, not the extension's).
static func fits(info: Dictionary, args: Array) -> bool:
	if not info.has("defaults"):
		return false
	var params: Array = info["args"]
	if args.size() > params.size() or args.size() < params.size() - info["defaults"]:
		return false
	for index in args.size():
		var param: Dictionary = params[index]
		var type: int = param["type"]
		var arg: Variant = args[index]
		if type == TYPE_OBJECT:
			# A class itself (GameRules as a value) is no instance: a call on it is a call of
			# the class's static methods, and is_class() is not one of them.
			if not is_instance_valid(arg) or str(arg).begins_with("<GDScriptNativeClass"):
				return false
			if not arg.is_class(param["class_name"]):
				return false
		elif type != TYPE_NIL and typeof(arg) != type:
			return false
	return true
