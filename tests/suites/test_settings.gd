extends TestSuite
## GameRules' inspector settings: what setup() reads, and what a load leaves of them — all but
## the seed, which tells the current game's.


func test_a_load_sets_the_seed_to_the_loaded_games_and_leaves_the_other_settings() -> void:
	# The class doc said a load updates none of the settings; it sets seed (a later setup() with
	# randomize_seed off plays the loaded game's seed), which its doc now says.
	var saved := GameRules.new()
	saved.randomize_seed = false
	saved.seed = 1111
	check_equal(saved.setup(StarterGame.players(2), StarterGame.config({"round_limit": 9})), OK, "")
	var json := saved.save_game()
	var bytes := saved.save_game_bytes()
	saved.free()
	for load_one: Callable in [
		func(rules: GameRules) -> Error: return rules.load_game(json),
		func(rules: GameRules) -> Error: return rules.load_game_bytes(bytes),
	]:
		var rules := GameRules.new()
		rules.randomize_seed = false
		rules.seed = 2222
		rules.round_limit = 4
		check_equal(load_one.call(rules), OK, "loaded")
		check_equal(rules.seed, 1111, "the loaded game's seed")
		check_equal(rules.round_limit, 4, "a setting the load leaves")
		check_equal(rules.get_config()["round_limit"], 9, "the loaded game's rules")
		check_equal(rules.setup(StarterGame.players(2), StarterGame.config()), OK, "a new game")
		check_equal(rules.seed, 1111, "played on the seed the load set")
		rules.free()
