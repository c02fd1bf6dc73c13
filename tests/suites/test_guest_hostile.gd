extends TestSuite
## The client side of multiplayer against a host that breaks its word, in one process over real
## ENet on 127.0.0.1 (each side on a branch of the tree with a multiplayer API of its own): an
## honest host whose double-action tokens need two answers in one activation, and a fake host
## ([code]net/fake_host.gd[/code]) that sends malformed updates, asks for this client's nonce
## before committing its key, picks, drops or swaps the nonce, welcomes the client unasked, or
## has its handlers close the session mid-update. The guest must answer every decision, drop what
## it cannot read with an error (never a script error), count no event it did not take, and never
## call a round fair that its own nonce checks failed.

const Loopback := preload("res://net/loopback.gd")
const FakeHost := preload("res://net/fake_host.gd")
## A game whose log has not moved for this long is stuck.
const STILL_MSEC := 2000
## The rejoin token the fake host hands out.
const TOKEN := "0123456789abcdef0123456789abcdef"
## Action kinds that grant a double action: every activation of a player who takes one has two.
const DOUBLE_KINDS := {
	"rally": {"effects": [{"effect": "grant_double_action", "this_round": true}]},
	"muster": {"effects": [{"effect": "grant_double_action", "this_round": false}]},
}
## A snapshot that asks seats 0 and 1 for their nonces in round 1 (with the round's commitment in
## the log: see [method _asking]).
const ASKING := {
	"awaiting_entropy": [0, 1], "round": 1, "seq": 0, "phase": {"phase": "awaiting_draw"}
}

## The branches of every side, freed after each test.
var _branches: Array[Node] = []
## The fake host and the guest it talks to.
var _fake: Node
var _guest: RulesSession
## What the guest told the game: [round, fair, detail] per round_audited, and every event.
var _audits: Array = []
var _events: Array = []
## The fake host's port.
var _port := 0


## A game of 2 seats played by bots to the end, with player entropy if [param entropy], in
## [param rounds] rounds: [seat 0's events, seat 0's last snapshot].
static func _played(entropy: bool, rounds: int) -> Array:
	var overrides := {"round_limit": rounds, "player_entropy": entropy}
	var game := StarterGame.rules(3, 2, overrides)
	StarterGame.play_bots(game)
	var played := [game.get_events_for(0, 0), game.get_snapshot_for(0)]
	game.free()
	return played


## A 2-seat game with player entropy, played by bots to the end, whose seat 0 adds
## [param nonces][i] in round i + 1 (seat 1 the bots' own), as many rounds as there are nonces:
## [seat 0's events, its last snapshot].
static func _played_with_nonces(nonces: Array) -> Array:
	var game := StarterGame.rules(3, 2, {"round_limit": nonces.size(), "player_entropy": true})
	StarterGame.keep_all(game)
	while game.get_phase() != GameRules.PHASE_GAME_OVER:
		if game.get_phase() == GameRules.PHASE_AWAITING_DRAW:
			for pending in game.get_pending_entropy():
				if pending == 0:
					game.add_entropy(0, nonces[game.get_round() - 1])
				else:
					game.bot_decide(pending)
			game.draw_next_token()
		game.bot_decide(game.get_active_player())
	var played := [game.get_events_for(0, 0), game.get_snapshot_for(0)]
	game.free()
	return played


## The update of a host asking seat 0 for its nonce in round [param round_number] of the game
## [method _played_with_nonces] plays with [param nonces]: its log up to that round's first nonce
## (the round's commitment among it) and a snapshot listing seat 0 in awaiting_entropy.
static func _asking(round_number := 1, nonces: Array = [RulesSession.DEADLINE_NONCE]) -> Dictionary:
	return _asking_in(_played_with_nonces(nonces)[0], round_number)


## The update asking seat 0 for its nonce in round [param round_number] of [param events] (a log
## of a game with player entropy): the log up to the round's first nonce.
static func _asking_in(events: Array, round_number := 1) -> Dictionary:
	var before := []
	for event: Dictionary in events:
		if event["type"] == "entropy_added" and event["round"] == round_number:
			break
		before.append(event)
	return {"snapshot": ASKING.merged({"round": round_number}, true), "events": before}


