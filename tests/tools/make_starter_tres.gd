extends SceneTree
## Writes the addon's starter_set.tres from starter_set.json (run it after editing the JSON):
## godot --headless --path godot-project -s ../tests/tools/make_starter_tres.gd
## test_card_resources.gd checks that the two agree.

const ADDON := "res://addons/horizons_edge/"


func _initialize() -> void:
	var json: Dictionary = JSON.parse_string(
		FileAccess.get_file_as_string(ADDON + "starter_set.json")
	)
	var catalog := CardCatalog.from_config(json)
	var saved := ResourceSaver.save(catalog, ADDON + "starter_set.tres") if catalog else FAILED
	print("starter_set.tres: %s" % error_string(saved))
	quit(0 if saved == OK else 1)
