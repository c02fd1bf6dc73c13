extends TestSuite
## Cards as Resources: CardDefinition, StructureDefinition and CardCatalog, the shipped
## starter_set.tres against starter_set.json, and bad cards refused with the path of the bad field.

const STARTER_TRES := "res://addons/horizons_edge/starter_set.tres"
const SAVED_COPY := "user://test_card_resources_copy.tres"


func test_starter_set_tres_is_the_json_starter_set() -> void:
	var catalog: CardCatalog = load(STARTER_TRES)
	check(catalog != null, "starter_set.tres loads as a CardCatalog")
	if catalog == null:
		return
	check_equal(catalog.validate(), "", "the shipped catalog is valid")
	check_equal(catalog.cards.size(), 5, "cards")
	check_equal(catalog.structures.size(), 2, "structures")
	var from_json := CardCatalog.from_config(StarterGame.config())
	check_equal(var_to_str(catalog.to_config()), var_to_str(from_json.to_config()), "same catalog")
	var spark: CardDefinition = catalog.cards[0]
	check_equal([spark.id, spark.name, spark.energy], [1, "Spark", 1], "the first card")
	var generator: StructureDefinition = catalog.structures[0]
	check_equal(
		[
			generator.id,
			generator.cost_resources,
			generator.building_name,
			generator.building_toughness
		],
		["generator", 60, "Generator", 3],
		"the generator"
	)


func test_a_game_on_the_resource_plays_as_the_game_on_the_json() -> void:
	var on_json := StarterGame.rules(11, 4)
	var on_tres := _rules(11)
	on_tres.catalog = load(STARTER_TRES)
	check_equal(on_tres.setup(StarterGame.players(4), {}), OK, "setup from the inspector catalog")
	for game: GameRules in [on_json, on_tres]:
		StarterGame.keep_all(game)
		game.play_rounds(6, GameRules.AUTOPLAY_BOTS)
	check(on_json.get_round() > 1, "the bots played")
	check_equal(on_tres.get_state_hash(), on_json.get_state_hash(), "the same game, move for move")
	check_equal(on_tres.save_game(), on_json.save_game(), "the same save")
	for game: GameRules in [on_json, on_tres]:
		game.free()


func test_setup_takes_a_catalog_in_its_config_and_keys_that_replace_its_parts() -> void:
	var rules := _rules(3)
	var catalog: CardCatalog = load(STARTER_TRES)
	check_equal(rules.setup(StarterGame.players(2), {"catalog": catalog}), OK, "catalog key")
	check_equal(rules.get_config()["cards"].size(), 5, "the catalog's cards")
	var only_spark := {"cards": {"1": {"name": "Spark", "energy": 1}}}
	only_spark["catalog"] = catalog
	var spark_decks := [{"id": 0, "deck": [1, 1]}, {"id": 1, "deck": [1]}]
	check_equal(rules.setup(spark_decks, only_spark), OK, "cards replace the catalog's")
	check_equal(rules.get_config()["cards"].size(), 1, "only the config's cards")
	check_equal(rules.get_config()["structures"].size(), 2, "the catalog's structures stay")
	rules.free()


func test_a_catalog_built_in_code_and_saved_as_tres_loads_back_the_same() -> void:
	var card := CardDefinition.new()
	card.id = 9
	card.name = "Overclock"
	card.energy = 2
	card.effects = [{"effect": "gain_energy_per_round", "amount": 1}]
	var tower := StructureDefinition.new()
	tower.id = "tower"
	tower.cost_resources = 80
	tower.building_name = "Tower"
	tower.building_power = 1
	tower.building_toughness = 4
	var catalog := CardCatalog.new()
	catalog.cards = [card]
	catalog.structures = [tower]
	check_equal(catalog.validate(), "", "valid")
	check_equal(ResourceSaver.save(catalog, SAVED_COPY), OK, "saved")
	var loaded: CardCatalog = ResourceLoader.load(SAVED_COPY, "", ResourceLoader.CACHE_MODE_IGNORE)
	check_equal(var_to_str(loaded.to_config()), var_to_str(catalog.to_config()), "loaded back")
	var rules := _rules(5)
	rules.catalog = loaded
	check_equal(rules.setup([{"id": 0, "deck": [9, 9]}, {"id": 1}], {}), OK, "setup")
	check_equal(rules.get_config()["structures"]["tower"]["building"]["toughness"], 4, "the tower")
	rules.free()
	DirAccess.remove_absolute(ProjectSettings.globalize_path(SAVED_COPY))