## How many of the first [param draws] draws of round 1 are seat 1's in a 2-seat game of
## [param seed_value] whose nonces are all [constant RulesSession.DEADLINE_NONCE].
static func _first_draws_of_seat_1(seed_value: int, draws: int) -> int:
	var game := StarterGame.rules(seed_value, 2, {"round_limit": 1, "player_entropy": true})
	StarterGame.keep_all(game)
	game.add_entropy(0, RulesSession.DEADLINE_NONCE)
	game.add_entropy(1, RulesSession.DEADLINE_NONCE)
	var count := 0
	for draw in draws:
		game.draw_next_token()
		if game.get_active_player() == 1:
			count += 1
		game.bot_decide(game.get_active_player())
	game.free()
	return count


func test_each_action_of_a_double_action_token_is_answered_so_the_game_ends() -> void:
	# An honest host with no deadline, and two clients that answer get_decision() as the README's
	# script does (taking the double-action kinds whenever listed): the second action of a
	# double-action token used to get no answer ("" for good), and the table waited for ever.
	var rules := StarterGame.rules(61, 2, {"action_kinds": DOUBLE_KINDS, "round_limit": 2})
	rules.randomize_seed = true
	var host := RulesSession.new()
	host.name = "Session"
	host.turn_deadline = 0.0
	host.add_child(rules)
	Loopback.branch(self, "Host", _branches).add_child(host)
	var listen := func(port: int) -> Error: return host.host_game(rules, port, "127.0.0.1")
	var port := Loopback.take(listen)
	if port == 0:
		check(false, "no port to host on")
		_close_all()
		return
	for index in 2:
		var client := RulesSession.new()
		client.name = "Session"
		Loopback.branch(self, "Client%d" % index, _branches).add_child(client)
		client.snapshot_received.connect(_answer_taking_double_actions.bind(client).unbind(1))
		client.join_game("127.0.0.1", port, "P%d" % index)
	var started := Time.get_ticks_msec()
	var still_since := started
	var seen := -1
	while rules.get_phase() != GameRules.PHASE_GAME_OVER:
		if Time.get_ticks_msec() - started > 4 * WAIT_MSEC:
			break
		if rules.get_last_event_seq() != seen:
			seen = rules.get_last_event_seq()
			still_since = Time.get_ticks_msec()
		elif Time.get_ticks_msec() - still_since > STILL_MSEC:
			break
		await get_tree().process_frame
	var extra := rules.get_events_since(0).filter(
		func(event: Dictionary) -> bool: return event["type"] == "extra_action"
	)
	check(not extra.is_empty(), "the game had double actions")
	check_equal(
		rules.get_phase(),
		GameRules.PHASE_GAME_OVER,
		"the phase (seat %d waited on)" % [rules.get_active_player()]
	)
	_close_all()


func test_a_malformed_update_is_dropped_with_an_error_and_an_honest_one_is_taken_after() -> void:
	if not await _guest_loopback():
		return
	var game := _played(false, 2)
	var view: Dictionary = game[1]
	var mulligan := {"awaiting_entropy": [], "round": 0, "seq": 1, "phase": {"phase": "mulligan"}}
	var bad: Array = [
		{},
		{"snapshot": 5, "events": []},
		{"snapshot": {}, "events": []},
		{"snapshot": view, "events": "abc"},
		{"snapshot": view, "events": [], "legal_actions": "pass"},
		{"snapshot": view, "events": [], "legal_actions": [5]},
		{"snapshot": {"awaiting_entropy": 5, "round": 1, "seq": 1, "phase": {"phase": "x"}}},
		{"snapshot": {"awaiting_entropy": [], "round": "one", "seq": 1, "phase": {"phase": "x"}}},
		{"snapshot": {"awaiting_entropy": [], "round": 1, "seq": 1.5, "phase": {"phase": "x"}}},
		{"snapshot": {"awaiting_entropy": [], "round": 1, "seq": 1, "phase": "mulligan"}},
		{"snapshot": mulligan.merged({"players": [{"id": 0}]})},
		{"snapshot": mulligan.merged({"players": [5]})},
		{"snapshot": mulligan.merged({"players": "all"})},
	]
	for update: Dictionary in bad:
		expect_error(func() -> void: _guest._rpc_update(update), "dropped an update")
		check_equal(_guest.get_decision(), "", "the decision after %s" % [update])
	check(_guest.get_snapshot().is_empty(), "no malformed snapshot was taken")
	check(_events.is_empty(), "no event of a malformed update was taken")
	_guest._rpc_update({"snapshot": view, "events": game[0], "legal_actions": []})
	check_equal(_events.size(), game[0].size(), "the honest update's events")
	check_equal(_fair(), [[1, true], [2, true]], "audits")
	_close_all()


