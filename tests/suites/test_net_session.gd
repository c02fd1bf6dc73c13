extends TestSuite
## A hosted [RulesSession] and its clients over real ENet on 127.0.0.1, in one process (the host
## and each client on a branch of the tree with a multiplayer API of its own): a deadline no
## reconnect starts again, a seat left before the game started, the actions a client may ask for
## and what a refusal tells it.

const Loopback := preload("res://net/loopback.gd")

## The host's session and its game.
var _host: RulesSession
var _rules: GameRules
var _port := 0
## The branches of the host and of every client, freed after each test.
var _branches: Array[Node] = []


func test_taking_the_seat_back_under_a_new_name_does_not_restart_the_activation_deadline() -> void:
	# The staller takes its seat back from a fresh connection every half second, each time under
	# another name (a rename event): the deadline is its activation's, whatever else happens.
	if not _host_game(2):
		return
	_host.turn_deadline = 2.0
	var passed: Array[int] = []
	_host.activation_timed_out.connect(func(_player_id: int): passed.append(Time.get_ticks_msec()))
	_autoplay(_client("honest"))
	var staller := _client("staller")
	staller.snapshot_received.connect(_keep_only.bind(staller).unbind(1))
	var stalled := func() -> bool:
		var active := _rules.get_phase() == GameRules.PHASE_ACTIVATION
		return active and _rules.get_active_player() == staller.get_player_id()
	if not await wait_until(stalled, "the staller's activation"):
		return
	var token := staller.get_rejoin_token()
	var opened := Time.get_ticks_msec()
	var hops := 0
	while passed.is_empty() and Time.get_ticks_msec() - opened < 4000:
		if Time.get_ticks_msec() - opened > (hops + 1) * 500:
			hops += 1
			var again := _client("staller %d" % hops, token)
			again.snapshot_received.connect(_keep_only.bind(again).unbind(1))
		await get_tree().process_frame
	check(hops >= 3, "the staller took its seat back %d times" % hops)
	check(not passed.is_empty(), "the staller's activation was never passed")
	if not passed.is_empty():
		var after := passed[0] - opened
		check(after < 2800, "passed %d ms after it opened, with a 2 s deadline" % after)
	_close_all()


func test_a_player_who_left_before_the_start_comes_back_or_is_eliminated_at_the_start() -> void:
	# Under ELIMINATE, with no deadline: a seat away past the reconnect timeout before the game
	# starts is still its player's (the token takes it back); once the game starts without them,
	# they are eliminated at once, so nothing waits for them.
	if not _host_game(2):
		return
	_host.turn_deadline = 0.0
	_host.reconnect_timeout = 0.3
	_host.reconnect_policy = RulesSession.ReconnectPolicy.ELIMINATE
	var leaver := _client("leaver")
	if not await wait_until(func(): return leaver.get_player_id() >= 0, "the leaver's seat"):
		return
	var seat := leaver.get_player_id()
	var token := leaver.get_rejoin_token()
	_leave(leaver)
	await get_tree().create_timer(0.8).timeout
	var back := _client("leaver", token)
	await wait_until(func(): return back.get_player_id() >= 0, "the leaver's seat taken back")
	check_equal(back.get_player_id(), seat, "the seat taken back before the start")
	_leave(back)
	await get_tree().create_timer(0.5).timeout
	_autoplay(_client("honest"))
	var eliminated := func() -> bool: return seat not in _rules.get_living_player_ids()
	await wait_until(eliminated, "the leaver eliminated once the game started")
	check_equal(_rules.get_phase(), GameRules.PHASE_GAME_OVER, "the game, one player left")
	_close_all()


