extends TestSuite
## A game server's table journal (RulesTableJournal) and the lobby's option checks
## (RulesServerLobby).

const Loopback := preload("res://net/loopback.gd")


func test_a_journal_reads_back_to_the_same_game_and_tokens() -> void:
	var rules := StarterGame.rules(41, 2)
	check_equal(rules.rekey_from_os(), OK, "rekeyed")
	var journal := RulesTableJournal.create(_fresh_folder(), "ABC234", {"players": 2})
	check(journal != null, "created")
	check_equal(journal.append(rules, {0: "", 1: ""}), OK, "first record")
	StarterGame.keep_all(rules)
	check_equal(journal.append(rules, {0: "a".repeat(32), 1: ""}), OK, "kept")
	check_equal(journal.append(rules, {0: "a".repeat(32), 1: ""}), OK, "nothing new")
	rules.draw_next_token()
	check_equal(journal.append(rules, {0: "a".repeat(32), 1: "b".repeat(32)}), OK, "drawn")
	journal.close()
	var read := RulesTableJournal.open(journal.path)
	check_equal(read.records, 4, "header and three records (nothing new wrote none)")
	check_equal(read.code, "ABC234", "code")
	check_equal(read.note, "", "nothing torn")
	check_equal(read.tokens, {0: "a".repeat(32), 1: "b".repeat(32)}, "tokens")
	var resumed := GameRules.new()
	check_equal(resumed.load_replay(read.replay), OK, "the replay loads")
	check_equal(resumed.get_state_hash(), rules.get_state_hash(), "the same game")
	check_equal(read.state_hash, str(rules.get_state_hash()), "the recorded hash")
	read.close()
	resumed.free()
	rules.free()


func test_a_torn_last_record_is_dropped_and_the_file_mended() -> void:
	var rules := StarterGame.rules(42, 2)
	var journal := RulesTableJournal.create(_fresh_folder(), "TORN22", {})
	journal.append(rules, {})
	var recorded := rules.get_state_hash()
	StarterGame.keep_all(rules)
	journal.append(rules, {})
	journal.close()
	var whole := FileAccess.get_file_as_string(journal.path)
	var lines := whole.split("\n")
	var last := lines[lines.size() - 2]
	# The last record cut in half, as a kill in the middle of its write would leave it.
	var file := FileAccess.open(journal.path, FileAccess.WRITE)
	file.store_string(whole.left(whole.length() - last.length() / 2 - 1))
	file.close()
	var read := RulesTableJournal.open(journal.path)
	check(read.note.contains("torn") and read.note.contains("dropped"), "said: %s" % read.note)
	check_equal(read.records, 2, "the header and the whole record")
	check_equal(read.state_hash, str(recorded), "the state before the torn record")
	check(FileAccess.get_file_as_string(journal.path).ends_with("\n"), "the file is mended")
	check_equal(read.append(rules, {}), OK, "appends again")
	read.close()
	var again := RulesTableJournal.open(journal.path)
	check_equal([again.note, again.state_hash], ["", str(rules.get_state_hash())], "read again")
	again.close()
	rules.free()


func test_a_damaged_record_before_the_last_refuses_the_journal() -> void:
	var rules := StarterGame.rules(43, 2)
	var journal := RulesTableJournal.create(_fresh_folder(), "BAD234", {})
	journal.append(rules, {})
	StarterGame.keep_all(rules)
	journal.append(rules, {})
	journal.close()
	var text := FileAccess.get_file_as_string(journal.path)
	var file := FileAccess.open(journal.path, FileAccess.WRITE)
	file.store_string(text.replace('"n":1', '"n":7'))
	file.close()
	var read: Variant = expect_error(
		RulesTableJournal.open.bind(journal.path), "record 1 is damaged"
	)
	check_equal(read, null, "refused")
	rules.free()


func test_a_record_not_numbered_by_its_place_is_damage_even_when_last() -> void:
	# A record whose "n" was an Array, null or a Dictionary raised a script error in open(); a
	# whole last record (its checksum right) out of order was called torn and cut from the file.
	var rules := StarterGame.rules(45, 2)
	var replay := rules.save_replay()
	var folder := _fresh_folder()
	var path := folder.path_join("NUMB22.journal")
	var header := {"n": 0, "table": "NUMB22", "options": {}}
	var record := {"n": 1, "keep": 0, "tail": replay, "hash": str(rules.get_state_hash())}
	for bad: Variant in [[0], null, {}, "1", 1.5, true]:
		var at_header := header.duplicate()
		at_header["n"] = bad
		_write_records(path, [at_header])
		check_equal(
			expect_error(RulesTableJournal.open.bind(path), "record 0 is damaged"),
			null,
			"header numbered %s" % var_to_str(bad)
		)
		var later := record.duplicate()
		later["n"] = bad
		_write_records(path, [header, later, record])
		check_equal(
			expect_error(RulesTableJournal.open.bind(path), "record 1 is damaged"),
			null,
			"record numbered %s" % var_to_str(bad)
		)
	var out_of_order := record.duplicate()
	out_of_order["n"] = 9
	_write_records(path, [header, record, out_of_order])
	var before := FileAccess.get_file_as_string(path)
	check_equal(
		expect_error(RulesTableJournal.open.bind(path), "record 2 is damaged"),
		null,
		"a whole last record out of order"
	)
	check_equal(FileAccess.get_file_as_string(path), before, "and the file kept as it was")
	rules.free()