func test_an_event_that_fails_its_checks_is_not_counted_so_the_real_one_is_taken_later() -> void:
	# Events before the bad one are taken; it and those after it are not, and last_seq stays
	# before it: when the host sends the log again, the real event is taken.
	if not await _guest_loopback():
		return
	var game := _played(false, 1)
	var honest: Array = game[0]
	var at := 5
	var broken: Array = [
		{"seq": honest[at]["seq"]},
		{"seq": str(honest[at]["seq"]), "type": honest[at]["type"]},
		{"seq": NAN, "type": honest[at]["type"]},
		7,
		{"seq": honest[at]["seq"], "type": "entropy_added", "round": 1, "player": 0, "nonce": 5},
		{"seq": honest[at]["seq"], "type": "round_committed", "round": "1", "entropy": false},
		{"seq": honest[at]["seq"], "type": "turn_changed", "player": "0"},
	]
	for event: Variant in broken:
		var events: Array = []  # Untyped, to hold what no event is.
		events.append_array(honest.duplicate(true))
		events[at] = event
		var update := {"snapshot": game[1], "events": events}
		expect_error(func() -> void: _guest._rpc_update(update), "dropped the server's event")
		check_equal(_guest._guest.last_seq, honest[at - 1]["seq"], "last_seq after %s" % [event])
	check_equal(_events.size(), at, "events taken before the bad one")
	check(_guest.get_snapshot().is_empty(), "no snapshot taken from an update cut short")
	_guest._rpc_update({"snapshot": game[1], "events": honest})
	check_equal(_events, honest, "the log, the real event among it, each event once")
	check_equal(_fair(), [[1, true]], "the round audited once, fair")
	_close_all()


func test_a_nonce_the_host_added_for_this_seat_without_asking_fails_the_round() -> void:
	# With player entropy, the host never lists this seat in awaiting_entropy and logs a nonce of
	# its own choosing for it: it could grind the shuffle.
	if not await _guest_loopback():
		return
	var game := _played(true, 2)
	_guest._rpc_update({"snapshot": game[1], "events": game[0]})
	var unasked := "the server added a nonce this client did not send"
	check_equal(
		_audits, [[1, false, "round 1: " + unasked], [2, false, "round 2: " + unasked]], "audits"
	)
	check(_fake.requests.is_empty(), "the guest sent no nonce")
	_close_all()


func test_a_nonce_is_noted_as_the_server_logs_it_and_a_malformed_one_is_not_sent() -> void:
	# The server logs nonces in lower case: one given in upper case failed this client's own
	# audit ("the server changed this client's nonce"), and one the server refuses was noted as
	# sent all the same, with the same result.
	if not await _guest_loopback():
		return
	_guest.auto_entropy = false
	_guest._rpc_update(_asking())
	expect_error(func() -> void: _guest.request_entropy("xyz"), "a nonce is 64 hex digits")
	_guest.request_entropy("AB".repeat(32))
	if await _nonce_sent():
		check_equal(_fake.requests.size(), 1, "the malformed nonce was not sent, the next was")
		check_equal(_fake.requests[0][1]["nonce"], "ab".repeat(32), "as the server logs it")
	# After this round's nonce, a malformed one was ignored without a word.
	expect_error(func() -> void: _guest.request_entropy("zz"), "a nonce is 64 hex digits")
	_close_all()


