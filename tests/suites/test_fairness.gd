extends TestSuite
## Verifiable fairness and per-viewer views through GDScript: commitments before each round,
## reveals after, a [FairnessAuditor] that passes an honest game and fails a tampered one, and
## snapshots that show a player their own hand only.


func test_every_round_of_a_bot_game_verifies() -> void:
	var rules := StarterGame.rules(31, 4, {"round_limit": 3})
	StarterGame.play_bots(rules)
	var auditor := FairnessAuditor.new()
	var verified: Array = []
	auditor.round_verified.connect(
		func(round_number: int, draws: int): verified.append([round_number, draws])
	)
	for event in rules.get_events_for(GameRules.SPECTATOR, 0):
		check(auditor.observe(event), "event %d observed" % event["seq"])
	check_equal(verified.size(), 3, "one verdict per round")
	check_equal(auditor.get_verified_rounds(), PackedInt64Array([1, 2, 3]), "rounds verified")
	check(
		verified.all(func(v: Array) -> bool: return v[1] >= 16),
		"every draw checked: %s" % [verified]
	)
	check_equal(auditor.get_failures(), PackedStringArray(), "no failures")
	rules.free()


func test_a_tampered_draw_or_key_fails_its_round_with_a_reason() -> void:
	var rules := StarterGame.rules(32, 3, {"round_limit": 2})
	StarterGame.play_bots(rules)
	var events := rules.get_events_for(GameRules.SPECTATOR, 0)
	var swapped := _tampered(events, "token_drawn", func(event: Dictionary): event["token"] += 1)
	var auditor := FairnessAuditor.new()
	var failed: Array = []
	auditor.round_failed.connect(
		func(round_number: int, reason: String): failed.append([round_number, reason])
	)
	for event in swapped:
		auditor.observe(event)
	check_equal(failed.size(), 1, "the tampered round failed, the other passed")
	if failed.size() == 1:
		check_equal(failed[0][0], 1, "round 1 failed")
		check("draw 0" in failed[0][1], "the reason names the draw: %s" % failed[0][1])
	check_equal(auditor.get_verified_rounds(), PackedInt64Array([2]), "round 2 still verifies")
	var rekeyed := _tampered(
		events, "round_revealed", func(event: Dictionary): event["key"] = "00".repeat(32)
	)
	var second := FairnessAuditor.new()
	for event in rekeyed:
		second.observe(event)
	check_equal(second.get_failures().size(), 1, "a wrong key fails its round")
	check("commitment" in "".join(second.get_failures()), "the reason names the commitment")
	check_equal(second.get_verified_rounds(), PackedInt64Array([2]), "the other round verifies")
	rules.free()


func test_a_round_left_unrevealed_or_uncommitted_fails_its_audit() -> void:
	# A server that leaves out a round's reveal, or its commitment and reveal both, used to get
	# the round past the auditor with no verdict at all.
	var rules := StarterGame.rules(32, 3, {"round_limit": 2})
	StarterGame.play_bots(rules)
	var events := rules.get_events_for(GameRules.SPECTATOR, 0)
	for left_out: Array in [["round_revealed"], ["round_revealed", "round_committed"]]:
		var auditor := FairnessAuditor.new()
		for event: Dictionary in events:
			if not (event["type"] in left_out and event["round"] == 1):
				auditor.observe(event)
		check_equal(auditor.get_verified_rounds(), PackedInt64Array([2]), "only round 2 verifies")
		check_equal(auditor.get_failures().size(), 1, "round 1 fails without %s" % [left_out])
	rules.free()


func test_a_round_repeated_or_revealed_under_another_label_fails_and_stays_failed() -> void:
	# A commitment or a reveal sent twice failed round 1 and then verified it too; the whole log
	# fed twice verified [1, 2, 1, 2]; round 2's reveal labelled round 1 blamed round 1 and left
	# round 2 with no verdict.
	var rules := StarterGame.rules(32, 2, {"round_limit": 2})
	StarterGame.play_bots(rules)
	var events := rules.get_events_for(GameRules.SPECTATOR, 0)
	var twice := func(type: String) -> Array:
		var doubled: Array = []
		for event: Dictionary in events:
			doubled.append(event)
			if event["type"] == type and event["round"] == 1:
				doubled.append(event)
		return doubled
	var cases := {
		"committed twice": [twice.call("round_committed"), [2]],
		"revealed twice": [twice.call("round_revealed"), [2]],
		"fed twice": [events + events, []],
		"relabelled":
		[_tampered(events, "round_revealed", func(e: Dictionary): e["round"] = 1, 2), [1]],
	}
	for name: String in cases:
		var auditor := FairnessAuditor.new()
		var verdicts: Array = []
		auditor.round_verified.connect(func(r: int, _draws: int): verdicts.append([r, true]))
		auditor.round_failed.connect(func(r: int, _why: String): verdicts.append([r, false]))
		for event: Dictionary in cases[name][0]:
			auditor.observe(event)
		var verified: Array = cases[name][1]
		check_equal(auditor.get_verified_rounds(), PackedInt64Array(verified), name)
		for round_number in [1, 2]:
			var said := verdicts.filter(func(v: Array) -> bool: return v[0] == round_number)
			var fair: bool = round_number in verified
			var last_said: Variant = said.back()[1] if not said.is_empty() else null
			check_equal(last_said, fair, "%s: round %d's last verdict" % [name, round_number])
			check_equal(
				said.filter(func(v: Array) -> bool: return not v[1]).size(),
				0 if fair else 1,
				"%s: round %d failed once at most" % [name, round_number]
			)
	rules.free()


