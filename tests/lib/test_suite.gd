class_name TestSuite
extends Node
## Base of every suite: methods named [code]test_*[/code] are run in file order by
## [code]runner.gd[/code]; the check helpers record failures instead of stopping the test.
##
## Any error Godot logs during a test fails it, unless the test expected it with
## [method expect_error].

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


func _unexpected_errors() -> PackedStringArray:
	var unexpected := PackedStringArray()
	for error in error_log.take():
		unexpected.append("unexpected error logged: %s" % error)
	return unexpected