func test_a_nonce_asked_for_and_not_sent_may_come_from_the_host_at_the_deadline() -> void:
	# The honest side of the check above: with auto_entropy off and no nonce from the game, the
	# host adds one at the deadline (README: nonce_timed_out); the round is fair.
	if not await _guest_loopback():
		return
	_guest.auto_entropy = false
	var game := _played_with_nonces([RulesSession.DEADLINE_NONCE])
	_guest._rpc_update(_asking())
	_guest._rpc_update({"snapshot": game[1], "events": game[0]})
	check_equal(_fair(), [[1, true]], "audits")
	check(_fake.requests.is_empty(), "the guest sent no nonce")
	_close_all()


func test_a_nonce_the_host_chose_for_a_client_that_sent_none_fails_the_round() -> void:
	# The host's nonce for a seat it asked and heard nothing from is the public deadline nonce;
	# any other (one it chose, knowing its key) verified the round.
	if not await _guest_loopback():
		return
	_guest.auto_entropy = false
	var game := _played_with_nonces(["11".repeat(32)])
	_guest._rpc_update(_asking())
	_guest._rpc_update({"snapshot": game[1], "events": game[0]})
	check_equal(_audits, [[1, false, "round 1: the server chose this client's nonce for it"]], "")
	_close_all()


func test_a_nonce_or_draw_labelled_with_another_round_fails_the_round_the_log_is_in() -> void:
	# The host logged this client's round-1 nonce again in round 2 (known before it committed
	# round 2), labelled "round": 1 with round 2's draws, and threw the round-2 nonce away: the
	# guest checked by the labels, the auditor by the log, and both rounds verified.
	if not await _guest_that_sent_its_nonce():
		return
	var first: String = _fake.requests[0][1]["nonce"]
	_guest._rpc_update(_asking(2, [first, first]))
	if not await wait_until(func() -> bool: return _fake.requests.size() == 2, "nonce 2"):
		_close_all()
		return
	var game := _played_with_nonces([first, first])
	var log_round := 0
	for event: Dictionary in game[0]:
		log_round = event["round"] if event["type"] == "round_committed" else log_round
		if log_round == 2 and event["type"] in ["entropy_added", "token_drawn"]:
			event["round"] = 1
	_guest._rpc_update({"snapshot": game[1], "events": game[0]})
	check_equal(_fair(), [[1, true], [2, false]], "audits")
	var labelled := "round 2: the log has an event of round 2 labelled round 1"
	check(_audits.size() == 2 and _audits[1][2] == labelled, "why: %s" % [_audits])
	_close_all()


func test_a_client_that_joins_again_on_its_session_keeps_checking_its_nonces() -> void:
	# Rejoining on the same session made a new guest: the nonce this client had sent, and the
	# failures its auditor had found, were forgotten, and the history it caught up on (the
	# deadline nonce logged for the nonce it sent) verified.
	if not await _guest_that_sent_its_nonce():
		return
	var game := _played_with_nonces([RulesSession.DEADLINE_NONCE])
	if not await _dropped_and_back():
		return
	_guest._rpc_update({"snapshot": game[1], "events": game[0]})
	var replaced := "round 1: " + RulesSessionGuest.REPLACED_BY_DEADLINE
	check_equal(_audits, [[1, false, replaced]], "audits")
	_close_all()