func test_a_game_everyone_left_waits_for_a_player_to_come_back() -> void:
	# Under PASS_ACTIVATIONS, once every seat was away past the reconnect timeout the host passed
	# them all in one frame: the rest of the game at once (and for ever, frozen, with no round
	# limit), so a player back a moment later found it over.
	var sessions := await _two_keeping_in_activation(0.3)
	if sessions.is_empty():
		return
	var token := sessions[0].get_rejoin_token()
	var events := _rules.get_last_event_seq()
	for session in sessions:
		_leave(session)
	await get_tree().create_timer(1.0).timeout
	check_equal(_rules.get_phase(), GameRules.PHASE_ACTIVATION, "the game waits")
	check_equal(_rules.get_round(), 1, "in round 1")
	# The host may see the two connections drop a frame apart (under load): the first seat away
	# long enough is passed until the other's token comes, a few activations of round 1 at most
	# (in round 1 still: the rest of the game is three rounds).
	var played := _rules.get_last_event_seq() - events
	check(played < 40, "nothing played but the leaving and a few passes: %d events" % played)
	_autoplay(_client("first", token))
	var over := func() -> bool: return _rules.get_phase() == GameRules.PHASE_GAME_OVER
	await wait_until(over, "the game played on with the player back, the other passed")
	_close_all()


func test_a_client_takes_the_rules_actions_but_not_those_the_game_keeps_for_itself() -> void:
	# create_token is the game's own (its stats would be the caller's): a client asking for it,
	# for a structure that does not exist or with a field an action does not take is refused and
	# the game stays as it was. An action whose context the game's validator needs - never among
	# legal_actions(), which are listed without one - is taken, StringNames and all.
	if not _host_game(2):
		return
	_rules.action_validator = func(_player_id: int, action: Dictionary) -> Variant:
		return action["type"] != "custom" or action["context"] is Array or "scout where?"
	var refusals: Array[String] = []
	var hostile := await _hostile_in_activation(refusals)
	if hostile == null:
		return
	var before := _rules.get_state_hash()
	var forged: Array[Dictionary] = [
		{"type": "create_token", "name": "Free Dragon", "power": 1 << 62, "toughness": 1 << 62},
		{"type": "build", "structure": "nowhere", "context": null},
		{"type": "pass", "extra": true},
	]
	var me := hostile.get_player_id()
	for action in forged:
		hostile.send_request({"command": "act", "player_id": me, "action": action})
	await wait_until(func(): return refusals.size() >= forged.size(), "a refusal for each")
	check_equal(_rules.get_objects(), [], "objects in play")
	check_equal(_rules.get_state_hash(), before, "the game")
	check_equal(_rules.save_replay().count("create_token"), 0, "create_token in the replay")
	var taken: Array = []
	_rules.action_completed.connect(
		func(player_id: int, action: Dictionary) -> void: taken.append([player_id, action])
	)
	var scout := {&"type": &"custom", &"kind": &"scout", &"context": Vector2i(2, 3)}
	hostile.send_request({"command": "act", "player_id": me, "action": scout})
	await wait_until(func(): return not taken.is_empty(), "the scout with a position taken")
	check_equal(refusals.size(), forged.size(), "no refusal for it")
	if not taken.is_empty():
		check_equal(taken[0][1]["context"], [2, 3], "its position reached the rules")
	_close_all()


func test_a_refusal_never_echoes_what_was_sent() -> void:
	# Neither the refusal a client gets nor the server's log may carry what it sent: a structure
	# name and a nonce of the client's own, each refused.
	if not _host_game(2, true):
		return
	var refusals: Array[String] = []
	var hostile := await _hostile_in_activation(refusals)
	if hostile == null:
		return
	var me := hostile.get_player_id()
	var structure := {"type": "build", "structure": "M".repeat(200), "context": null}
	hostile.send_request({"command": "act", "player_id": me, "action": structure})
	for nonce: String in ["-0".repeat(32), "+f".repeat(32), " f".repeat(32)]:
		hostile.send_request({"command": "entropy", "player_id": me, "nonce": nonce})
	await wait_until(func(): return refusals.size() >= 4, "a refusal for each")
	for reason in refusals:
		for sent: String in ["MMMM", "-0-0", "+f+f", " f f"]:
			check(not sent in reason, "a refusal echoes %s: %s" % [sent, reason])
	_close_all()


