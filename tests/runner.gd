extends SceneTree
## Runs every suite in res://suites/ headless and quits with 0 only if all tests pass.
##
## Prints a line per test and closes with "N passed, N failed". A watchdog quits with a failure
## code if the suites hang (a script error in a coroutine would otherwise leave Godot idling).

const SUITE_DIR := "res://suites"
const WATCHDOG_SECONDS := 240.0
const EXIT_WATCHDOG := 3

var _error_log := ErrorLog.new()
var _passed := 0
var _failed := 0


func _initialize() -> void:
	OS.add_logger(_error_log)
	create_timer(WATCHDOG_SECONDS).timeout.connect(_on_watchdog_timeout)
	_run_all.call_deferred()


func _run_all() -> void:
	if not ClassDB.class_exists("CommandTokenBag"):
		_record("extension", PackedStringArray(["the horizons_edge extension did not load"]))
	else:
		for path in _suite_paths():
			await _run_suite(path)
	print("%d passed, %d failed" % [_passed, _failed])
	OS.remove_logger(_error_log)
	_error_log = null
	quit(0 if _failed == 0 else 1)


func _run_suite(path: String) -> void:
	var script: GDScript = load(path)
	var suite: TestSuite = script.new() if script and script.can_instantiate() else null
	if suite == null:
		_record(path, PackedStringArray(["the suite did not load"]))
		return
	suite.error_log = _error_log
	root.add_child(suite)
	_error_log.take()
	for test_name in suite.get_test_names():
		await suite.call(test_name)
		_record("%s %s" % [path.get_file().get_basename(), test_name], suite.take_failures())
	suite.free()


func _record(test_name: String, failures: PackedStringArray) -> void:
	if failures.is_empty():
		_passed += 1
		print("PASS %s" % test_name)
		return
	_failed += 1
	print("FAIL %s" % test_name)
	for failure in failures:
		print("    %s" % failure)


func _suite_paths() -> PackedStringArray:
	var paths := PackedStringArray()
	for file in DirAccess.get_files_at(SUITE_DIR):
		if file.begins_with("test_") and file.ends_with(".gd"):
			paths.append(SUITE_DIR.path_join(file))
	paths.sort()
	return paths


func _on_watchdog_timeout() -> void:
	print("FAIL watchdog: the suites did not finish within %d s" % WATCHDOG_SECONDS)
	print("%d passed, %d failed" % [_passed, _failed + 1])
	quit(EXIT_WATCHDOG)