func test_a_nonce_lost_with_the_connection_is_sent_again_once_back_and_only_then() -> void:
	# A client that lost its connection right after sending its nonce never sent it again: with
	# no deadline the table waited for good, with one the deadline nonce failed an honest round.
	if not await _guest_that_sent_its_nonce():
		return
	var sent: String = _fake.requests[0][1]["nonce"]
	_guest._rpc_update(_asking())
	await get_tree().create_timer(0.2).timeout
	check_equal(_fake.requests.size(), 1, "a later update still asking: no second nonce")
	if not await _dropped_and_back():
		return
	_guest._rpc_update(_asking())
	if not await wait_until(func() -> bool: return _fake.requests.size() == 2, "sent again"):
		_close_all()
		return
	check_equal(_fake.requests[1][1]["nonce"], sent, "the same nonce again")
	_guest._rpc_update(_asking())
	await get_tree().create_timer(0.2).timeout
	check_equal(_fake.requests.size(), 2, "once only")
	_close_all()


func test_a_client_back_with_its_token_takes_the_nonces_of_other_clients_of_its_seat() -> void:
	# The seat's token may have been used on another client meanwhile (a second device), or
	# this session may never have seen the game (a fresh start whose first connection was lost):
	# the nonces it did not send in the history it catches up on are not its to check. Requiring
	# the deadline nonce there failed honest rounds.
	if not await _guest_that_sent_its_nonce():
		return
	var game := _played_with_nonces([_fake.requests[0][1]["nonce"], "ab".repeat(32)])
	if not await _dropped_and_back():
		return
	_guest._rpc_update({"snapshot": game[1], "events": game[0]})
	check_equal(_fair(), [[1, true], [2, true]], "a second device's round 2")
	_close_all()
	if not await _guest_loopback(TOKEN):
		return
	if not await _dropped_and_back():
		return
	_guest._rpc_update({"snapshot": game[1], "events": game[0]})
	check_equal(_fair(), [[1, true], [2, true]], "a fresh session back after a lost connection")
	_close_all()


func test_a_host_that_logs_the_deadline_nonce_for_a_nonce_it_got_fails_the_round() -> void:
	# The attack the public deadline nonce opened: the host grinds its key offline so that, with
	# every nonce the deadline's, its accomplice (seat 1) draws the first three tokens; then it
	# throws away this client's timely nonce and logs the deadline's for every seat. The round
	# verified and require_entropy was satisfied. A nonce that crossed the deadline on the way
	# looks the same from here, so that round fails too, saying why.
	var chosen := -1
	for seed_value in range(1, 400):
		if _first_draws_of_seat_1(seed_value, 3) == 3:
			chosen = seed_value
			break
	check(chosen > 0, "the host found a key for its accomplice")
	var game := StarterGame.rules(chosen, 2, {"round_limit": 1, "player_entropy": true})
	StarterGame.keep_all(game)
	if not await _guest_that_sent_its_nonce(_asking_in(game.get_events_for(0, 0))):
		game.free()
		return
	_guest.require_entropy = true
	check_equal(game.add_entropy(0, RulesSession.DEADLINE_NONCE), OK, "seat 0's deadline nonce")
	check_equal(game.add_entropy(1, RulesSession.DEADLINE_NONCE), OK, "seat 1's deadline nonce")
	StarterGame.play_bots(game)
	_guest._rpc_update({"snapshot": game.get_snapshot_for(0), "events": game.get_events_for(0, 0)})
	game.free()
	var reason := "round 1: " + RulesSessionGuest.REPLACED_BY_DEADLINE
	check_equal(_audits, [[1, false, reason]], "audits")
	check_equal(_guest.get_auditor().get_failures().size(), 1, "the failure stays")
	_close_all()


func test_a_client_that_requires_entropy_fails_rounds_a_host_committed_without_asking() -> void:
	# A host that never asks for nonces picks every key alone, and the guest trusted it: a table
	# created with entropy 1 ran without, every round verified.
	if not await _guest_loopback():
		return
	_guest.require_entropy = true
	var game := _played(false, 2)
	_guest._rpc_update({"snapshot": game[1], "events": game[0]})
	var plain := "the round was committed without player entropy"
	check_equal(
		_audits, [[1, false, "round 1: " + plain], [2, false, "round 2: " + plain]], "audits"
	)
	_close_all()


