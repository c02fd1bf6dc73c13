class_name ErrorLog
extends Logger
## Collects the errors Godot logs (push_error, the extension's refusals, script errors) so tests
## can assert that a refusal was logged, and that nothing else was.

var _errors: PackedStringArray = []
var _mutex := Mutex.new()


func _log_error(
	function: String,
	file: String,
	line: int,
	code: String,
	rationale: String,
	_editor_notify: bool,
	_error_type: int,
	_script_backtraces: Array[ScriptBacktrace]
) -> void:
	var text := "%s %s (%s:%d %s)" % [code, rationale, file, line, function]
	_mutex.lock()
	_errors.append(text.strip_edges())
	_mutex.unlock()


## Returns the errors logged since the last call and forgets them.
func take() -> PackedStringArray:
	_mutex.lock()
	var taken := _errors
	_errors = []
	_mutex.unlock()
	return taken
