@tool
extends EditorPlugin
## The addon's entry in Project Settings › Plugins, with its version. The classes are registered
## by the GDExtension whether or not the plugin is enabled, so it adds nothing to the editor;
## enabled, it says so in the Output when this platform's library is missing (the engine only
## says that the extension was not found, and the addon's scripts then fail to parse).

const EXTENSION := "res://addons/horizons_edge/horizons_edge.gdextension"


## The library [constant EXTENSION] lists for this platform, architecture and build ("" if it
## lists none).
static func expected_library() -> String:
	var config := ConfigFile.new()
	if config.load(EXTENSION) != OK:
		return ""
	var build := "debug" if OS.is_debug_build() else "release"
	var os_name := "macos" if OS.get_name() == "macOS" else OS.get_name().to_lower()
	var key := "%s.%s.%s" % [os_name, build, Engine.get_architecture_name()]
	var library: String = config.get_value("libraries", key, "")
	return EXTENSION.get_base_dir().path_join(library) if library != "" else ""


func _enter_tree() -> void:
	if ClassDB.class_exists(&"GameRules"):
		return
	var library := expected_library()
	push_error(
		(
			(
				"Horizon's Edge: the extension is not loaded. This platform's library, %s, is missing:"
				+ " build it with `cargo xtask build`, or copy the addon from a release zip, which"
				+ " holds every desktop platform's."
			)
			% (library if library != "" else "not listed in " + EXTENSION)
		)
	)
