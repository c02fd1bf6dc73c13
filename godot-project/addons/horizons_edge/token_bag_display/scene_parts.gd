@tool
extends RefCounted
## The parts of a bare [TokenBagDisplay]: one made with [code]new()[/code] or the Create Node
## dialog has no children, and takes those of [code]token_bag_display.tscn[/code] (beside its
## script) when it enters the tree. And the rows of any display, made anew for other players.

const PlayerRow := preload("player_row.gd")


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


## Makes a row for each of [param player_ids] (in seat order; [param names] by id, colours from
## [param color_of], a player id to a [Color]; [param compact] rows) in [param parts][0] and their
## segment of the colour share bar in [param parts][1], the old ones discarded first; records
## them by player id in [param rows] and [param segments].
static func build_rows(
	parts: Array[Node],
	player_ids: Array[int],
	names: Dictionary,
	color_of: Callable,
	compact: bool,
	rows: Dictionary,
	segments: Dictionary
) -> void:
	for part in parts:
		_discard_children(part)
	rows.clear()
	segments.clear()
	for seat in player_ids.size():
		var player_id := player_ids[seat]
		var color: Color = color_of.call(player_id)
		var player_name: String = names.get(player_id, "Player %d" % player_id)
		var row := PlayerRow.new(player_name, seat, color, compact)
		row.name = "Row%d" % player_id
		parts[0].add_child(row)
		rows[player_id] = row
		var segment := ColorRect.new()
		segment.name = "Share%d" % player_id
		segment.color = color
		segment.custom_minimum_size = Vector2(0, 10 if compact else 16)
		segment.size_flags_horizontal = Control.SIZE_EXPAND_FILL
		segment.size_flags_stretch_ratio = 0.0
		parts[1].add_child(segment)
		segments[player_id] = segment


# Takes [param parent]'s children out before they are freed (at the end of the frame), so that
# the new ones get their names at once and nothing finds the old ones by name meanwhile.
static func _discard_children(parent: Node) -> void:
	for child in parent.get_children():
		parent.remove_child(child)
		child.queue_free()