func test_a_keep_that_repeats_a_card_is_refused_before_the_rules_see_it() -> void:
	# After two mulligans a client keeps with [0, 0]: two cards to the bottom, one card twice. The
	# server's checks refuse it, as they refuse an index out of range: the rules would have taken
	# it for the server's own misuse, an error in its log for what a client wrote.
	if not _host_game(2):
		return
	_host.turn_deadline = 0.0
	_autoplay(_client("honest"))
	var hostile := _client("hostile")
	var refusals: Array[String] = []
	hostile.request_refused.connect(refusals.append)
	var bottoms := func() -> int:
		return _rules.get_player_state(hostile.get_player_id()).get("cards_to_bottom", 0)
	for mulligans in [1, 2]:
		await wait_until(func(): return hostile.get_decision() == "mulligan", "the mulligan")
		hostile.request_mulligan()
		await wait_until(func(): return bottoms.call() == mulligans, "mulligan %d" % mulligans)
	await wait_until(func(): return hostile.get_decision() == "mulligan", "the keep")
	var before := _rules.get_state_hash()
	hostile.send_request(
		{"command": "keep", "player_id": hostile.get_player_id(), "bottom": [0, 0]}
	)
	await wait_until(func(): return not refusals.is_empty(), "the refusal")
	check(not refusals.is_empty() and "distinct" in refusals[0], "refused: %s" % [refusals])
	check_equal(_rules.get_state_hash(), before, "the game")
	_close_all()


func test_a_session_outside_the_tree_neither_hosts_nor_joins_and_changes_nothing() -> void:
	# It talks through the tree's multiplayer API: outside the tree host_game was a script error
	# that returned OK, after rekeying the game.
	var rules := GameRules.new()
	rules.setup(StarterGame.players(2), StarterGame.config({"round_limit": 1}))
	var before := rules.get_state_hash()
	var session := RulesSession.new()
	var hosted: Variant = expect_error(
		func() -> Error: return session.host_game(rules, 0, "127.0.0.1"), "scene tree first"
	)
	check_equal(hosted, ERR_UNCONFIGURED, "host_game")
	check_equal(rules.get_state_hash(), before, "the game, not rekeyed")
	var joined: Variant = expect_error(
		func() -> Error: return session.join_game("127.0.0.1", 1, "Ada"), "scene tree first"
	)
	check_equal(joined, ERR_UNCONFIGURED, "join_game")
	check(not session.is_host() and session.get_player_id() < 0, "neither host nor seated")
	session.close()  # Out of the tree: a script error, and the guest of a join_table stayed.
	expect_error(func() -> void: session.join_table("Ada"), "scene tree first")
	check_equal(session.get_rejoin_token(), "", "no guest")
	var server := RulesServer.new()
	server.table_setup = func(_options: Dictionary) -> GameRules: return null
	for call: Callable in [
		server.host_server.bind(0), server.connect_to_server.bind("127.0.0.1", 1)
	]:
		check_equal(expect_error(call, "scene tree first"), ERR_UNCONFIGURED, str(call))
	server.close()
	add_child(server)
	check_equal(server.get_tables(), {}, "a server that did not host has no tables")
	server.free()
	session.free()
	rules.free()


func test_counts_a_server_cannot_use_are_refused_with_an_error() -> void:
	# A script could set max_tables_per_peer to -3 (every join refused with "a peer joins at most
	# -3 tables"), tables_per_address to 0, and a health interval of 0 s that no timer takes: the
	# inspector's ranges bind only the inspector.
	var server := RulesServer.new()
	var odd_counts := {
		"max_tables": [0, 100001],
		"max_tables_per_peer": [-3, 0, 65],
		"max_spectators_per_table": [-1, 10001],
		"tables_per_address": [0, -5],
		"archive_max_age_days": [-1, 3651],
	}
	for property: String in odd_counts:
		for odd: int in odd_counts[property]:
			var kept: int = server.get(property)
			expect_error(server.set.bind(property, odd), "RulesServer.%s" % property)
			check_equal(server.get(property), kept, "%s kept for %d" % [property, odd])
	server.max_tables_per_peer = 64
	server.max_spectators_per_table = 0
	server.archive_max_age_days = 0
	check_equal(
		[server.max_tables_per_peer, server.max_spectators_per_table, server.archive_max_age_days],
		[64, 0, 0],
		"the ends of each range are taken"
	)
	server.free()
	var agones := AgonesSdk.new()
	for odd: float in [0.0, 0.4, -1.0, 61.0, NAN, INF]:
		expect_error(agones.set.bind("health_interval_sec", odd), "AgonesSdk.health_interval_sec")
		check_equal(agones.health_interval_sec, 2.0, "interval kept for %s" % odd)
	agones.health_interval_sec = 0.5
	check_equal(agones.health_interval_sec, 0.5, "the least interval is taken")
	agones.free()