func test_a_journal_whose_header_names_another_table_is_refused() -> void:
	# Two copies of one journal under other names resumed as two tables of one code: one the
	# lobby never ticked, the other renamed by the engine where no client could reach it.
	var rules := StarterGame.rules(46, 2)
	var folder := _fresh_folder()
	var path := folder.path_join("COPY22.journal")
	var header := {"n": 0, "table": "SAME22", "options": {}}
	var record := {"n": 1, "keep": 0, "tail": rules.save_replay(), "hash": "0"}
	_write_records(path, [header, record])
	check_equal(
		expect_error(RulesTableJournal.open.bind(path), "its header names table SAME22"),
		null,
		"refused"
	)
	rules.free()


func test_resuming_refuses_codes_that_are_not_codes_and_removes_header_only_journals() -> void:
	# A journal of only its header (the server stopped while opening the table) logged an error
	# at every start, for ever; a table coded "AB@CD" resumed where no client could join it.
	var folder := OS.get_user_data_dir().path_join("journal_resume_%d" % Time.get_ticks_usec())
	DirAccess.make_dir_recursive_absolute(folder)
	_write_records(folder.path_join("HEAD22.journal"), [{"n": 0, "table": "HEAD22"}])
	# Killed before its header was whole: an empty file, a header cut off. Each logged "has no
	# header" at every start and stayed.
	FileAccess.open(folder.path_join("EMPTY2.journal"), FileAccess.WRITE).close()
	var cut := FileAccess.open(folder.path_join("CUT222.journal"), FileAccess.WRITE)
	cut.store_string('0123456789abcdef {"n": 0, "tab')
	cut.close()
	# Whole lines that are no header, or a name that is no code: damage, left alone with an
	# error (not taken for a table that never opened, and removed).
	for other: String in ["ABCDEF", "notes"]:
		var damaged := FileAccess.open(folder.path_join(other + ".journal"), FileAccess.WRITE)
		damaged.store_string("this is not a journal at all\n")
		damaged.close()
	var rules := StarterGame.rules(47, 2)
	var tail := rules.save_replay()
	var hashed := str(rules.get_state_hash())
	rules.free()
	for code in ["AB@CD", "OOOO00", "ABCD2345"]:
		_write_records(
			folder.path_join(code + ".journal"),
			[
				{"n": 0, "table": code, "options": {"players": 2}},
				{"n": 1, "keep": 0, "tail": tail, "hash": hashed},
			]
		)
	var server := RulesServer.new()
	server.journal_folder = folder
	server.table_setup = func(options: Dictionary) -> GameRules:
		return StarterGame.rules(47, options["players"])
	var branches: Array[Node] = []
	Loopback.branch(self, "Resume", branches).add_child(server)
	var errors: Array[String] = []
	var listening := func(port: int) -> Error:
		var hosted := server.host_server(port, "127.0.0.1")
		errors.append_array(error_log.take())
		return hosted
	check(Loopback.take(listening) != 0, "listening")
	check_equal(server.get_tables().size(), 0, "no table resumed")
	check_equal(errors.size(), 5, "one error for each code and each damaged file: %s" % [errors])
	var codes := errors.filter(func(error: String) -> bool: return "is not a table code" in error)
	check_equal(codes.size(), 3, "each bad code said: %s" % [errors])
	for other: String in ["ABCDEF", "notes"]:
		var kept := folder.path_join(other + ".journal")
		check(FileAccess.file_exists(kept), "%s: damaged, left alone" % other)
	for unopened in ["HEAD22", "EMPTY2", "CUT222"]:
		var journal := folder.path_join(unopened + ".journal")
		check(not FileAccess.file_exists(journal), "%s, never opened: removed" % unopened)
	check(FileAccess.file_exists(folder.path_join("AB@CD.journal")), "a bad code: left alone")
	server.close()
	Loopback.close(get_tree(), branches)


