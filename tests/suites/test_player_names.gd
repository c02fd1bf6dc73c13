extends TestSuite
## Display names: GameRules.rename_player and the name an online host takes from a hello.


func test_rename_player_shows_the_new_name_and_refuses_what_cannot_be_shown() -> void:
	var rules := StarterGame.rules(8, 2)
	check(rules.is_set_up(), "setup")
	var renamed: Array = []
	rules.player_renamed.connect(func(id: int, shown: String) -> void: renamed.append([id, shown]))
	StarterGame.keep_all(rules)
	var active := rules.draw_next_token()
	check_equal(rules.rename_player(1, "Ada"), OK, "renamed")
	check_equal(renamed, [[1, "Ada"]], "player_renamed")
	check_equal(rules.get_player_state(1)["name"], "Ada", "get_player_state")
	check_equal(rules.get_snapshot_for(GameRules.SPECTATOR)["players"][1]["name"], "Ada", "view")
	check_equal(rules.get_active_player(), active, "the activation goes on")
	var before := rules.save_game()
	# A line separator (U+2028) was taken and showed the name on two lines on every client.
	var bad_names := ["", "   ", "line\nbreak", "x".repeat(65), "Bob\u2028It's your turn"]
	bad_names.append_array(["para\u2029graph", "\u3000", "\u00a0\u2003"])
	# A leading byte-order mark was taken, and the name came back without it (another name).
	bad_names.append("\ufeffBob")
	for bad: String in bad_names:
		var code: Variant = expect_error(rules.rename_player.bind(0, bad), "invalid name")
		check_equal(code, ERR_INVALID_PARAMETER, "refused: %s" % bad.c_escape())
	expect_error(rules.rename_player.bind(9, "Nobody"), "player 9")
	check_equal(rules.save_game(), before, "refusals change nothing")
	check_equal(RulesSessionHost.display_name(" Brin the\u0085 Bold\n"), "Brin the Bold", "hello")
	check_equal(RulesSessionHost.display_name("\n\t "), "", "nothing left")
	# Invisible characters made a seat's name blank on every other client ("\u200b\u200b") or
	# turned its text around (a right-to-left override).
	check_equal(RulesSessionHost.display_name("\u200b\u200b"), "", "zero-width spaces")
	check_equal(RulesSessionHost.display_name("Eve\u202elive"), "Evelive", "no bidi override")
	check_equal(RulesSessionHost.display_name("A\ufeffda\u2060"), "Ada", "no word joiners")
	# Only spaces of other scripts were a name to the host, which the rules then refused with
	# an error in the server's log; a line separator broke the seat's name in two.
	check_equal(RulesSessionHost.display_name("\u3000\u00a0\u2003"), "", "only wide spaces")
	check_equal(RulesSessionHost.display_name("\u3000Ana\u205f"), "Ana", "wide spaces trimmed")
	check_equal(RulesSessionHost.display_name("Bob\u2028Eve\u2029"), "BobEve", "one line")
	var astronaut := "\U01F469\u200d\U01F680 Ana"
	check_equal(RulesSessionHost.display_name(astronaut), astronaut, "an emoji sequence stays")
	check_equal(RulesSessionHost.display_name("é".repeat(80)).length(), 64, "at most 64 characters")
	rules.free()