func test_settings_and_calls_a_session_or_server_cannot_use_are_refused_with_an_error() -> void:
	# INF seconds made every deadline long past (a game of nobody passed through in 125 ms, a
	# dropped player eliminated at once), NAN meant no limit; INF rates left the lobby deaf; a bad
	# bind address listened on every interface; a second host_game cut the first game's clients
	# off; a table_setup of no argument was a script error at every create_table.
	var session := RulesSession.new()
	for property in ["turn_deadline", "reconnect_timeout"]:
		for odd: float in [INF, NAN, -1.0, 1e300]:
			var kept: float = session.get(property)
			expect_error(session.set.bind(property, odd), "RulesSession.%s" % property)
			check_equal(session.get(property), kept, "%s kept for %s" % [property, odd])
	var server := RulesServer.new()
	for property in ["messages_per_sec", "bytes_per_sec", "reconnect_timeout", "unclaimed_timeout"]:
		for odd: float in [INF, NAN, -1.0]:
			var kept: float = server.get(property)
			expect_error(server.set.bind(property, odd), "RulesServer.%s" % property)
			check_equal(server.get(property), kept, "%s kept for %s" % [property, odd])
	add_child(session)
	add_child(server)
	var rules := GameRules.new()
	rules.setup(StarterGame.players(2), StarterGame.config({"round_limit": 1}))
	for address in ["127.0.0.300", "localhost", "10.0.0.5 "]:
		var hosted: Variant = expect_error(session.host_game.bind(rules, 0, address), "IP address")
		check_equal(hosted, ERR_INVALID_PARAMETER, address)
	var port := Loopback.take(
		func(p: int) -> Error: return session.host_game(rules, p, "127.0.0.1")
	)
	check(port > 0, "hosted")
	var again: Variant = expect_error(session.host_game.bind(rules, 0), "already hosts")
	check_equal(again, ERR_ALREADY_IN_USE, "a second host_game")
	var joined: Variant = expect_error(
		session.join_game.bind("127.0.0.1", port, "Ada"), "hosts a game"
	)
	check_equal(joined, ERR_ALREADY_IN_USE, "a host joining")
	expect_error(session.request_keep, "has not joined")
	server.table_setup = func() -> GameRules: return null
	check_equal(expect_error(server.host_server.bind(0), "one argument"), ERR_INVALID_PARAMETER, "")
	# Closed from outside the tree (a parent's _exit_tree()): the port is free again.
	remove_child(session)
	session.close()
	add_child(session)
	check_equal(session.host_game(rules, port, "127.0.0.1"), OK, "the same port, hosted again")
	session.close()
	session.free()
	server.free()
	rules.free()


func test_joining_again_on_the_same_session_takes_the_seat_back_with_its_handlers_once() -> void:
	# README's rejoin, on the node that lost its connection: its handlers were connected again
	# (engine errors), and the first join's guest answered the new connection too.
	if not _host_game(2):
		return
	_host.turn_deadline = 0.0
	_autoplay(_client("honest"))
	var back := _client("back")
	await wait_until(func(): return back.get_rejoin_token() != "", "a seat")
	var seat := back.get_player_id()
	var token := back.get_rejoin_token()
	_leave(back)
	await wait_until(
		func():
			return (
				back.multiplayer.multiplayer_peer == null
				or (
					back.multiplayer.multiplayer_peer.get_connection_status()
					== MultiplayerPeer.CONNECTION_DISCONNECTED
				)
			),
		"the connection closed"
	)
	check_equal(back.join_game("127.0.0.1", _port, "back", token), OK, "join_game again")
	await wait_until(func(): return back.get_player_id() == seat, "the same seat back")
	for name in ["connected_to_server", "connection_failed", "server_disconnected"]:
		check_equal(back.multiplayer.get_signal_connection_list(name).size(), 1, name)
	_close_all()


