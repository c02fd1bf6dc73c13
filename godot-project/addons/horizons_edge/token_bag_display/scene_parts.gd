@tool
extends RefCounted
## The parts of a bare [TokenBagDisplay]: one made with [code]new()[/code] or the Create Node
## dialog has no children, and takes those of [code]token_bag_display.tscn[/code] (beside its
## script) when it enters the tree.


## Moves the scene's parts into [param display], owned by it so that its %names find them, and
## gives it the scene's panel style (unless it has its own) and at least the scene's least size.
static func build(display: Control) -> void:
	var scene_path := (display.get_script() as Script).resource_path.get_base_dir().path_join(
		"token_bag_display.tscn"
	)
	var template := (load(scene_path) as PackedScene).instantiate() as Control
	if not display.has_theme_stylebox_override("panel"):
		display.add_theme_stylebox_override("panel", template.get_theme_stylebox("panel"))
	display.custom_minimum_size = display.custom_minimum_size.max(template.custom_minimum_size)
	for part in template.get_children():
		_set_owner_of_tree(part, null)
		template.remove_child(part)
		display.add_child(part)
		_set_owner_of_tree(part, display)
	template.free()


static func _set_owner_of_tree(node: Node, new_owner: Node) -> void:
	node.owner = new_owner
	for child in node.get_children():
		_set_owner_of_tree(child, new_owner)
