extends SceneTree
## Runs each README snippet that `cargo xtask test` wrote into res://snippets/, in a fresh
## project holding only the addon: every snippet is the script of a Node (with a [GameRules]
## child named GameRules when it reads [code]$GameRules[/code]) that runs for a few frames. A
## snippet passes if it loads and runs without a single error in the log.
##
## Prints "SNIPPET <name> ok" or "SNIPPET <name> FAILED: ..." for each, then
## "N passed, N failed", and quits with 0 only if all passed.

const ErrorLogScript := preload("res://error_log.gd")
const SNIPPET_DIR := "res://snippets"
const FRAMES := 30
const WATCHDOG_SECONDS := 120.0

var _error_log: ErrorLogScript = ErrorLogScript.new()
var _passed := 0
var _failed := 0


func _initialize() -> void:
	OS.add_logger(_error_log)
	create_timer(WATCHDOG_SECONDS).timeout.connect(_on_watchdog_timeout)
	_run_all.call_deferred()


func _run_all() -> void:
	var names := Array(DirAccess.get_files_at(SNIPPET_DIR)).filter(
		func(file: String) -> bool: return file.ends_with(".gd")
	)
	names.sort()
	if names.is_empty():
		_record("snippets", PackedStringArray(["no snippet in %s" % SNIPPET_DIR]))
	for file: String in names:
		await _run_snippet(file)
	print("%d passed, %d failed" % [_passed, _failed])
	OS.remove_logger(_error_log)
	quit(0 if _failed == 0 else 1)


func _run_snippet(file: String) -> void:
	_error_log.take()
	var path := SNIPPET_DIR.path_join(file)
	var script: GDScript = load(path)
	if script == null or not script.can_instantiate():
		var why := _error_log.take()
		why.insert(0, "the snippet does not load")
		_record(file, why)
		return
	var node := Node.new()
	node.name = file.get_basename().to_pascal_case()
	if "$GameRules" in script.source_code:
		var rules := GameRules.new()
		rules.name = "GameRules"
		node.add_child(rules)
	node.set_script(script)
	root.add_child(node)
	for frame in FRAMES:
		await process_frame
	if is_instance_valid(node):
		node.free()
	await process_frame
	_record(file, _error_log.take())


func _record(snippet: String, errors: PackedStringArray) -> void:
	if errors.is_empty():
		_passed += 1
		print("SNIPPET %s ok" % snippet)
	else:
		_failed += 1
		print("SNIPPET %s FAILED:\n    %s" % [snippet, "\n    ".join(errors)])


func _on_watchdog_timeout() -> void:
	print("SNIPPET watchdog: the snippets did not finish within %d s" % WATCHDOG_SECONDS)
	quit(3)
