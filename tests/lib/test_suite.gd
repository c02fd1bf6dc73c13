class_name TestSuite
extends Node
## Base of every suite: methods named [code]test_*[/code] are run in file order by
## [code]runner.gd[/code]; the check helpers record failures instead of stopping the test.
##
## Any error Godot logs during a test fails it, unless the test expected it with
## [method expect_error].

## How long [method wait_until] waits by default (a liveness bound).
const WAIT_MSEC := 8000

## Injected by the runner before the first test.
var error_log: ErrorLog

var _failures: PackedStringArray = []


## The names of this suite's tests, in the order they are declared.
func get_test_names() -> PackedStringArray:
	var names := PackedStringArray()
	for method in get_script().get_script_method_list():
		var method_name: String = method["name"]
		if method_name.begins_with("test_") and not names.has(method_name):
			names.append(method_name)
	return names


## Failures recorded so far in the current test; the runner clears them between tests.
func take_failures() -> PackedStringArray:
	var taken := _failures
	_failures = []
	taken.append_array(_unexpected_errors())
	return taken


## Waits (frame by frame) until [param condition] holds; false, with a failure naming
## [param what], if it does not within [param msec]. Await it.
func wait_until(condition: Callable, what: String, msec := WAIT_MSEC) -> bool:
	var started := Time.get_ticks_msec()
	while not condition.call() and Time.get_ticks_msec() - started < msec:
		await get_tree().process_frame
	var held: bool = condition.call()
	check(held, "waited in vain for %s" % what)
	return held


## Records a failure unless [param condition] holds.
func check(condition: bool, message: String) -> void:
	if not condition:
		_failures.append(message)


## Records a failure unless [param actual] equals [param expected] (same type and value).
func check_equal(actual: Variant, expected: Variant, what: String) -> void:
	if typeof(actual) != typeof(expected) or actual != expected:
		_failures.append(
			"%s: expected %s, got %s" % [what, var_to_str(expected), var_to_str(actual)]
		)


## Runs [param action] and checks that it logged exactly one error containing [param fragment].
## Returns what [param action] returned.
func expect_error(action: Callable, fragment: String) -> Variant:
	_failures.append_array(_unexpected_errors())
	var result: Variant = action.call()
	var errors := error_log.take()
	if errors.size() != 1:
		_failures.append("expected one error containing '%s', got %s" % [fragment, errors])
	elif not fragment in errors[0]:
		_failures.append("expected an error containing '%s', got: %s" % [fragment, errors[0]])
	return result


## Runs [param action] and checks that [param object] refused it as an ordinary refusal of play:
## nothing written to the error log, and [code]object.get_last_refusal()[/code] of
## [param kind], not misuse, with [param fragment] in its reason. Returns what [param action]
## returned.
func expect_refusal(object: Object, kind: String, action: Callable, fragment := "") -> Variant:
	_failures.append_array(_unexpected_errors())
	var result: Variant = action.call()
	var errors := error_log.take()
	if not errors.is_empty():
		_failures.append("a refusal of play (%s) was logged as an error: %s" % [kind, errors])
	var refusal: Dictionary = object.get_last_refusal()
	if refusal.get("kind") != kind or refusal.get("misuse", true):
		_failures.append("expected a refusal of play of kind '%s', got %s" % [kind, refusal])
	elif fragment != "" and not fragment in refusal["reason"]:
		_failures.append("expected '%s' in the refusal: %s" % [fragment, refusal["reason"]])
	return result


## Runs [param action] and checks that [param object] refused it, saying why: misuse of the API
## as exactly one error in the log, or a refusal of play through
## [code]object.get_last_refusal()[/code] and no error; either way with [param fragment] in the
## reason. For tables of refusals of both kinds. Returns what [param action] returned.
func expect_refused(object: Object, action: Callable, fragment: String) -> Variant:
	_failures.append_array(_unexpected_errors())
	var before: Dictionary = object.get_last_refusal()
	var result: Variant = action.call()
	var errors := error_log.take()
	var refusal: Dictionary = object.get_last_refusal()
	if errors.size() > 1:
		_failures.append("expected at most one error containing '%s', got %s" % [fragment, errors])
	elif errors.size() == 1:
		if not fragment in errors[0]:
			_failures.append("expected an error containing '%s', got: %s" % [fragment, errors[0]])
	elif refusal == before or refusal.get("misuse", true):
		_failures.append("no error and no refusal of play for '%s': %s" % [fragment, refusal])
	elif not fragment in refusal["reason"]:
		_failures.append("expected '%s' in the refusal: %s" % [fragment, refusal["reason"]])
	return result


func _unexpected_errors() -> PackedStringArray:
	var unexpected := PackedStringArray()
	for error in error_log.take():
		unexpected.append("unexpected error logged: %s" % error)
	return unexpected