func test_a_second_join_while_connecting_or_seated_is_refused_and_keeps_the_seat() -> void:
	# README: "a session hosts or joins one game at a time". A second join_game returned OK,
	# dropped the seat (the host saw the client leave) and moved the session to the new address.
	if not _host_game(2):
		return
	var ada := _client("Ada")
	var peer := ada.multiplayer.multiplayer_peer
	var connecting: Variant = expect_error(
		ada.join_game.bind("127.0.0.1", _port, "Ada"), "still connected"
	)
	check_equal(connecting, ERR_ALREADY_IN_USE, "a join while connecting")
	await wait_until(func(): return ada.get_rejoin_token() != "", "a seat")
	var token := ada.get_rejoin_token()
	var seated: Variant = expect_error(
		ada.join_game.bind("127.0.0.1", _port + 1, "Bob", token), "still connected"
	)
	check_equal(seated, ERR_ALREADY_IN_USE, "a join while seated")
	check(ada.multiplayer.multiplayer_peer == peer, "the connection kept")
	await get_tree().create_timer(0.3).timeout
	check_equal(
		peer.get_connection_status(), MultiplayerPeer.CONNECTION_CONNECTED, "still connected"
	)
	check_equal(ada.get_rejoin_token(), token, "the seat kept")
	_close_all()


func test_a_seat_whose_nonce_does_not_come_in_time_gets_the_public_deadline_nonce() -> void:
	# It came from the game's bot stream, which a client cannot tell from a nonce swapped for its
	# own: one whose nonce crossed the server's on the way failed an honest round.
	if not _host_game(2, true):
		return
	_host.turn_deadline = 0.5
	var late: Array[int] = []
	_host.nonce_timed_out.connect(late.append)
	_autoplay(_client("honest"))
	var silent := _client("silent")
	silent.auto_entropy = false
	silent.snapshot_received.connect(_keep_only.bind(silent).unbind(1))
	if not await wait_until(func(): return not late.is_empty(), "the nonce's deadline"):
		_close_all()
		return
	var logged := _rules.get_events_since(0).filter(
		func(event: Dictionary) -> bool:
			return event["type"] == "entropy_added" and event["player"] == late[0]
	)
	check_equal(
		logged.map(func(event: Dictionary) -> String: return event["nonce"]),
		[RulesSession.DEADLINE_NONCE],
		"the nonce logged for the late seat"
	)
	_close_all()


func test_hosting_that_cannot_listen_changes_nothing_and_freed_rules_stop_the_host() -> void:
	# A busy port: host_game() left the game rekeyed, host_server() resumed and later archived
	# the journaled tables though nobody could connect. No rules: host_game() said OK. Rules
	# freed while hosted: an error every frame, for ever.
	_close_all()
	var setup := func(options: Dictionary) -> GameRules:
		return StarterGame.rules(1, options["players"], {"round_limit": options["rounds"]})
	var folder := "user://busy_port_%d" % Time.get_ticks_usec()
	var first := RulesServer.new()
	first.journal_folder = folder
	first.table_setup = setup
	Loopback.branch(self, "First", _branches).add_child(first)
	var listening := func(port: int) -> Error: return first.host_server(port, "127.0.0.1")
	check(Loopback.take(listening) != 0, "a server listening")
	check(first.open_table({}) != "", "a table journaled")
	first.close()
	var blocker := ENetMultiplayerPeer.new()
	var busy := Loopback.take(func(port: int) -> Error: return blocker.create_server(port, 4))
	var second := RulesServer.new()
	second.journal_folder = folder
	second.table_setup = setup
	Loopback.branch(self, "Second", _branches).add_child(second)
	check(second.host_server(busy, "127.0.0.1") != OK, "a busy port")
	check_equal(second.get_tables().size(), 0, "no table resumed")
	var rules := StarterGame.rules(5, 2)
	var before := rules.get_state_hash()
	var session := RulesSession.new()
	Loopback.branch(self, "Session", _branches).add_child(session)
	check(session.host_game(rules, busy, "127.0.0.1") != OK, "a busy port")
	check_equal(rules.get_state_hash(), before, "the game not rekeyed")
	check_equal(session.host_game(null, busy), ERR_INVALID_PARAMETER, "no rules to host")
	blocker.close()
	error_log.take()
	check_equal(session.host_game(rules, busy, "127.0.0.1"), OK, "hosted once the port is free")
	error_log.take()  # The warning that a chosen seed gives way to an OS key.
	rules.free()
	for frame in 3:
		await get_tree().process_frame
	check_equal(error_log.take().size(), 1, "the freed rules said once")
	check(not session.is_host(), "and the session stopped")
	_close_all()