func test_hosting_refuses_a_journal_folder_nothing_can_be_written_to() -> void:
	# host_server listened and said OK; every table opened after failed with an engine error.
	var user := OS.get_user_data_dir()
	var file := user.path_join("journal_is_a_file")
	FileAccess.open(file, FileAccess.WRITE).close()
	# A link to nowhere and a name too long for a file system: the folder cannot be made.
	var dangling := user.path_join("journal_dangling")
	DirAccess.remove_absolute(dangling)
	DirAccess.open(user).create_link(user.path_join("no_such/deeper"), dangling)
	# Made part of the way, the folders made must go again.
	var deep := user.path_join("journal_deep_%d" % Time.get_ticks_usec())
	var unwritable: Array[String] = [
		file.path_join("journal"),
		"/proc/self/no_such/journal",
		dangling,
		user.path_join("j".repeat(300)),
		deep.path_join("sub").path_join("j".repeat(300)),
	]
	for folder in unwritable:
		var server := RulesServer.new()
		server.journal_folder = folder
		server.table_setup = func(options: Dictionary) -> GameRules:
			return StarterGame.rules(47, options["players"])
		var branches: Array[Node] = []
		Loopback.branch(self, "Unwritable", branches).add_child(server)
		var port := Loopback.take(func(_free: int) -> Error: return OK)
		var hosted: Variant = expect_error(server.host_server.bind(port, "127.0.0.1"), folder)
		check_equal(hosted, ERR_FILE_CANT_WRITE, "refused: %s" % folder)
		check(server.multiplayer.multiplayer_peer is OfflineMultiplayerPeer, "not listening")
		check(not DirAccess.dir_exists_absolute(folder), "nothing made")
		Loopback.close(get_tree(), branches)
	DirAccess.remove_absolute(file)
	DirAccess.remove_absolute(dangling)
	check(not DirAccess.dir_exists_absolute(deep), "nothing left of a folder made part-way")
	var fresh := user.path_join("journal_new_%d" % Time.get_ticks_usec())
	check_equal(
		RulesTableJournal.folder_problem(fresh.path_join("a/b")), "", "a folder yet to be made"
	)
	check(not DirAccess.dir_exists_absolute(fresh), "asking made nothing")


func test_a_finished_table_is_archived_gzipped_and_pruned_by_age() -> void:
	var rules := StarterGame.rules(44, 2)
	StarterGame.keep_all(rules)
	rules.draw_next_token()
	var folder := _fresh_folder()
	var journal := RulesTableJournal.create(folder, "DONE22", {})
	journal.append(rules, {})
	var archive := journal.archive()
	check_equal(archive, folder.path_join("DONE22.replay.gz"), "archived")
	check(not FileAccess.file_exists(journal.path), "the journal is gone")
	var packed := FileAccess.get_file_as_bytes(archive)
	var text := packed.decompress_dynamic(-1, FileAccess.COMPRESSION_GZIP).get_string_from_utf8()
	check_equal(text, rules.save_replay(), "the replay, gzipped")
	check_equal([packed[0], packed[1]], [0x1f, 0x8b], "a gzip file")
	var now := Time.get_unix_time_from_system()
	check_equal(RulesTableJournal.prune(folder, 3600.0, now), 0, "a fresh archive stays")
	check_equal(RulesTableJournal.prune(folder, 3600.0, now + 7200.0), 1, "an old one goes")
	check(not FileAccess.file_exists(archive), "removed")
	rules.free()


func test_table_options_are_checked_and_filled_in() -> void:
	var defaults := RulesServerLobby.check_options({})
	check_equal(defaults["players"], 2, "default seats")
	check_equal(defaults["deadline"], RulesSession.DEFAULT_TURN_DEADLINE, "default deadline")
	var given := RulesServerLobby.check_options({"players": 3.0, "rounds": 5, "deadline": 4})
	check_equal([given["players"], given["rounds"], given["deadline"]], [3, 5, 4.0], "converted")
	for bad: Variant in [
		{"players": 99},
		{"players": 1},
		{"players": "3"},
		{"seed": 7},
		{3: 3},
		{"rounds": NAN},
		[],
		"players",
		null,
	]:
		check_equal(RulesServerLobby.check_options(bad), {}, "refused: %s" % var_to_str(bad))


## An empty folder of user:// for one test's journals (the last test's are removed).
func _fresh_folder() -> String:
	var folder := OS.get_user_data_dir().path_join("journal_test")
	DirAccess.make_dir_recursive_absolute(folder)
	for file in DirAccess.get_files_at(folder):
		DirAccess.remove_absolute(folder.path_join(file))
	return folder


## Writes [param records] as a journal at [param path], each line with its right checksum.
func _write_records(path: String, records: Array) -> void:
	var file := FileAccess.open(path, FileAccess.WRITE)
	for record: Dictionary in records:
		var payload := JSON.stringify(record)
		var checksum := payload.sha256_text().left(RulesTableJournal.CHECKSUM_LENGTH)
		file.store_string("%s %s\n" % [checksum, payload])
	file.close()
