@tool
extends EditorPlugin
## The addon's entry in Project Settings › Plugins, with its version. The classes are registered
## by the GDExtension whether or not the plugin is enabled, so it adds nothing to the editor.