func test_a_client_puts_its_reserve_token_in_and_a_second_is_refused() -> void:
	# request_reserve() is in the README, but no client had ever sent it: the host's "reserve"
	# branch went untested over the network.
	var vanguard := {"factions": {"vanguard": {"reserve_tokens": 1}}}
	if not _host_game(2, false, vanguard, "vanguard"):
		return
	var refusals: Array[String] = []
	var hostile := await _hostile_in_activation(refusals)
	if hostile == null:
		return
	var me := hostile.get_player_id()
	var before: int = _rules.get_player_state(me)["tokens_in_bag"]
	hostile.request_reserve()
	var put_in := func() -> bool: return _rules.get_player_state(me)["reserve"] == 0
	if not await wait_until(put_in, "the reserve token put in"):
		return
	check_equal(_rules.get_player_state(me)["tokens_in_bag"], before + 1, "one token more")
	var shown := func() -> bool:
		for player: Dictionary in hostile.get_snapshot().get("players", []):
			if player.get("id") == me:
				return player.get("reserve", 0) == 0  # Left out once none is held back.
		return false
	await wait_until(shown, "the client's snapshot shows none held back")
	var hash := _rules.get_state_hash()
	hostile.request_reserve()
	await wait_until(func(): return not refusals.is_empty(), "the second one refused")
	check(refusals.size() == 1 and "no_reserve" in refusals[0], "why: %s" % [refusals])
	check_equal(_rules.get_state_hash(), hash, "and the game as it was")
	_close_all()


func test_what_the_host_s_script_does_to_the_rules_reaches_every_client() -> void:
	# A hostile-server review: the host's script eliminated a seat and so ended the game, and no
	# client ever heard of it (only a request or a deadline sent updates, and after the end there
	# are none): both stayed in round 1, one of them asked for an activation for ever.
	var sessions := await _two_keeping_in_activation()
	if sessions.is_empty():
		return
	check_equal(_rules.eliminate_player(_rules.get_active_player()), OK, "eliminated")
	check_equal(_rules.get_phase(), GameRules.PHASE_GAME_OVER, "the game over")
	var told := func() -> bool:
		return sessions.all(
			func(s: RulesSession) -> bool:
				return s.get_snapshot().get("phase", {}).get("phase") == "game_over"
		)
	await wait_until(told, "every client told the game is over")
	for session in sessions:
		check_equal(session.get_decision(), "", "nothing to answer")
	_close_all()


func test_a_table_resumed_from_its_journal_waits_for_its_players() -> void:
	# A diff review: the host's tick took every event of a resumed game for news its script had
	# made, and drew the next token at once, with nobody back yet.
	_rules = StarterGame.rules(4, 2, {"round_limit": 2})
	StarterGame.keep_all(_rules)
	check_equal(_rules.get_phase(), GameRules.PHASE_AWAITING_DRAW, "a draw is due")
	_host = RulesSession.new()
	_host.name = "Session"
	Loopback.branch(self, "Host", _branches).add_child(_host)
	_host.add_child(_rules)
	var table := _host.host_table(_rules, null, func(_peer: int, _args: Array) -> bool: return true)
	table.restore_tokens({0: "aa".repeat(16), 1: "bb".repeat(16)})
	var seq := _rules.get_last_event_seq()
	table.tick(Time.get_ticks_msec())
	await get_tree().process_frame
	check_equal(_rules.get_last_event_seq(), seq, "nothing drawn or passed")
	check_equal(_rules.get_phase(), GameRules.PHASE_AWAITING_DRAW, "the game waits")
	_close_all()


