extends TestSuite
## Issue #17, "an API that feels like Godot": refusals of play stay out of the log unless
## [code]log_refusals[/code] asks, every class has an editor icon, the inspector groups
## [GameRules]' settings, and a [TokenBagDisplay] made with [code]new()[/code] works.

const EXTENSION := "res://addons/horizons_edge/horizons_edge.gdextension"
const ADDON := "res://addons/horizons_edge/"


func test_refusals_of_play_are_printed_only_when_log_refusals_is_on() -> void:
	var printed := PrintLog.new()
	OS.add_logger(printed)
	var rules := StarterGame.rules(5, 2)
	StarterGame.keep_all(rules)
	var active := rules.draw_next_token()
	check(not rules.log_refusals, "off by default")
	var upgrade := func() -> int: return rules.attempt_command_upgrade(active)
	check_equal(expect_refusal(rules, "cannot_afford", upgrade), ERR_UNAUTHORIZED, "refused")
	check_equal(printed.matching("refused").size(), 0, "nothing printed while off")
	rules.log_refusals = true
	check_equal(expect_refusal(rules, "cannot_afford", upgrade), ERR_UNAUTHORIZED, "refused")
	var lines := printed.matching("attempt_command_upgrade refused (cannot_afford)")
	check_equal(lines.size(), 1, "printed once, naming the method and the kind: %s" % lines)

	var bag := CommandTokenBag.new()
	bag.log_refusals = true
	check(expect_refusal(bag, "bag_empty", bag.draw_token) == null, "an empty bag refuses")
	check_equal(printed.matching("draw_token refused (bag_empty)").size(), 1, "the bag's refusal")

	var turns := TurnSystem.new()
	turns.log_refusals = true
	turns.add_unit(1, TurnSystem.SIDE_PLAYER, 10)
	turns.next_turn()
	var spend := func() -> int: return turns.spend_action_points(1, 99)
	expect_refusal(turns, "not_enough_action_points", spend)
	check_equal(printed.matching("spend_action_points refused").size(), 1, "the turns' refusal")

	var misuse := func() -> int: return turns.spend_action_points(77, 1)
	expect_error(misuse, "77")
	check_equal(printed.matching("refused (unknown_unit)").size(), 0, "misuse is an error only")
	OS.remove_logger(printed)
	rules.free()


func test_every_class_of_the_addon_has_an_editor_icon() -> void:
	var config := ConfigFile.new()
	check_equal(config.load(EXTENSION), OK, "the .gdextension reads")
	var icons: PackedStringArray = (
		config.get_section_keys("icons") if config.has_section("icons") else PackedStringArray()
	)
	var extension_classes := 0
	for name: String in ClassDB.get_class_list():
		if ClassDB.class_get_api_type(name) != ClassDB.API_EXTENSION:
			continue
		extension_classes += 1
		check(name in icons, "%s has an icon in the .gdextension" % name)
		if name in icons:
			_check_icon(config.get_value("icons", name), name)
	check(extension_classes >= 5, "the extension's classes are registered")
	var script_classes := 0
	for entry: Dictionary in ProjectSettings.get_global_class_list():
		if (entry["path"] as String).begins_with(ADDON):
			script_classes += 1
			check(entry["icon"] != "", "%s has an @icon" % entry["class"])
			_check_icon(entry["icon"], entry["class"])
	check(script_classes >= 1, "the addon's script classes are listed")


func test_no_signal_argument_shadows_a_builtin_in_a_generated_handler() -> void:
	# The editor names a connected handler's parameters after the signal's arguments: one called
	# "round" or "name" made every such handler warn (SHADOWED_GLOBAL_IDENTIFIER, or
	# SHADOWED_VARIABLE_BASE_CLASS in a Node script).
	var taken := PackedStringArray(["round", "floor", "ceil", "abs", "min", "max", "sign", "str"])
	taken.append_array(["range", "len", "hash", "type", "load", "print", "clamp", "lerp", "wrap"])
	for property: Dictionary in ClassDB.class_get_property_list("Node"):
		taken.append(property["name"])
	var signals: Array[Dictionary] = []
	for name: String in ClassDB.get_class_list():
		if ClassDB.class_get_api_type(name) == ClassDB.API_EXTENSION:
			signals.append_array(ClassDB.class_get_signal_list(name, true))
	for entry: Dictionary in ProjectSettings.get_global_class_list():
		if (entry["path"] as String).begins_with(ADDON):
			signals.append_array((load(entry["path"]) as Script).get_script_signal_list())
	check(signals.size() > 40, "the addon's signals are listed: %d" % signals.size())
	for info: Dictionary in signals:
		for argument: Dictionary in info["args"]:
			check(
				not argument["name"] in taken,
				"%s(%s ...) names an argument after a builtin" % [info["name"], argument["name"]]
			)