func test_a_bad_card_names_the_path_of_the_bad_field() -> void:
	var card := CardDefinition.new()
	card.id = 2
	card.name = "Broken"
	card.effects = [{"effect": "gain_victory_points", "amount": "many"}]
	var catalog := CardCatalog.new()
	catalog.cards = [card]
	var path := "cards.2.effects[0].amount"
	check(
		catalog.validate().begins_with(path), "validate names %s: %s" % [path, catalog.validate()]
	)
	var rules := _rules(1)
	rules.catalog = catalog
	var code: Error = expect_error(rules.setup.bind(StarterGame.players(2), {}), path)
	check_equal(code, ERR_INVALID_PARAMETER, "setup refused")
	check(path in rules.get_last_refusal().get("reason", ""), "the refusal names the path")
	check(not rules.is_set_up(), "no game")
	var nested := {
		"cards": {"4": {"name": "R", "effects": [{"effect": "create_object", "object": {}}]}}
	}
	nested["cards"]["4"]["effects"][0]["object"] = {"name": "Soldier", "kind": "giant"}
	expect_error(rules.setup.bind(StarterGame.players(2), nested), "cards.4.effects[0].object.kind")
	rules.free()


func test_empty_slots_duplicate_ids_and_wrong_types_are_named() -> void:
	var card := CardDefinition.new()
	card.id = 1
	card.name = "One"
	var catalog := CardCatalog.new()
	catalog.cards = [card, null]
	check(catalog.validate().begins_with("cards[1] is empty"), catalog.validate())
	catalog.cards = [card, card]
	check(catalog.validate().begins_with("cards[1] has id 1"), catalog.validate())
	var tower := StructureDefinition.new()
	tower.id = "tower"
	tower.building_kind = 7
	catalog.cards = [card]
	catalog.structures = [tower]
	check(catalog.validate().begins_with("structures[0].building.kind"), catalog.validate())
	tower.building_kind = 1
	tower.effects = [{"effect": "draw_cards", "count": Callable()}]
	check(catalog.validate().begins_with("structures[0].effects[0].count"), catalog.validate())
	expect_error(catalog.to_config, "structures[0].effects[0].count")
	# Entries fresh from the inspector's "New": no id, no name.
	tower.effects = []
	catalog.structures = [StructureDefinition.new()]
	check_equal(catalog.validate(), "a structure has no name (its id)", "a blank structure")
	catalog.structures = []
	catalog.cards = [CardDefinition.new()]
	check_equal(catalog.validate(), "card 0 has no name", "a blank card")
	catalog.cards = [card]
	var rules := _rules(1)
	for wrong: Variant in [7, "starter_set.tres", Node2D.new(), StringName("x"), [catalog]]:
		expect_error(rules.setup.bind(StarterGame.players(2), {"catalog": wrong}), "CardCatalog")
		if wrong is Node:
			wrong.free()
	check(not rules.is_set_up(), "no game")
	check_equal(rules.setup([0, 1], {"catalog": null}), OK, "null: no catalog")
	check_equal(rules.get_config()["cards"].size(), 0, "and no cards")
	rules.free()


func test_from_config_refuses_a_bad_field_with_its_path() -> void:
	var bad := StarterGame.config({"structures": {"g": {"building": {"name": "G"}}}})
	var read := func() -> CardCatalog: return CardCatalog.from_config(bad)
	var catalog: Variant = expect_error(read, "structures.g.building: missing field `kind`")
	check(catalog == null, "no catalog")


func test_an_untyped_array_where_a_typed_one_belongs_is_refused_not_a_crash() -> void:
	var catalog := CardCatalog.new()
	var untyped: Array = [CardDefinition.new(), "not a card"]
	expect_error(func() -> void: catalog.set_cards(untyped), "set_cards")
	check_equal(catalog.cards.size(), 0, "the catalog kept its cards")
	check_equal(catalog.validate(), "", "and still reads")