func test_connections_that_never_take_a_seat_cannot_keep_a_player_out() -> void:
	# The server took 8 connections: a dozen that never said hello (each back as soon as it was
	# dropped) kept a player out of their seat for good, its activations passed.
	if not _host_game(2):
		return
	var silent := RulesSessionHost.MAX_WAITING + 4
	for index in silent:
		var branch := Loopback.branch(self, "Silent%d" % index, _branches)
		var peer := ENetMultiplayerPeer.new()
		peer.create_client("127.0.0.1", _port)
		get_tree().get_multiplayer(branch.get_path()).multiplayer_peer = peer
	var connected := func() -> bool: return _host.multiplayer.get_peers().size() >= 8
	await wait_until(connected, "the silent connections in")
	var player := _client("player")
	var seated := func() -> bool: return player.get_player_id() >= 0
	await wait_until(seated, "a seat taken beside %d silent connections" % silent)
	var waiting := _host.multiplayer.get_peers().size() - 1
	check(waiting <= RulesSessionHost.MAX_WAITING, "%d connections wait for a seat" % waiting)
	_close_all()


## Hosts a game of [param players] seats (with player entropy if [param entropy], each of
## faction [param faction] of [param overrides]' factions, if given) on a port of
## [code]loopback.gd[/code]; false, with a failure, if it could not listen.
func _host_game(players: int, entropy := false, overrides := {}, faction := "") -> bool:
	_close_all()
	_rules = GameRules.new()
	_rules.player_entropy = entropy
	var seated := StarterGame.players(players)
	if faction != "":
		for player: Dictionary in seated:
			player["faction"] = faction
	overrides["round_limit"] = 3
	check_equal(_rules.setup(seated, StarterGame.config(overrides)), OK, "the game set up")
	_host = RulesSession.new()
	_host.name = "Session"
	_host.add_child(_rules)
	Loopback.branch(self, "Host", _branches).add_child(_host)
	_port = Loopback.take(
		func(port: int) -> Error: return _host.host_game(_rules, port, "127.0.0.1")
	)
	check(_port != 0, "the host could not listen")
	return _port != 0


## A client named [param player_name] joining the host (with [param token], taking a seat back).
func _client(player_name: String, token := "") -> RulesSession:
	var session := RulesSession.new()
	session.name = "Session"
	Loopback.branch(self, "Client%d" % _branches.size(), _branches).add_child(session)
	session.join_game("127.0.0.1", _port, player_name, token)
	return session


## With an honest client playing along, a hostile one (it only keeps its hand) in its
## activation, its refusals collected in [param refusals]; null, with a failure, if it never
## gets there. No deadline, so the activation waits for its requests.
func _hostile_in_activation(refusals: Array[String]) -> RulesSession:
	_host.turn_deadline = 0.0
	_autoplay(_client("honest"))
	var hostile := _client("hostile")
	hostile.snapshot_received.connect(_keep_only.bind(hostile).unbind(1))
	hostile.request_refused.connect(refusals.append)
	var activation := func() -> bool: return hostile.get_decision() == "activation"
	if not await wait_until(activation, "the hostile client's activation"):
		return null
	return hostile


## A 2-seat game with no deadline (and [param reconnect_timeout]) in round 1's first
## activation, its two clients keeping their hands and answering nothing else; empty, all
## closed, with a failure, if it never gets there.
func _two_keeping_in_activation(reconnect_timeout := 30.0) -> Array[RulesSession]:
	if not _host_game(2):
		return []
	_host.turn_deadline = 0.0
	_host.reconnect_timeout = reconnect_timeout
	var sessions: Array[RulesSession] = [_client("first"), _client("second")]
	for session in sessions:
		session.snapshot_received.connect(_keep_only.bind(session).unbind(1))
	var playing := func() -> bool: return _rules.get_phase() == GameRules.PHASE_ACTIVATION
	if not await wait_until(playing, "round 1's first activation"):
		_close_all()
		return []
	return sessions


## Has [param session] keep its hand and pass every activation.
func _autoplay(session: RulesSession) -> void:
	session.snapshot_received.connect(
		func(_snapshot: Dictionary) -> void:
			match session.get_decision():
				"mulligan":
					session.request_keep()
				"activation":
					session.request_action({"type": "pass"})
	)


## Keeps [param session]'s hand when asked, and answers nothing else.
func _keep_only(session: RulesSession) -> void:
	if session.get_decision() == "mulligan":
		session.request_keep()


## Drops [param session]'s connection, as a killed process would.
func _leave(session: RulesSession) -> void:
	session.multiplayer.multiplayer_peer.close()


func _close_all() -> void:
	Loopback.close(get_tree(), _branches)
	_host = null
	_rules = null
