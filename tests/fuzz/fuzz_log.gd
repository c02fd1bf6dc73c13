extends Logger
## What Godot logs during a fuzz run, as [code]fuzz.gd[/code] needs it: the errors of the call in
## progress (a refusal is recognised by the error it logs) and the findings among them, a Rust
## panic (gdext logs [code][panic file:line][/code]) or a GDScript error.

## Errors logged and not yet taken; each call of the fuzzer takes those logged while it ran.
var errors: PackedStringArray = []
## Panics and script errors logged and not yet reported, one line each.
var findings: PackedStringArray = []

var _mutex := Mutex.new()


func _log_error(
	function: String,
	file: String,
	line: int,
	code: String,
	rationale: String,
	_editor_notify: bool,
	error_type: int,
	_script_backtraces: Array[ScriptBacktrace]
) -> void:
	var text := ("%s %s" % [code, rationale]).strip_edges()
	_mutex.lock()
	errors.append(text)
	if text.contains("[panic "):
		findings.append("PANIC %s" % " ".join(_compact(text)).left(600))
	elif error_type == ERROR_TYPE_SCRIPT:
		findings.append("SCRIPT ERROR %s (%s:%d %s)" % [text, file, line, function])
	_mutex.unlock()


## The errors logged since [param mark] (an earlier size of [member errors]), removed.
func take_since(mark: int) -> PackedStringArray:
	_mutex.lock()
	var taken := errors.slice(mark)
	errors.resize(mark)
	_mutex.unlock()
	return taken


## The findings not yet reported, removed.
func take_findings() -> PackedStringArray:
	_mutex.lock()
	var taken := findings
	findings = []
	_mutex.unlock()
	return taken


## A panic's first lines without its backtrace.
func _compact(text: String) -> PackedStringArray:
	var lines := PackedStringArray()
	for part in text.split("\n"):
		if part.strip_edges() == "[panic backtrace]" or lines.size() == 3:
			break
		lines.append(part.strip_edges())
	return lines