func test_a_rejoining_client_does_not_fail_the_nonces_an_earlier_client_of_its_seat_sent() -> void:
	# Back with its token (a new process, say), the client catches up on a log whose nonces for
	# its seat it cannot know: they are not failed as "not sent" (the auditor checks the draws).
	if not await _guest_loopback(TOKEN):
		return
	var game := _played(true, 2)
	_guest._rpc_update({"snapshot": game[1], "events": game[0]})
	check_equal(_fair(), [[1, true], [2, true]], "audits")
	_close_all()


func test_a_nonce_this_client_sent_that_the_round_did_not_use_fails_it_for_good() -> void:
	# The host asks for this client's nonce, takes it, and commits the round without entropy:
	# the draws follow the host's key alone. The auditor verifies them; the round stays failed.
	if not await _guest_that_sent_its_nonce():
		return
	var game := _played(false, 1)
	_guest._rpc_update({"snapshot": game[1], "events": game[0]})
	check_equal(_audits, [[1, false, "round 1: this client's nonce was not used"]], "audits")
	_close_all()


func test_a_round_whose_nonce_was_swapped_is_never_reported_fair_afterwards() -> void:
	# The guest's nonce is asked for and sent; the log shows another one for it. The round failed,
	# and the auditor's later verdict on the draws (they follow the log) must not undo that.
	if not await _guest_that_sent_its_nonce():
		return
	var game := _played_with_nonces(["ab".repeat(32)])
	_guest._rpc_update({"snapshot": game[1], "events": game[0]})
	check_equal(_audits, [[1, false, "round 1: the server changed this client's nonce"]], "audits")
	var auditor := _guest.get_auditor()
	check_equal(auditor.get_verified_rounds(), PackedInt64Array(), "get_auditor() agrees")
	check_equal(auditor.get_failures().size(), 1, "and lists the failure")
	_close_all()


func test_a_round_the_game_ends_in_before_this_client_s_nonce_arrives_is_fair() -> void:
	# Honest: the other seat adds its nonce and is eliminated before this client's nonce reaches
	# the host; the game ends with round 1 revealed, and the host refuses the late nonce. No
	# draw happened without it: the round verifies (it failed as "nonce not used").
	if not await _guest_loopback():
		return
	var rules := StarterGame.rules(7, 2, {"round_limit": 2, "player_entropy": true})
	StarterGame.keep_all(rules)
	var events := rules.get_events_for(0, 0)
	_guest._rpc_update({"snapshot": rules.get_snapshot_for(0), "events": events})
	if not await _nonce_sent():
		rules.free()
		_close_all()
		return
	var last: int = events.back()["seq"]
	rules.add_entropy(1, "cd".repeat(32))
	rules.eliminate_player(1)
	check_equal(rules.get_phase(), GameRules.PHASE_GAME_OVER, "the game ended")
	var late: Dictionary = _fake.requests[0][1]
	check(rules.add_entropy(0, late["nonce"]) != OK, "the late nonce is refused")
	_guest._rpc_update(
		{"snapshot": rules.get_snapshot_for(0), "events": rules.get_events_for(0, last)}
	)
	check_equal(_fair(), [[1, true]], "audits")
	rules.free()
	_close_all()


func test_a_nonce_asked_for_before_the_round_s_commitment_waits_for_it() -> void:
	# A host that asked before committing its key got the nonce at once, and could grind the key
	# against it (6 tries gave seat 1 the first three draws): the round was audited fair.
	# A snapshot ahead of the log is dropped; a round committed without entropy takes no nonce.
	if not await _guest_loopback():
		return
	var none := {"snapshot": ASKING, "events": []}
	expect_error(_guest._rpc_update.bind(none), "in round 1, the log in round 0")
	var ahead := _asking()
	ahead["snapshot"] = ASKING.merged({"round": 2}, true)
	expect_error(_guest._rpc_update.bind(ahead), "in round 2, the log in round 1")
	await get_tree().create_timer(0.3).timeout
	check_equal(_fake.requests, [], "no nonce before the round's commitment")
	_guest._rpc_update(_asking())
	if await _nonce_sent():
		check_equal(_fake.requests.size(), 1, "one nonce, once round 1 was committed")
	_close_all()
	if not await _guest_loopback():
		return
	var plain: Array = _played(false, 1)[0]
	var first_draw := plain.find_custom(
		func(e: Dictionary) -> bool: return e["type"] == "token_drawn"
	)
	var plain_view := ASKING.merged({"awaiting_entropy": []}, true)
	_guest._rpc_update({"snapshot": plain_view, "events": plain.slice(0, first_draw)})
	_guest.auto_entropy = false
	expect_error(_guest.request_entropy, "round 1 was committed without player entropy")
	await get_tree().create_timer(0.3).timeout
	check_equal(_fake.requests, [], "no nonce in a round without entropy")
	_close_all()