func test_a_round_failed_for_a_reason_outside_the_draws_stays_failed() -> void:
	# A client that finds its own nonce changed fails the round through the auditor: its
	# verdict is not overturned by the draws checking out, and get_failures() says so.
	var rules := StarterGame.rules(32, 3, {"round_limit": 2})
	StarterGame.play_bots(rules)
	var events := rules.get_events_for(GameRules.SPECTATOR, 0)
	var auditor := FairnessAuditor.new()
	var said: Array = []
	auditor.round_failed.connect(
		func(round_number: int, _reason: String): said.append(round_number)
	)
	auditor.round_verified.connect(func(round_number: int, _draws: int): said.append(-round_number))
	auditor.fail_round(1, "the server changed this client's nonce")
	auditor.fail_round(1, "said once")
	for event: Dictionary in events:
		auditor.observe(event)
	check_equal(said, [1, -2], "round 1 failed once and was not verified later; round 2 verified")
	check_equal(auditor.get_verified_rounds(), PackedInt64Array([2]), "only round 2 verifies")
	check_equal(
		auditor.get_failures(),
		PackedStringArray(["round 1: the server changed this client's nonce"]),
		"the reason"
	)
	auditor.fail_round(2, "found later")
	check_equal(auditor.get_verified_rounds(), PackedInt64Array(), "round 2 leaves the verified")
	check_equal(auditor.get_failures().size(), 2, "and joins the failures")
	for not_a_round: int in [0, -1]:
		expect_error(auditor.fail_round.bind(not_a_round, "x"), "is not a round")
	check_equal(said, [1, -2, 2], "a round below 1 is not failed")
	check_equal(auditor.get_failures().size(), 2, "nor does it join the failures")
	# A client fails rounds a hostile server names before any audit checked them: any number.
	auditor.fail_round(1 << 40, "committed without player entropy")
	check_equal(said, [1, -2, 2, 1 << 40], "a round past 32 bits fails too")
	check_equal(auditor.get_failures().size(), 3, "and joins the failures")
	rules.free()


func test_observe_refuses_what_is_not_an_event() -> void:
	var auditor := FairnessAuditor.new()
	expect_error(func() -> Variant: return auditor.observe({"type": "teleport"}), "not an event")
	expect_error(
		func() -> Variant:
			return auditor.observe({"type": "round_revealed", "round": 1, "key": "zz", "salt": ""}),
		"not an event"
	)
	check_equal(auditor.get_verified_rounds(), PackedInt64Array(), "nothing verified")


func test_a_snapshot_shows_a_player_their_own_hand_only() -> void:
	var rules := StarterGame.rules(33, 3)
	rules.start_game()
	var mine := rules.get_snapshot_for(1)
	check_equal(mine["viewer"], 1, "viewer")
	for seat: Dictionary in mine["players"]:
		var hand: Array = rules.get_player_state(seat["id"])["hand"]
		check_equal(seat["hand_size"], hand.size(), "player %d's hand size" % seat["id"])
		if seat["id"] == 1:
			check_equal(seat["hand"], hand, "the viewer's own hand")
		else:
			check_equal(seat["hand"], null, "player %d's hand is hidden" % seat["id"])
	var spectator := rules.get_snapshot_for(GameRules.SPECTATOR)
	check(
		spectator["players"].all(func(seat): return seat["hand"] == null),
		"a spectator sees no hand"
	)
	var text := JSON.stringify(mine)
	check(not '"seed"' in text and not '"rng"' in text, "no seed or random stream in a snapshot")
	rules.free()


