@tool
extends EditorPlugin
## Opens every class the extension registers in the editor's built-in help, as a developer would
## with F1, and quits with 1 if a page lacks a description of the class or of any of its methods,
## signals, constants or properties, shows a type as Rust spells it, or if the token bag display
## does not preview in the editor.
## Run by `cargo xtask test` in a throwaway project.

const MISSING := "There is currently no description"
## How gdext's macros spell types, which a page must show in Godot's words (Dictionary, String,
## CardDefinition[]...): on the first start of a project the addon was dropped into, the editor
## shows the words the extension registers.
const RUST_TYPES := "VarDictionary|AnyDictionary|VarArray|AnyArray|GString|PhantomVar|Result <|Gd <"
const DISPLAY := "res://addons/horizons_edge/token_bag_display/token_bag_display"
const SETTLE_FRAMES := 30
const WATCHDOG_SECONDS := 90.0


func _enter_tree() -> void:
	get_tree().create_timer(WATCHDOG_SECONDS).timeout.connect(_on_watchdog_timeout)
	_probe.call_deferred()


func _probe() -> void:
	await _frames(SETTLE_FRAMES)
	var classes := PackedStringArray()
	for name in ClassDB.get_class_list():
		if ClassDB.class_get_api_type(name) == ClassDB.API_EXTENSION:
			classes.append(name)
	var problems := PackedStringArray()
	if classes.is_empty():
		problems.append("no extension classes are registered")
	for name in classes:
		problems.append_array(await _check_class(name))
	problems.append_array(await _check_display_preview())
	for problem in problems:
		print("DOC PROBLEM %s" % problem)
	print("doc check: %d classes, %d problems" % [classes.size(), problems.size()])
	get_tree().quit(0 if problems.is_empty() else 1)


func _check_class(name: String) -> PackedStringArray:
	var script_editor := EditorInterface.get_script_editor()
	script_editor.goto_help("class_name:%s" % name)
	await _frames(5)
	var text := _help_text(script_editor, name)
	var problems := PackedStringArray()
	if text.is_empty():
		return PackedStringArray(["%s: no help page" % name])
	if _brief(text).is_empty() or _brief(text).begins_with(MISSING):
		problems.append("%s: no brief description" % name)
	var at := text.find(MISSING)
	while at >= 0:
		var context := text.substr(maxi(at - 120, 0), 120).strip_edges().replace("\n", " ")
		problems.append("%s: undocumented item near '...%s'" % [name, context])
		at = text.find(MISSING, at + 1)
	var rust := RegEx.create_from_string(RUST_TYPES)
	for found in rust.search_all(text):
		var context := text.substr(maxi(found.get_start() - 40, 0), 80).replace("\n", " ")
		problems.append("%s: a Rust type '%s' near '%s'" % [name, found.get_string(), context])
	return problems


# The token bag display in the editor, instanced from its scene and made bare (as the Create Node
# dialog makes it): each must preview four players part way through a round.
func _check_display_preview() -> PackedStringArray:
	var problems := PackedStringArray()
	var made: Dictionary[String, Control] = {
		"instanced": (load(DISPLAY + ".tscn") as PackedScene).instantiate(),
		"new()": (load(DISPLAY + ".gd") as GDScript).new(),
	}
	for how: String in made:
		var display := made[how]
		EditorInterface.get_base_control().add_child(display)
		await _frames(3)
		var rows := display.get_node_or_null("%Rows")
		var remaining := display.get_node_or_null("%RemainingLabel") as Label
		if rows == null or remaining == null:
			problems.append("the display made by %s has no parts in the editor" % how)
		elif rows.get_child_count() != 4 or remaining.text != "9":
			problems.append(
				(
					"the display made by %s previews %d rows and '%s' tokens, not 4 and 9"
					% [how, rows.get_child_count(), remaining.text]
				)
			)
		display.free()
	return problems


## The first non-empty line after the "Class:" and "Inherits:" lines.
func _brief(text: String) -> String:
	var lines := text.split("\n")
	for index in range(2, lines.size()):
		if not lines[index].strip_edges().is_empty():
			return lines[index].strip_edges()
	return ""


func _help_text(root: Node, name: String) -> String:
	for help in root.find_children("*", "EditorHelp", true, false):
		for label: RichTextLabel in help.find_children("*", "RichTextLabel", true, false):
			var text := label.get_parsed_text()
			if text.begins_with("Class:") and text.get_slice("\n", 0).ends_with(name):
				return text
	return ""


func _frames(count: int) -> void:
	for i in count:
		await get_tree().process_frame


func _on_watchdog_timeout() -> void:
	print("DOC PROBLEM the doc check did not finish within %d s" % WATCHDOG_SECONDS)
	get_tree().quit(2)