func test_the_plugin_names_the_library_this_platform_loads() -> void:
	# Enabled without its library, the addon said nothing; the engine's error names no file.
	var plugin: GDScript = load("res://addons/horizons_edge/plugin.gd")
	var library: String = plugin.call("expected_library")
	check(library.begins_with("res://addons/horizons_edge/bin/"), "in bin/: %s" % library)
	check(FileAccess.file_exists(library), "the library this engine loaded: %s" % library)


func test_the_inspector_groups_the_settings_of_game_rules() -> void:
	var rules := GameRules.new()
	var groups := PackedStringArray()
	var grouped := {}
	var group := ""
	var categories := 0
	for property: Dictionary in rules.get_property_list():
		if property["usage"] & PROPERTY_USAGE_CATEGORY:
			categories += 1
			if categories > 1:
				break  # GameRules' own properties come first, then Node's.
		elif property["usage"] & PROPERTY_USAGE_GROUP:
			group = property["name"]
			groups.append(group)
		elif property["usage"] & PROPERTY_USAGE_EDITOR and group != "":
			grouped[property["name"]] = group
	check_equal(
		groups,
		PackedStringArray(
			[
				"Randomness",
				"Turn order",
				"Hands",
				"Economy",
				"End of the game",
				"Cards",
				"Reactions",
				"Debugging"
			]
		),
		"the groups, in order"
	)
	check_equal(grouped.get("seed"), "Randomness", "seed")
	check_equal(grouped.get("activation_order"), "Turn order", "activation_order")
	check_equal(grouped.get("round_limit"), "End of the game", "round_limit")
	check_equal(grouped.get("log_refusals"), "Debugging", "log_refusals")
	check_equal(grouped.get("catalog"), "Cards", "catalog")
	check_equal(grouped.get("max_streak"), "Turn order", "max_streak")
	check_equal(grouped.size(), 17, "every setting is in a group: %s" % grouped)
	rules.free()


func test_a_display_made_with_new_builds_its_parts_and_follows_the_rules() -> void:
	var rules := StarterGame.rules(9, 3)
	StarterGame.keep_all(rules)
	var display := TokenBagDisplay.new()
	display.draw_duration = 0.0
	display.transition_duration = 0.0
	add_child(display)
	display.rules = rules
	var remaining: Label = display.get_node_or_null("%RemainingLabel")
	check(remaining != null, "the scene's parts were built")
	if remaining == null:
		rules.free()
		display.free()
		return
	check_equal(remaining.text, "12", "the full bag")
	rules.pass_activation(rules.draw_next_token())
	check_equal(remaining.text, "11", "after a draw")
	check(display.get_node_or_null("%Rows/Row2") != null, "a row per player")
	check(display.has_theme_stylebox_override("panel"), "the scene's panel style")
	rules.free()
	display.free()


func test_the_editor_preview_shows_a_round_in_progress() -> void:
	var display := TokenBagDisplay.new()
	add_child(display)
	display.call("_show_preview")
	check_equal((display.get_node("%RemainingLabel") as Label).text, "9", "tokens left")
	check_equal((display.get_node("%RoundLabel") as Label).text, "Round 1", "the round")
	check_equal(display.get_node("%Rows").get_child_count(), 4, "four players")
	display.free()


func _check_icon(path: String, owner_name: String) -> void:
	check(path.begins_with(ADDON + "icons/"), "%s's icon is in the addon: %s" % [owner_name, path])
	var image := Image.new()
	var svg := FileAccess.get_file_as_string(path)
	check_equal(image.load_svg_from_string(svg), OK, "%s's icon is an SVG that loads" % owner_name)
	check_equal(image.get_size(), Vector2i(16, 16), "%s's icon is 16×16" % owner_name)


## Collects what is printed, to tell whether a refusal was logged.
class PrintLog:
	extends Logger

	var lines: PackedStringArray = []
	var _mutex := Mutex.new()

	func _log_message(message: String, _error: bool) -> void:
		_mutex.lock()
		lines.append(message)
		_mutex.unlock()

	## The lines printed so far that contain [param fragment].
	func matching(fragment: String) -> PackedStringArray:
		_mutex.lock()
		var found := PackedStringArray()
		for line in lines:
			if fragment in line:
				found.append(line)
		_mutex.unlock()
		return found