func test_private_draws_reach_only_their_player() -> void:
	var rules := StarterGame.rules(34, 3)
	rules.start_game()
	for viewer in [0, 1, 2, GameRules.SPECTATOR]:
		var private := rules.get_events_for(viewer, 0).filter(
			func(event): return event["type"] == "private_draw"
		)
		var expected := 0 if viewer == GameRules.SPECTATOR else 1
		check_equal(private.size(), expected, "private draws seen by %d" % viewer)
		for event in private:
			check_equal(event["player"], viewer, "only the viewer's own")
			check_equal(event["cards"], rules.get_player_state(viewer)["hand"], "the cards in hand")
	rules.free()


func test_the_rules_bag_copy_tells_no_seed_and_no_order() -> void:
	var rules := StarterGame.rules(35, 2, {"round_limit": 1})
	StarterGame.play_bots(rules)
	check_equal(rules.get_bag().get_seed(), 0, "a round bag is keyed by its secret, not a seed")
	rules.free()
	# The copy's peek_tokens() foretold every draw of the round, and its to_json() held the
	# order and the round's key: what foresight shows its owner alone, to any script.
	rules = StarterGame.rules(36, 4)
	StarterGame.keep_all(rules)
	rules.rekey_from_os()
	var copy := rules.get_bag()
	var peeked: Array = expect_error(copy.peek_tokens.bind(16), "order is secret")
	check_equal(peeked, [], "no peek of a game's bag")
	var saved: Dictionary = JSON.parse_string(copy.to_json())
	check_equal(saved["tokens"].size(), copy.get_remaining_count(), "every token is there")
	rules.rekey_from_os()
	var rekeyed: Dictionary = JSON.parse_string(rules.get_bag().to_json())
	check_equal(rekeyed, saved, "the copy's order and stream tell nothing of the round's key")
	rules.free()


func test_with_player_entropy_the_first_draw_waits_for_every_nonce() -> void:
	var rules := StarterGame.rules(36, 3, {"round_limit": 2, "player_entropy": true})
	StarterGame.keep_all(rules)
	check_equal(rules.get_pending_entropy(), PackedInt64Array([0, 1, 2]), "every seat owes a nonce")
	expect_refusal(
		rules, "awaiting_entropy", func() -> Variant: return rules.draw_next_token(), "nonce"
	)
	for player_id in [0, 1, 2]:
		var nonce := Crypto.new().generate_random_bytes(32).hex_encode()
		check_equal(rules.add_entropy(player_id, nonce), OK, "player %d's nonce" % player_id)
	check_equal(rules.get_pending_entropy(), PackedInt64Array(), "all in")
	check(rules.draw_next_token() >= 0, "the round draws")
	check_equal(StarterGame.play_bots(rules), OK, "bots finish, adding round 2's nonces")
	var auditor := FairnessAuditor.new()
	for event in rules.get_events_for(GameRules.SPECTATOR, 0):
		auditor.observe(event)
	check_equal(auditor.get_verified_rounds(), PackedInt64Array([1, 2]), "both rounds verify")
	rules.free()


func test_a_game_ended_mid_round_verifies_for_a_seer_and_not_when_it_goes_on() -> void:
	# The seer's last (empty) peek comes after game_over: it is no game going on (a rule that
	# allowed nothing but a rename there failed honest games). A round after the end is.
	var rules := GameRules.new()
	rules.randomize_seed = false
	rules.setup([{"id": 0, "foresight": 1}, {"id": 1}], {})
	StarterGame.keep_all(rules)
	rules.draw_next_token()
	rules.eliminate_player(1)
	var events := rules.get_events_for(0, 0)
	check_equal(events.back()["type"], "private_peek", "the seer's last peek ends the log")
	var auditor := FairnessAuditor.new()
	for event in events:
		auditor.observe(event)
	check_equal(auditor.get_verified_rounds(), PackedInt64Array([1]), "the cut round verifies")
	check_equal(auditor.get_failures(), PackedStringArray(), "no failure")
	var next := {"type": "round_started", "round": 2, "seq": events.back()["seq"] + 1}
	auditor.observe(next)
	check_equal(auditor.get_verified_rounds(), PackedInt64Array(), "a round after the end fails it")
	check_equal(auditor.get_failures().size(), 1, "saying why")
	rules.free()


## A deep copy of [param events] with [param change] applied to the first event of [param type]
## (of round [param round_number], unless 0).
func _tampered(events: Array, type: String, change: Callable, round_number := 0) -> Array:
	var copy := events.duplicate(true)
	for event: Dictionary in copy:
		if event["type"] == type and round_number in [0, event.get("round")]:
			change.call(event)
			break
	return copy