func test_a_welcome_that_answers_no_hello_is_dropped_and_the_nonces_after_it_are_checked() -> void:
	# Any welcome made the next update history for a client back with its token: a nonce the
	# host chose for this seat in a live round went unchecked (the round audited fair), and a
	# welcome could move the client to another seat mid-game.
	if not await _guest_loopback(TOKEN):
		return
	var game := _played_with_nonces(["11".repeat(32), "22".repeat(32)])
	_guest.auto_entropy = false
	_guest._rpc_update(_asking_in(game[0], 2))
	expect_error(_guest._rpc_welcome.bind(1, "ff".repeat(16)), "no hello to answer")
	check_equal(_guest.get_player_id(), 0, "the seat")
	check_equal(_guest.get_rejoin_token(), TOKEN, "the token")
	_guest._rpc_update({"snapshot": game[1], "events": game[0]})
	check_equal(_fair(), [[1, true], [2, false]], "audits")
	var chosen := "round 2: the server chose this client's nonce for it"
	check(_audits.size() == 2 and _audits[1][2] == chosen, "why: %s" % [_audits])
	_close_all()


func test_a_handler_that_closes_or_frees_the_session_ends_the_update_there() -> void:
	# The update went on after close(): every event, the audits and the snapshot reached a
	# session that had left (twice each after a join again from the handler, the new guest
	# replaying the log), and with the session freed the loop ran into freed objects.
	var game := _played(false, 1)
	for ending in ["close", "join again", "free"]:
		if not await _guest_loopback():
			return
		var heard := {"event": 0, "snapshot": 0, "audit": 0}
		_guest.snapshot_received.connect(func(_view: Dictionary): heard["snapshot"] += 1)
		_guest.round_audited.connect(func(_r: int, _f: bool, _d: String): heard["audit"] += 1)
		_guest.event_received.connect(
			func(_event: Dictionary):
				heard["event"] += 1
				if heard["event"] == 1:
					_end_session(ending)
		)
		_guest._rpc_update({"snapshot": game[1], "events": game[0]})
		check_equal(heard, {"event": 1, "snapshot": 0, "audit": 0}, ending)
		check_equal(_fake.checkpoints, [], "%s: no checkpoint" % ending)
		_close_all()
	# Closed from round_audited, told by a check before the auditor's: round 2 committed without
	# entropy (require_entropy) while round 1 was never revealed. The auditor then failed round 1
	# to the closed session too.
	if not await _guest_loopback(TOKEN):
		return
	_guest.require_entropy = true
	var audits: Array = []
	_guest.round_audited.connect(
		func(round_number: int, _fair: bool, _detail: String):
			audits.append(round_number)
			_guest.close()
	)
	var unrevealed := []
	for event: Dictionary in _played(true, 2)[0]:
		if event["type"] in ["round_revealed", "round_ended"] and event["round"] == 1:
			continue
		if event["type"] == "round_committed" and event["round"] == 2:
			event["entropy"] = false
		unrevealed.append(event)
	_guest._rpc_update({"snapshot": ASKING, "events": unrevealed})
	check_equal(audits, [2], "one audit, then nothing: the session closed")
	_close_all()