func test_resources_emit_changed_when_set_and_a_catalog_passes_on_its_entries_changes() -> void:
	var card := CardDefinition.new()
	var tower := StructureDefinition.new()
	var catalog := CardCatalog.new()
	var seen := {"card": 0, "tower": 0, "catalog": 0, "read": ""}
	var on_card := func() -> void:
		seen["card"] += 1
		seen["read"] = card.name  # a handler may read the resource that changed
	var on_tower := func() -> void: seen["tower"] += 1
	var on_catalog := func() -> void: seen["catalog"] += 1
	card.changed.connect(on_card)
	tower.changed.connect(on_tower)
	catalog.changed.connect(on_catalog)
	card.id = 3
	card.name = "Spark"
	card.energy = 1
	card.effects = [{"effect": "gain_victory_points", "amount": 1}]
	check_equal(seen["card"], 4, "a card's four properties each emit changed")
	check_equal(seen["read"], "Spark", "the handler reads the new value")
	for property: String in [
		"id",
		"effects",
		"cost_energy",
		"cost_resources",
		"building_name",
		"building_kind",
		"building_power",
		"building_toughness",
		"building_cda"
	]:
		tower.set(property, tower.get(property))
	check_equal(seen["tower"], 9, "each of a structure's nine properties emits changed")
	catalog.cards = [card]
	catalog.structures = [tower]
	catalog.action_kinds = {}
	check_equal(seen["catalog"], 3, "the catalog's own properties emit changed")
	card.energy = 2
	tower.cost_energy = 5
	check_equal(seen["catalog"], 5, "an entry's change is the catalog's change")
	var other := CardDefinition.new()
	catalog.cards = [other, other]
	card.energy = 3
	check_equal(seen["catalog"], 6, "an entry taken out no longer reaches the catalog")
	other.energy = 1
	check_equal(seen["catalog"], 7, "an entry held twice reaches it once")
	var built := CardCatalog.from_config({"cards": {"1": {"name": "Spark"}}})
	var counted := [0]
	built.changed.connect(func() -> void: counted[0] += 1)
	built.cards[0].energy = 4
	check_equal(counted[0], 1, "a catalog from_config() passes on its cards' changes")
	var kept := CardDefinition.new()
	var holder := CardCatalog.new()
	holder.cards = [kept]
	holder.cards.clear()
	holder.cards = []
	var after := [0]
	holder.changed.connect(func() -> void: after[0] += 1)
	kept.energy = 9
	check_equal(after[0], 0, "a card taken out in place and the Array set again is let go")
	card.changed.disconnect(on_card)
	var with_hole := CardCatalog.new()
	with_hole.cards = [null, card]
	card.energy = 5
	check_equal(with_hole.validate().contains("empty"), true, "an empty slot is still refused")
	check_equal(card.get_card_name(), "Spark", "the name's getter")
	card.set_name("resource name")
	check_equal(
		[card.name, card.resource_name],
		["Spark", "resource name"],
		"set_name() stays Resource's, for resource_name"
	)


func test_a_structures_kind_and_ability_have_named_constants() -> void:
	var scout := StructureDefinition.new()
	scout.id = "scout"
	scout.building_name = "Scout"
	check_equal(scout.building_kind, StructureDefinition.KIND_BUILDING, "a building by default")
	scout.building_kind = StructureDefinition.KIND_TOKEN
	scout.building_cda = StructureDefinition.CDA_OBJECT_COUNT
	var catalog := CardCatalog.new()
	catalog.structures = [scout]
	var building: Dictionary = catalog.to_config()["structures"]["scout"]["building"]
	check_equal([building["kind"], building["cda"]], ["token", "object_count"], "as the core names")
	check_equal(
		[
			StructureDefinition.KIND_UNIT,
			StructureDefinition.CDA_NONE,
			StructureDefinition.CDA_HAND_SIZE
		],
		[0, 0, 1],
		"the inspector's values"
	)


func _rules(seed_value: int) -> GameRules:
	var rules := GameRules.new()
	rules.randomize_seed = false
	rules.seed = seed_value
	return rules