## Answers [param session]'s decision as the README's script does, taking a double-action kind
## whenever one is listed.
func _answer_taking_double_actions(session: RulesSession) -> void:
	match session.get_decision():
		"mulligan":
			session.request_keep()
		"activation":
			var legal := session.get_legal_actions()
			for action: Dictionary in legal:
				if action.get("type") == "custom" and action.get("kind") in DOUBLE_KINDS:
					session.request_action(action)
					return
			session.request_action(legal[0])


## The fake host and a guest seated at it as seat 0, having said hello with
## [param rejoin_token] ("": a new seat); false (with a failure) if they could not connect.
func _guest_loopback(rejoin_token := "") -> bool:
	_audits.clear()
	_events.clear()
	_fake = FakeHost.new()
	_fake.name = "Session"
	var host := Loopback.branch(self, "Host", _branches)
	host.add_child(_fake)
	var peer := ENetMultiplayerPeer.new()
	var port := Loopback.take(func(p: int) -> Error: return peer.create_server(p, 4))
	_port = port
	get_tree().get_multiplayer(host.get_path()).multiplayer_peer = peer
	_guest = RulesSession.new()
	_guest.name = "Session"
	Loopback.branch(self, "Guest", _branches).add_child(_guest)
	_guest.round_audited.connect(
		func(round_number: int, fair: bool, detail: String):
			_audits.append([round_number, fair, detail])
	)
	_guest.event_received.connect(_events.append)
	if port == 0 or _guest.join_game("127.0.0.1", port, "Ada", rejoin_token) != OK:
		check(false, "no loopback connection")
		_close_all()
		return false
	if not await wait_until(func() -> bool: return not _fake.hellos.is_empty(), "the hello"):
		_close_all()
		return false
	_guest._rpc_welcome(0, TOKEN)
	return true


## A guest of the fake host that was asked for its nonce in round 1 (by [param asking], by
## default [method _asking]'s) and sent it; false (all closed) if it never sent one.
func _guest_that_sent_its_nonce(asking := {}) -> bool:
	if not await _guest_loopback():
		return false
	_guest._rpc_update(asking if not asking.is_empty() else _asking())
	if not await _nonce_sent():
		_close_all()
		return false
	return true


## The fake host drops the guest's connection, and the guest joins again on the same session with
## its token and is welcomed back; false (all closed, with a failure) if that does not happen.
func _dropped_and_back() -> bool:
	var lost: Array[bool] = [false]
	_guest.connection_lost.connect(func() -> void: lost[0] = true)
	var host_api := get_tree().get_multiplayer(_fake.get_parent().get_path())
	host_api.multiplayer_peer.disconnect_peer(_fake.hellos[0][0])
	if not await wait_until(func() -> bool: return lost[0], "the lost connection"):
		_close_all()
		return false
	check_equal(_guest.join_game("127.0.0.1", _port, "Ada", TOKEN), OK, "joined again")
	if not await wait_until(func() -> bool: return _fake.hellos.size() == 2, "the second hello"):
		_close_all()
		return false
	_guest._rpc_welcome(0, TOKEN)
	return true


## Ends [member _guest] from one of its own handlers: "close", "join again" (close, then join with
## its token) or "free" (its branch freed, as a game leaving the scene would).
func _end_session(ending: String) -> void:
	match ending:
		"close":
			_guest.close()
		"join again":
			_guest.close()
			_guest.join_game("127.0.0.1", _port, "Ada", TOKEN)
		"free":
			var branch := _guest.get_parent()
			get_tree().get_multiplayer(branch.get_path()).multiplayer_peer.close()
			get_tree().set_multiplayer(null, branch.get_path())
			_branches.erase(branch)
			branch.free()


## Waits for the guest's nonce to reach the fake host; false (and a failure) if it does not.
func _nonce_sent() -> bool:
	return await wait_until(func() -> bool: return not _fake.requests.is_empty(), "the nonce")


## The rounds audited so far: [round, fair] each.
func _fair() -> Array:
	return _audits.map(func(audit: Array) -> Array: return audit.slice(0, 2))


func _close_all() -> void:
	Loopback.close(get_tree(), _branches)
	_fake = null
	_guest = null
